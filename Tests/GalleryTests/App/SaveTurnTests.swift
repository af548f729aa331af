import Foundation
import GalleryCore
import GalleryTesting
import Support
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// Ctrl+S: the view's turn written into the file's EXIF orientation tag, losslessly, through a new file renamed
    /// over the old; refusals leave the file as it was.
    @Suite struct SaveTurnTests {
        let folder: TemporaryDirectory

        init() throws {
            try SDLTestSession.start()
            folder = try TemporaryDirectory()
        }

        enum Format: String, CaseIterable, Sendable { case jpeg = "jpg", png, webp }

        /// A file of `format` stating orientation `value` (1…8).
        func photo(_ format: Format, orientation value: Int, name: String = "photo") throws -> String {
            let bytes: [UInt8]
            switch format {
            case .jpeg:
                bytes = JPEGFixture.rgb(width: 64, height: 48, orientation: value) { x, _ in
                    x < 32 ? RGBA(r: 255, g: 0, b: 0, a: 255) : RGBA(r: 0, g: 0, b: 255, a: 255)
                }
            case .png:
                bytes = OrientationMetadataTests.png(
                    .up, chunks: [("eXIf", PNGExifAndWidePNMTests.exif(orientation: value))])
            case .webp:
                let source = try folder.write(
                    EncodedFixture.ppm(width: 8, height: 6) { x, _ in RGBA(r: UInt8(x * 30), g: 0, b: 0) },
                    to: "\(name)-source.ppm")
                let simple = folder.path("\(name)-simple.webp")
                try #require(EncodedFixture.run(["convert", source, "-define", "webp:lossless=true", simple]))
                bytes = try OrientationMetadataTests.webp(
                    wrapping: Array(try #require(FileManager.default.contents(atPath: simple))),
                    size: PixelSize(width: 8, height: 6), exif: PNGExifAndWidePNMTests.exif(orientation: value))
            }
            let path = try folder.write(bytes, to: "\(name).\(format.rawValue)")
            #expect(chmod(path, 0o640) == 0)
            return path
        }

        static func bytes(_ path: String) throws -> [UInt8] {
            Array(try #require(FileManager.default.contents(atPath: path)))
        }

        /// The orientation the project's readers find.
        static func orientation(_ format: Format, _ bytes: [UInt8]) -> ExifOrientation {
            bytes.withUnsafeBytes { buffer in
                switch format {
                case .jpeg: ExifOrientation.read(jpeg: buffer)
                case .png: ExifOrientation.read(png: buffer)
                case .webp: ExifOrientation.read(webp: buffer)
                }
            }
        }

        /// ImageMagick's reading of the file's orientation ("RightTop" for 6), nil when it has none to give.
        static func identify(_ path: String) -> String? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/identify")
            process.arguments = ["-format", "%[orientation]", path]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            process.waitUntilExit()
            return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }

        @Test(arguments: Format.allCases)
        func aTurnIsWrittenIntoTheTagAloneAndReadBack(format: Format) throws {
            let path = try photo(format, orientation: 1)
            let before = try Self.bytes(path)
            var old = stat()
            #expect(stat(path, &old) == 0)
            Thread.sleep(forTimeInterval: 0.01)
            // A quarter turn clockwise (>) on an upright photo: EXIF 6.
            let saved = TurnSaving.save(ViewOrientation(quarterTurns: 1, mirrored: false), into: path)
            #expect(saved == .success(TurnSaving.Saved(before: 1, after: 6)))
            let after = try Self.bytes(path)
            #expect(after.count == before.count)
            let tag = try ExifOrientationTag.find(in: before).get()
            var allowed: Set<Int> = [tag.valueOffset, tag.valueOffset + 1]
            if let (_, end) = tag.checksummed { allowed.formUnion(end..<(end + 4)) }  // the eXIf chunk's CRC
            let changed = Set(before.indices.filter { before[$0] != after[$0] })
            #expect(changed.isSubset(of: allowed) && changed.contains(tag.valueOffset + (tag.bigEndian ? 1 : 0)))
            #expect(Self.orientation(format, after) == .rotatedClockwise)
            // ImageMagick 6 reads a JPEG's orientation, not a PNG's eXIf or a WebP's EXIF chunk ("Undefined").
            if format == .jpeg { #expect(Self.identify(path) == "RightTop") }
            var new = stat()
            #expect(stat(path, &new) == 0)
            #expect(new.st_mode & 0o7777 == 0o640 && new.st_uid == old.st_uid && new.st_gid == old.st_gid)
            #expect(
                new.st_mtim.tv_sec > old.st_mtim.tv_sec
                    || (new.st_mtim.tv_sec == old.st_mtim.tv_sec && new.st_mtim.tv_nsec > old.st_mtim.tv_nsec))
            // Nothing left beside it.
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            #expect(!names.contains { $0.contains(".gallery-") })
        }

        struct Composition: Sendable, CustomTestStringConvertible {
            let stored: Int
            let turn: ViewOrientation
            let saved: Int
            var testDescription: String { "\(stored) then \(turn.quarterTurns)q\(turn.mirrored ? " mirrored" : "")" }
        }

        /// The view's turn goes after the file's own: 6 (stored turned a quarter) turned back (<) is 1; mirrored
        /// (|) is 7, transverse; a half turn on 8 is 6.
        @Test(arguments: [
            Composition(stored: 6, turn: ViewOrientation(quarterTurns: 3, mirrored: false), saved: 1),
            Composition(stored: 1, turn: ViewOrientation(quarterTurns: 0, mirrored: true), saved: 2),
            Composition(stored: 6, turn: ViewOrientation(quarterTurns: 0, mirrored: true), saved: 5),
            Composition(stored: 8, turn: ViewOrientation(quarterTurns: 2, mirrored: false), saved: 6),
            Composition(stored: 3, turn: ViewOrientation(quarterTurns: 1, mirrored: false), saved: 8),
        ])
        func theSavedOrientationShowsThePhotoAsTheViewDid(example: Composition) throws {
            let path = try photo(.jpeg, orientation: example.stored)
            let shownBefore = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 64, height: 64))
            let saved = TurnSaving.save(example.turn, into: path)
            #expect(saved == .success(TurnSaving.Saved(before: example.stored, after: example.saved)))
            let shownAfter = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 64, height: 64))
            // What the view showed: the old picture turned by the view; the new one is shown so with no turn.
            let before = shownBefore.pixels
            let (width, height) = example.turn.shown(width: before.width, height: before.height)
            #expect(shownAfter.pixels.size == PixelSize(width: width, height: height))
            for (x, y) in [(2, 2), (before.width - 3, before.height - 3)] {
                let point = example.turn.shownPoint(x: x, y: y, width: before.width, height: before.height)
                let a = before.rgba(x: x, y: y)
                let b = shownAfter.pixels.rgba(x: point.x, y: point.y)
                #expect(abs(Int(a.r) - Int(b.r)) < 40 && abs(Int(a.b) - Int(b.b)) < 40, "(\(x), \(y))")
            }
        }

        struct Refusal: Sendable, CustomTestStringConvertible {
            let name: String
            let make: @Sendable (SaveTurnTests) throws -> String
            let refusal: TurnSavingRefusal
            var testDescription: String { name }
        }

        static let refusals = [
            Refusal(
                name: "read-only",
                make: { tests in
                    let path = try tests.photo(.jpeg, orientation: 1, name: "read-only")
                    chmod(path, 0o444)
                    return path
                }, refusal: .file("it is read-only")),
            Refusal(
                name: "no orientation tag (a PNG without eXIf)",
                make: { tests in
                    try tests.folder.write(OrientationMetadataTests.png(.up, chunks: []), to: "plain.png")
                }, refusal: .noTag),
            Refusal(
                name: "IFD0 past the EXIF data",
                make: { tests in
                    var bytes = try Self.bytes(try tests.photo(.jpeg, orientation: 1, name: "past"))
                    let tag = try ExifOrientationTag.find(in: bytes).get()
                    // The TIFF header's IFD0 offset: the Exif APP1 starts "Exif\0\0MM\0*" 8 bytes before IFD0.
                    let header = try #require(
                        (0..<tag.valueOffset).last { bytes[$0...].starts(with: [0x4D, 0x4D, 0, 0x2A]) })
                    bytes[header + 4] = 0x7F
                    return try tests.folder.write(bytes, to: "past.jpg")
                }, refusal: .damaged),
            Refusal(
                name: "cut inside the EXIF segment",
                make: { tests in
                    let bytes = try Self.bytes(try tests.photo(.jpeg, orientation: 1, name: "cut"))
                    let tag = try ExifOrientationTag.find(in: bytes).get()
                    return try tests.folder.write(Array(bytes[..<(tag.valueOffset - 4)]), to: "cut.jpg")
                }, refusal: .damaged),
            Refusal(
                name: "an orientation of 9",
                make: { tests in try tests.photo(.webp, orientation: 9, name: "nine") }, refusal: .invalidValue(9)),
            Refusal(
                name: "a HEIF",
                make: { tests in
                    try tests.folder.write(
                        [0, 0, 0, 24] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 12),
                        to: "x.heic")
                }, refusal: .format),
        ]

        @Test(arguments: refusals)
        func aFileThatCannotTakeTheTurnLosslesslyIsRefusedAndUntouched(example: Refusal) throws {
            let path = try example.make(self)
            let before = try Self.bytes(path)
            var old = stat()
            #expect(stat(path, &old) == 0)
            #expect(
                TurnSaving.save(ViewOrientation(quarterTurns: 1, mirrored: false), into: path)
                    == .failure(example.refusal))
            #expect(try Self.bytes(path) == before)
            var new = stat()
            #expect(stat(path, &new) == 0)
            #expect(new.st_ino == old.st_ino && new.st_mtim.tv_nsec == old.st_mtim.tv_nsec)
        }

        @Test("> then Ctrl+S in the gallery: the file states the turn, the view is upright again and shows it turned")
        func ctrlSSavesTheViewsTurn() throws {
            let path = try photo(.jpeg, orientation: 1)
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.3, ">"), ScriptLine.key(0.6, "Ctrl+S"), ScriptLine.shot(1.5, "saved.png")],
                arguments: [path], size: "320x240")
            #expect(run.status == 0, "\(run.standardError)")
            #expect(Self.orientation(.jpeg, try Self.bytes(path)) == .rotatedClockwise)
            // Turned: the left (red) half of the stored photo is now the top; the view's turn was reset, not doubled.
            let shot = try HeadlessEndToEndTests.load(run.shot("saved.png"))
            let top = shot.pixel(x: 160, y: 80), bottom = shot.pixel(x: 160, y: 160)
            #expect(top.r > 200 && top.b < 60 && bottom.b > 200 && bottom.r < 60, "\(top) \(bottom)")
        }
    }
}
