import Foundation
import GalleryTesting
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// PNG's `eXIf` orientation turns the picture upright like a JPEG's EXIF; binary PNM with two-byte samples (which
    /// SDL_image refuses, and ImageMagick writes from any 16-bit source) decodes, and a short one is refused.
    @Suite struct PNGExifAndWidePNMTests {
        let folder: TemporaryDirectory

        init() throws {
            try SDLTestSession.start()
            folder = try TemporaryDirectory()
        }

        /// A TIFF-structured EXIF block (big-endian) with one IFD0 entry: Orientation = `value`.
        static func exif(orientation value: Int) -> [UInt8] {
            Array("MM\0*".utf8) + [0, 0, 0, 8] + [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(value), 0, 0]
                + [0, 0, 0, 0]
        }

        @Test(arguments: ModernFormatTests.orientations)
        func pngExifOrientationIsApplied(orientation: ExifOrientation) throws {
            let (stored, pixels) = ModernFormatTests.storedPixels(orientation)
            let rows = (0..<stored.height).map { y in
                (0..<stored.width).flatMap { x in
                    let c = pixels[y * stored.width + x]
                    return [Int(c.r), Int(c.g), Int(c.b)]
                }
            }
            let png = PNGWriter.png(
                width: stored.width, height: stored.height, bitDepth: 8, colourType: 2, rows: rows,
                chunks: [("eXIf", Self.exif(orientation: orientation.rawValue))])
            #expect(png.withUnsafeBytes { ExifOrientation.read(png: $0) } == orientation)
            let path = try folder.write(png, to: "o\(orientation.rawValue).png")
            let surface = try ImageDecoder().decode(.file(path: path), fitting: ModernFormatTests.upright)
            try #require(surface.size == ModernFormatTests.upright)
            for (x, y) in [(16, 12), (48, 12), (16, 36), (48, 36)] {
                #expect(surface.pixel(x: x, y: y) == ModernFormatTests.quadrant(x, y), "\(orientation) at \(x), \(y)")
            }
        }

        /// ImageMagick's 16-bit PPM and PGM decode to the 8-bit picture (within rounding).
        @Test(arguments: ["ppm", "pgm"])
        func sixteenBitPNMDecodes(kind: String) throws {
            let size = PixelSize(width: 40, height: 30)
            let source = try folder.write(
                EncodedFixture.ppm(width: size.width, height: size.height) { x, y in
                    RGBA(r: UInt8(x * 6), g: UInt8(y * 8), b: UInt8((x + y) * 3))
                }, to: "source.ppm")
            let wide = folder.path("wide.\(kind)"), narrow = folder.path("narrow.\(kind)")
            try #require(EncodedFixture.run(["convert", source, "-depth", "16", wide]))
            try #require(EncodedFixture.run(["convert", source, "-depth", "8", narrow]))
            let header = try #require(FileManager.default.contents(atPath: wide)).prefix(20)
            #expect(String(decoding: header, as: UTF8.self).contains("65535"))
            let got = try ImageDecoder().decode(.file(path: wide), fitting: size)
            let want = try ImageDecoder().decode(.file(path: narrow), fitting: size)
            try #require(got.size == size)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let a = got.pixel(x: x, y: y), b = want.pixel(x: x, y: y)
                    #expect(
                        max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b))) <= 1,
                        "\(kind) at \(x), \(y): \(a) for \(b)")
                }
            }
        }

        @Test(
            "Netpbm PGM and PPM: plain format, maxval up to 65535, samples scaled to 8 bits with rounding",
            arguments: [("P2", 65535), ("P3", 65535), ("P2", 1000), ("P3", 4095)])
        func plainWidePNMDecodes(magic: String, maximum: Int) throws {
            let size = PixelSize(width: 7, height: 5)
            let channels = magic == "P3" ? 3 : 1
            func sample(_ x: Int, _ y: Int, _ channel: Int) -> Int {
                (x * 9_973 + y * 7_919 + channel * 31) % (maximum + 1)
            }
            var text = "\(magic)\n# plain, wide samples\n\(size.width) \(size.height)\n\(maximum)\n"
            for y in 0..<size.height {
                // Any whitespace separates samples; lines need not follow rows.
                text +=
                    (0..<size.width).flatMap { x in (0..<channels).map { String(sample(x, y, $0)) } }
                    .joined(separator: y % 2 == 0 ? " " : "\t\n  ") + "\n"
            }
            let path = try folder.write(Array(text.utf8), to: "plain.\(magic == "P3" ? "ppm" : "pgm")")
            let got = try ImageDecoder().decode(.file(path: path), fitting: size)
            try #require(got.size == size)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let want = (0..<3).map { (sample(x, y, channels == 3 ? $0 : 0) * 255 + maximum / 2) / maximum }
                    let pixel = got.pixel(x: x, y: y)
                    #expect([Int(pixel.r), Int(pixel.g), Int(pixel.b)] == want, "\(magic) at \(x), \(y)")
                }
            }
            let short = Array(text.utf8.dropLast(12))
            let cut = try folder.write(short, to: "cut.\(magic == "P3" ? "ppm" : "pgm")")
            #expect(throws: DecodeFailure.self) { try ImageDecoder().decode(.file(path: cut), fitting: size) }
        }

        /// A 16-bit PPM cut short of its samples is refused as damaged, never read past.
        @Test func shortSixteenBitPNMIsRefused() throws {
            let bytes = Array("P6\n100 100\n65535\n".utf8) + [UInt8](repeating: 0x80, count: 100 * 100 * 6 - 2)
            let path = try folder.write(bytes, to: "short.ppm")
            #expect(throws: DecodeFailure.self) {
                try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 100, height: 100))
            }
        }
    }
}
