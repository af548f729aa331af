import Foundation
import GalleryTesting
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// HEIC, AVIF and JPEG XL files generated now with Debian's encoders from a picture of four coloured quadrants:
    /// each shows upright in every orientation its format can state, in the source's colours, its size is read from
    /// the header alone, and truncated or absurd files are refused before anything is allocated.
    @Suite struct ModernFormatTests {
        /// Upright: red, green over blue, white; 64 × 48, so a missed quarter turn shows in the size.
        static let upright = PixelSize(width: 64, height: 48)

        static func quadrant(_ x: Int, _ y: Int) -> RGBA {
            [
                RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 255, b: 0), RGBA(r: 0, g: 0, b: 255),
                RGBA.white,
            ][(x >= upright.width / 2 ? 1 : 0) + (y >= upright.height / 2 ? 2 : 0)]
        }

        let folder: TemporaryDirectory

        init() throws {
            try SDLTestSession.start()
            folder = try TemporaryDirectory()
        }

        /// The stored size and pixels (rows) of a picture that `orientation` turns into the upright quadrants.
        static func storedPixels(_ orientation: ExifOrientation) -> (PixelSize, [RGBA]) {
            let stored = orientation.upright(upright)
            var pixels = [RGBA](repeating: .black, count: stored.area)
            for y in 0..<upright.height {
                for x in 0..<upright.width {
                    let position = orientation.storedPosition(x: x, y: y, width: stored.width, height: stored.height)
                    pixels[position.y * stored.width + position.x] = quadrant(x, y)
                }
            }
            return (stored, pixels)
        }

        /// A JPEG stored so that EXIF `orientation` turns it into the upright quadrants.
        func jpeg(orientation: ExifOrientation) throws -> String {
            let (stored, pixels) = Self.storedPixels(orientation)
            let bytes = JPEGFixture.rgb(width: stored.width, height: stored.height, orientation: orientation.rawValue) {
                pixels[$1 * stored.width + $0]
            }
            return try folder.write(bytes, to: "source-\(orientation.rawValue).jpg")
        }

        /// `input` encoded by `encoder` into the temporary folder.
        func encoded(
            _ input: String, _ encoder: EncodedFixture.Encoder, name: String, options: [String] = []
        ) throws -> String {
            let output = folder.path(name + "." + encoder.rawValue)
            try #require(
                EncodedFixture.encode(input, with: encoder, to: output, options: options),
                "\(encoder.program) failed on \(input)")
            return output
        }

        /// The decoded picture is the upright size and each quadrant's centre is its colour, within lossy coding.
        func expectUpright(_ path: String, box: PixelSize = upright, sourceLocation: SourceLocation = #_sourceLocation)
            throws
        {
            let surface = try ImageDecoder().decode(.file(path: path), fitting: box)
            #expect(surface.size == box, "\(path)", sourceLocation: sourceLocation)
            guard surface.size == box else { return }
            for (x, y) in [(16, 12), (48, 12), (16, 36), (48, 36)] {
                let sx = x * box.width / Self.upright.width, sy = y * box.height / Self.upright.height
                let got = surface.pixel(x: sx, y: sy), want = Self.quadrant(x, y)
                let distance = max(
                    abs(Int(got.r) - Int(want.r)), abs(Int(got.g) - Int(want.g)),
                    abs(Int(got.b) - Int(want.b)))
                #expect(distance < 48, "\(path) at (\(x), \(y)): \(got) for \(want)", sourceLocation: sourceLocation)
            }
        }

        static let orientations = (1...8).compactMap(ExifOrientation.init(rawValue:))

        /// avifenc turns a JPEG's EXIF orientation into `irot`/`imir`; libheif applies them, once.
        @Test(arguments: orientations)
        func avifShowsUprightInEveryOrientation(orientation: ExifOrientation) throws {
            try expectUpright(try encoded(try jpeg(orientation: orientation), .avif, name: "o\(orientation.rawValue)"))
        }

        /// cjxl keeps a JPEG's EXIF orientation in the codestream; libjxl applies it.
        @Test(arguments: orientations)
        func jxlShowsUprightInEveryOrientation(orientation: ExifOrientation) throws {
            try expectUpright(try encoded(try jpeg(orientation: orientation), .jxl, name: "o\(orientation.rawValue)"))
        }

        /// heif-enc has no rotation option and copies EXIF without `irot`: such a file is shown as stored, because
        /// a HEIF's transformations are its `irot`/`imir`/`clap` and EXIF orientation is never applied on top.
        @Test func heicShowsUprightAndIgnoresExifOrientation() throws {
            try expectUpright(try encoded(try jpeg(orientation: .up), .heic, name: "up"))
            let storedRotated = try encoded(try jpeg(orientation: .rotatedClockwise), .heic, name: "exif6")
            let surface = try ImageDecoder().decode(.file(path: storedRotated), fitting: Self.upright)
            #expect(surface.size == PixelSize(width: 36, height: 48), "shown as stored (48 × 64), not turned by EXIF")
        }

        /// A DNG (made by hand: Debian has no RAW encoder) whose preview is stored turned, with the TIFF orientation
        /// that LibRaw reads as its flip: the preview shows upright, turned by the flip alone, mirrored flips too.
        @Test(arguments: orientations)
        func rawPreviewShowsUpright(orientation: ExifOrientation) throws {
            let (stored, pixels) = Self.storedPixels(orientation)
            // The preview's own EXIF says `.up`: only the RAW's orientation may turn it.
            let untagged = JPEGFixture.rgb(width: stored.width, height: stored.height, orientation: 1) {
                pixels[$1 * stored.width + $0]
            }
            let dng = DNGFixture.dng(previewJPEG: untagged, previewSize: stored, orientation: orientation.rawValue)
            let path = try folder.write(dng, to: "raw-\(orientation.rawValue).dng")
            #expect(ImageHeader.read(bytes: dng, fileExtension: "dng") == ImageHeader(format: .raw, size: nil))
            try expectUpright(path)
        }

        /// The RAW signature alone does not make a RAW: a DNG renamed `.tif` is a TIFF to the header guard, and a RAW
        /// cut short is refused with the failure tile's reason.
        @Test func rawNeedsItsExtensionAndIsRefusedWhenCut() throws {
            let dng = DNGFixture.dng(
                previewJPEG: JPEGFixture.rgb(width: 64, height: 48, Self.quadrant), previewSize: Self.upright,
                orientation: 1)
            #expect(ImageHeader.read(bytes: dng, fileExtension: "tif").format == .tiff)
            let cut = try folder.write(Array(dng.prefix(600)), to: "cut.dng")
            #expect {
                try ImageDecoder().decode(.file(path: cut), fitting: Self.upright)
            } throws: { error in
                guard case .corrupt = (error as? DecodeFailure)?.reason else { return false }
                return true
            }
        }

        /// A 10-bit AVIF is converted down to 8 bits; a HEIC with a thumbnail decodes at a small size (from it) and at full
        /// size; a JPEG XL made from pixels (a bare codestream, not a recompressed JPEG) shows too.
        @Test func tenBitAVIFAndThumbnailedHEICShow() throws {
            let source = folder.path("source.ppm")
            try folder.write(EncodedFixture.ppm(width: 64, height: 48, Self.quadrant), to: "source.ppm")
            try expectUpright(try encoded(try jpeg(orientation: .up), .avif, name: "ten", options: ["-d", "10"]))
            let thumbnailed = try encoded(try jpeg(orientation: .up), .heic, name: "thumb", options: ["-t", "32"])
            try expectUpright(thumbnailed, box: PixelSize(width: 32, height: 24))
            try expectUpright(thumbnailed)
            try expectUpright(try encoded(source, .jxl, name: "ppm"))
        }

        /// libheif is asked for the embedded thumbnail when it covers the page (the wheel's and small windows' pages)
        /// and for the primary image otherwise: what comes back before fitting is the thumbnail's size, or the whole.
        @Test(arguments: [
            (PixelSize(width: 32, height: 24), PixelSize(width: 32, height: 24)),
            (PixelSize(width: 20, height: 20), PixelSize(width: 32, height: 24)),
            (PixelSize(width: 48, height: 36), upright), (upright, upright),
        ])
        func heicThumbnailServesPagesItCovers(box: PixelSize, decoded: PixelSize) throws {
            let path = try encoded(try jpeg(orientation: .up), .heic, name: "thumbnailed", options: ["-t", "32"])
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let surface = try bytes.withUnsafeBytes { buffer in
                try HEIFDecoder(bytes: buffer, maximumSide: 16_384).decode(fitting: box, accepts: { _ in true })
            }
            #expect(surface.pixels.size == decoded)
        }

        /// The header guard reads each file's format and stated size without decoding it. x265 codes whole 64-pixel
        /// blocks and heif-enc crops them with `clap`, so a HEIC states (and its decoder allocates) the coded size.
        @Test(arguments: [
            (EncodedFixture.Encoder.heic, ImageHeader.Format.heif, PixelSize(width: 64, height: 64)),
            (.avif, .avif, upright), (.jxl, .jxl, upright),
        ])
        func headerStatesTheSize(encoder: EncodedFixture.Encoder, format: ImageHeader.Format, coded: PixelSize) throws {
            let path = try encoded(try jpeg(orientation: .up), encoder, name: "header")
            let header = ImageHeader.read(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(header == ImageHeader(format: format, size: coded))
        }

        /// Cut to half its length, each file shows the failure tile's reason ("corrupt or truncated …").
        @Test(arguments: EncodedFixture.Encoder.allCases)
        func truncatedFileIsRefused(encoder: EncodedFixture.Encoder) throws {
            let path = try encoded(try jpeg(orientation: .up), encoder, name: "whole")
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let cut = try folder.write(Array(bytes.prefix(bytes.count / 2)), to: "cut." + encoder.rawValue)
            #expect {
                try ImageDecoder().decode(.file(path: cut), fitting: Self.upright)
            } throws: { error in
                guard case .corrupt = (error as? DecodeFailure)?.reason else { return false }
                return true
            }
        }

        /// A JPEG XL cut short after its frame began shows what libjxl flushes of it, with a damage note (the
        /// "Damaged file" badge), in the picture's colours: libjxl's passes put the coarse picture first.
        @Test func cutJPEGXLShowsWhatDecodedWithDamageNote() throws {
            let size = PixelSize(width: 640, height: 480)
            let source = try folder.write(
                EncodedFixture.ppm(width: size.width, height: size.height) { x, y in
                    // Texture over the quadrants, so that the file is mostly picture data, not headers.
                    let colour = Self.quadrant(
                        x * Self.upright.width / size.width, y * Self.upright.height / size.height)
                    let grain = (x &* 7919 ^ y &* 104_729) % 41
                    func grained(_ value: UInt8) -> UInt8 { UInt8(min(255, max(0, Int(value) + grain - 20))) }
                    return RGBA(r: grained(colour.r), g: grained(colour.g), b: grained(colour.b))
                }, to: "large.ppm")
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try encoded(source, .jxl, name: "large"))))
            let cut = try folder.write(Array(bytes.prefix(bytes.count * 6 / 10)), to: "cut-late.jxl")
            let surface = try ImageDecoder().decode(.file(path: cut), fitting: Self.upright)
            #expect(surface.damageNote?.contains("ends before") == true)
            #expect(surface.size == Self.upright)
            let centre = surface.pixel(x: 16, y: 12)
            #expect(centre.r > 200 && centre.g < 60 && centre.b < 60, "the red quadrant: \(centre)")
            let whole = try ImageDecoder().decode(.file(path: folder.path("large.jxl")), fitting: Self.upright)
            #expect(whole.damageNote == nil)
        }

        /// A header claiming 100000 × 100000 px is refused as too large with nothing reserved, so nothing allocated.
        @Test(arguments: EncodedFixture.Encoder.allCases)
        func hugeClaimIsRefusedBeforeAllocation(encoder: EncodedFixture.Encoder) throws {
            var bytes: [UInt8]
            if encoder == .jxl {
                // A bare codestream: not small, height selector 3 (30 bits: 99999), ratio 1 (square).
                let height = 99_999
                var bits = 0 | 3 << 1 | height << 3 | 1 << 33
                bytes = [0xFF, 0x0A]
                for _ in 0..<6 { bytes.append(UInt8(bits & 0xFF)); bits >>= 8 }
                bytes += [UInt8](repeating: 0, count: 64)
            } else {
                let path = try encoded(try jpeg(orientation: .up), encoder, name: "huge")
                bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                let ispe = try #require(
                    bytes.indices.dropLast(4).first { Array(bytes[$0..<$0 + 4]) == Array("ispe".utf8) })
                for offset in [ispe + 8, ispe + 12] {
                    bytes.replaceSubrange(offset..<offset + 4, with: [0, 0x01, 0x86, 0xA0])  // 100000
                }
            }
            let path = try folder.write(bytes, to: "huge." + encoder.rawValue)
            let header = ImageHeader.read(bytes: bytes)
            #expect(header.size == PixelSize(width: 100_000, height: 100_000))
            let budget = DecodeBudget()
            #expect(
                throws: DecodeFailure(
                    source: .file(path: path),
                    reason: .tooLarge(PixelSize(width: 100_000, height: 100_000)))
            ) {
                try ImageDecoder(budget: budget).decode(.file(path: path), fitting: Self.upright)
            }
            #expect(budget.peakReservedBytes == 0)
        }
    }
}
