import DecoderProcess
import Foundation
import GalleryCore
import GalleryCoreTesting
import GalleryTesting
import ImageLoader
import Support
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// Decoder bombs (small files promising huge pictures) decoded in sandboxed processes: the limit the kernel
    /// enforces stops the decoder, the tile names why, and the next photo shows.
    @Suite struct DecoderBombTests {
        struct Bomb: Sendable, CustomTestStringConvertible {
            let name: String
            let bytes: @Sendable () throws -> [UInt8]
            /// The error tiles acceptable for it; nil: it may decode (the GIF does, its frames clipped to the screen).
            let tiles: [String]?
            var testDescription: String { name }
        }

        static let bombs = [
            // Refused from the size they state, before a byte is inflated: the decoder has no room for their copies
            // (`AddressSpace`; the PNG inflated 300 MB for a second, 2.8 s on a busy machine, before its copy met the limit).
            Bomb(name: "flat-9999.png", bytes: { BombFixture.flatPNG() }, tiles: [tooLarge]),
            Bomb(name: "huge-frames.gif", bytes: { BombFixture.hugeFrameGIF() }, tiles: nil),
            Bomb(name: "doubled-tags.tif", bytes: { BombFixture.doubledTagTIFF() }, tiles: ["over the memory limit"]),
            Bomb(
                name: "progressive-16000x12000.jpg", bytes: { BombFixture.progressiveJPEG() },
                tiles: ["over the memory limit"]),
            Bomb(name: "canvas-10000.webp", bytes: { BombFixture.canvasWebP() }, tiles: [tooLarge]),
            // 1000 × 1000 stated: 1.2 s (`DecodeDeadline`), against 16,129 tile decodes.
            Bomb(name: "shared-tiles.heic", bytes: { try sharedTileGrid() }, tiles: ["took longer than 1.2 s"]),
            // librsvg's own limits (libxml2's entity loop check, 256 levels of nesting) refuse these as damaged.
            Bomb(name: "billion-laughs.svg", bytes: { SVGFixture.billionLaughs }, tiles: [svgUnreadable]),
            Bomb(name: "deep-nesting.svg", bytes: { SVGFixture.deepNesting }, tiles: [svgUnreadable]),
            // Drawn at the box's size whatever it states; references outside the document are never loaded.
            Bomb(name: "huge-size.svg", bytes: { SVGFixture.hugeSize }, tiles: nil),
            Bomb(name: "external.svg", bytes: { SVGFixture.externalReferences }, tiles: nil),
        ]

        /// The start of the tile of a picture refused from the size its header states.
        static let tooLarge = "image too large to show"

        /// The start of an unreadable SVG's tile (librsvg's parser's message follows).
        static let svgUnreadable = "corrupt or truncated SVG (librsvg: the document cannot be read: XML parse error"

        /// The HEIF grid bomb around a 64 × 64 HEVC tile `heif-enc` makes now.
        static func sharedTileGrid() throws -> [UInt8] {
            let folder = try TemporaryDirectory()
            let jpeg = try folder.write(
                JPEGFixture.rgb(width: 64, height: 64) { _, _ in RGBA(r: 64, g: 128, b: 192, a: 255) }, to: "tile.jpg")
            let heic = folder.path("tile.heic")
            try #require(EncodedFixture.encode(jpeg, with: .heic, to: heic), "heif-enc (libheif-examples) is needed")
            let tile = try [UInt8](Data(contentsOf: URL(fileURLWithPath: heic)))
            return try #require(BombFixture.sharedTileHEIFGrid(tileHEIC: tile))
        }

        init() throws {
            _ = try SDLTestSession.start()
        }

        @Test(arguments: bombs)
        func aBombIsATileWithinTwoSecondsAndTheNextPhotoDecodes(bomb: Bomb) throws {
            let folder = try TemporaryDirectory()
            let path = try folder.write(bomb.bytes(), to: bomb.name)
            let next = try DecoderPoolTests.photos(1, in: folder)[0]
            let pool = ProcessDecoding.makePool(options: ImageOptions(), processCount: 1)
            defer { pool.shutdown() }
            let started = MonotonicClock.seconds()
            let outcome = DecoderPoolTests.decode(path, pool: pool)
            let seconds = MonotonicClock.seconds() - started
            #expect(seconds < 2, "\(seconds) s")
            switch outcome {
            case .success(let surface):
                #expect(bomb.tiles == nil, "decoded at \(surface.size)")
            case .failure(let failure):
                if let tiles = bomb.tiles {
                    #expect(tiles.contains { failure.reason.message.hasPrefix($0) }, "\(failure)")
                } else {
                    #expect(failure.reason.message != "decoder crashed", "\(failure)")
                }
            }
            #expect(throws: Never.self) { try DecoderPoolTests.decode(next, pool: pool).get() }
        }

        /// The page's first picture (a HEIF's embedded thumbnail) is asked for before the page: a grid bomb has
        /// none, and the request took the pool's 10 s default (11.6 s to the tile) instead of the page's 1.2 s.
        @Test func aGridBombsPreviewRequestKeepsThePagesDeadline() throws {
            let folder = try TemporaryDirectory()
            let path = try folder.write(try Self.sharedTileGrid(), to: "shared-tiles.heic")
            let pool = ProcessDecoding.makePool(options: ImageOptions(), processCount: 1)
            defer { pool.shutdown() }
            let started = MonotonicClock.seconds()
            let preview = ProcessDecoding.preview(DecoderPoolTests.request(path), pool: pool)
            let seconds = MonotonicClock.seconds() - started
            #expect(preview == nil)
            #expect(seconds < 5, "\(seconds) s")
        }

        @Test(arguments: bombs)
        func theViewerStaysSmallWhileItsDecodersMeetABomb(bomb: Bomb) throws {
            let folder = try TemporaryDirectory()
            let photos = folder.path("photos")
            try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: false)
            try folder.write(bomb.bytes(), to: "photos/a-" + bomb.name)
            let jpeg = JPEGFixture.rgb(width: 64, height: 48) { _, _ in RGBA(r: 10, g: 200, b: 30, a: 255) }
            try folder.write(jpeg, to: "photos/b-next.jpg")
            let script = folder.path("script.jsonl")
            try [ScriptLine.key(0.5, "Right"), ScriptLine.quit(1.5)].joined(separator: "\n")
                .write(toFile: script, atomically: true, encoding: .utf8)
            let trace = folder.path("trace.jsonl")
            let run = try MeasuredProcess.run(
                GalleryProcess.executable.path,
                [
                    "--headless", "--size", "320x240", "--script", script, "--trace", trace,
                    photos,
                ])
            #expect(run.status == 0)
            #expect(run.peakResidentBytes < 150 << 20, "viewer peak \(run.peakResidentBytes >> 20) MB")
            // The kernel's limit (`RLIMIT_AS`: the decoder's own mappings plus the budget) stops each decoder before
            // its resident memory reaches the per-decode budget.
            let budget = DecodeBudget().totalBytes
            #expect(run.peakChildBytes > 0, "no decoder process was seen")
            #expect(
                run.peakChildBytes < budget, "decoder peak \(run.peakChildBytes >> 20) MB, budget \(budget >> 20) MB")
            // The next photo was reached and decoded; a file found damaged is dropped from the list (as any is, with a
            // notice: `GalleryController.isUnshowable`), so the next photo is then the first.
            let last = try #require(try TraceReader.records(inFile: trace).last)
            let dropped = bomb.tiles?.allSatisfy { $0.hasPrefix("corrupt") } == true
            #expect(last.page == (dropped ? 0 : 1))
            #expect(last.decoded >= 1)
        }
    }
}
