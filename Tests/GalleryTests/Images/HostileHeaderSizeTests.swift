import DecoderProcess
import Foundation
import GalleryTesting
import Testing

@testable import ImageDecoders
@testable import Imaging

/// Headers that state absurd sizes: every format's width and height set to 0, 1, 2^31 − 1, 2^32 − 1 and 2^64 − 1 (cut
/// to the field's width). A 69-byte PNG stating 2^32 − 1 × 2^32 − 1 trapped the viewer (`PixelSize.area` overflowed
/// while it set the decode's deadline); now no header reader, deadline or decoder check may trap, the size a header
/// hands on is within 1…`ImageHeader.largestStatedSide`, and the decoder refuses the claim as too large or corrupt.
extension SDLSerializedTests {
    @Suite struct HostileHeaderSizeTests {
        init() throws {
            try SDLTestSession.start()
        }

        /// The sides tried, before each format cuts them to its field.
        static let sides: [UInt64] = [0, 1, (1 << 31) - 1, (1 << 32) - 1, .max]

        static func le(_ value: UInt64, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
        }

        static func be(_ value: UInt64, _ count: Int) -> [UInt8] { le(value, count).reversed() }

        static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
            be(UInt64(payload.count + 8), 4) + Array(type.utf8) + payload
        }

        /// An ISO base media file of `brand` whose only item property is an `ispe` of `width` × `height`.
        static func isobmff(brand: String, width: UInt64, height: UInt64) -> [UInt8] {
            let ispe = box("ispe", [0, 0, 0, 0] + be(width, 4) + be(height, 4))
            let meta = box("meta", [0, 0, 0, 0] + box("iprp", box("ipco", ispe)))
            return box("ftyp", Array(brand.utf8) + be(0, 4) + Array(brand.utf8) + Array("mif1".utf8)) + meta
        }

        /// Each format's smallest header stating `width` × `height`, and the file name it goes by.
        static let formats: [(name: String, header: @Sendable (UInt64, UInt64) -> [UInt8])] = [
            (
                "p.png",
                { w, h in
                    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13, 4) + Array("IHDR".utf8) + be(w, 4)
                        + be(h, 4) + [8, 2, 0, 0, 0] + [0, 0, 0, 0] + be(0, 4) + Array("IEND".utf8) + be(0, 4)
                }
            ),
            ("p.qoi", { w, h in Array("qoif".utf8) + be(w, 4) + be(h, 4) + [4, 0] + [0, 0, 0, 0, 0, 0, 0, 1] }),
            (
                "p.tif",
                { w, h in
                    [0x49, 0x49, 0x2A, 0] + le(8, 4) + le(2, 2) + le(256, 2) + le(4, 2) + le(1, 4) + le(w, 4)
                        + le(257, 2) + le(4, 2) + le(1, 4) + le(h, 4) + le(0, 4)
                }
            ),
            (
                "p.tiff",
                { w, h in
                    [0x49, 0x49, 0x2B, 0, 8, 0, 0, 0] + le(16, 8) + le(2, 8) + le(256, 2) + le(16, 2) + le(1, 8)
                        + le(w, 8) + le(257, 2) + le(16, 2) + le(1, 8) + le(h, 8) + le(0, 8)
                }
            ),
            ("p.heic", { w, h in isobmff(brand: "heic", width: w, height: h) }),
            ("p.avif", { w, h in isobmff(brand: "avif", width: w, height: h) }),
            (
                "p.bmp",
                { w, h in
                    Array("BM".utf8) + le(154, 4) + le(0, 4) + le(54, 4) + le(40, 4) + le(w, 4) + le(h, 4) + le(1, 2)
                        + le(24, 2) + [UInt8](repeating: 0, count: 24) + [UInt8](repeating: 1, count: 100)
                }
            ),
            (
                "p.gif",
                { w, h in
                    Array("GIF89a".utf8) + le(w, 2) + le(h, 2) + [0, 0, 0] + [0x2C] + le(0, 2) + le(0, 2) + le(w, 2)
                        + le(h, 2) + [0] + [2, 2, 0x4C, 0x01, 0] + [0x3B]
                }
            ),
            ("p.ppm", { w, h in Array("P6\n\(w) \(h)\n255\n".utf8) + [UInt8](repeating: 9, count: 12) }),
            (
                "p.webp",
                { w, h in
                    Array("RIFF".utf8) + le(22, 4) + Array("WEBPVP8X".utf8) + le(10, 4) + [0, 0, 0, 0]
                        + le(w &- 1, 3) + le(h &- 1, 3)
                }
            ),
            (
                "p.tga",
                { w, h in [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0] + le(w, 2) + le(h, 2) + [24, 0x20] + [1, 2, 3] }
            ),
            (
                "p.jpg",
                { w, h in
                    [0xFF, 0xD8, 0xFF, 0xC0] + be(17, 2) + [8] + be(h, 2) + be(w, 2)
                        + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1] + [0xFF, 0xD9]
                }
            ),
        ]

        /// Every format with both sides, then each side alone, set to each of `sides`.
        static let cases: [(format: Int, width: UInt64, height: UInt64)] = {
            var cases: [(format: Int, width: UInt64, height: UInt64)] = []
            for format in formats.indices {
                for side in sides {
                    cases += [(format, side, side), (format, side, 1), (format, 1, side)]
                }
            }
            return cases
        }()

        @Test(arguments: cases.indices)
        func anAbsurdSizeIsNeverComputedWith(index: Int) throws {
            let (format, width, height) = Self.cases[index]
            let (name, header) = Self.formats[format]
            let bytes = header(width, height)
            let fileExtension = String(name.split(separator: ".").last!)
            // What the viewer does with a header: read it, set the decode's deadline, fit its size in a page.
            let read = ImageHeader.read(bytes: bytes, fileExtension: fileExtension)
            #expect(read.format != nil, "\(name) \(width)×\(height) not recognised")
            if let size = read.size {
                #expect(ImageHeader.isUsable(size), "\(name): \(size)")
                #expect(size.fitted(inside: PixelSize(width: 1280, height: 720)).area <= 1280 * 720)
            }
            let deadline = DecodeDeadline.seconds(statedPixels: read.size?.area)
            #expect(deadline >= DecodeDeadline.floorSeconds && deadline <= DecodeDeadline.ceilingSeconds)
            _ = ImageHeader.implausibility(of: read, byteCount: bytes.count, ImageHeader.reader(of: bytes))
            // The decoder refuses it without allocating the claim (one pixel may decode, or be refused as damaged).
            let folder = try TemporaryDirectory()
            let path = try folder.write(bytes, to: name)
            let decoder = ImageDecoder()
            do {
                let picture = try decoder.decode(.file(path: path), fitting: PixelSize(width: 320, height: 240))
                #expect(width <= 1 && height <= 1 || picture.size.area <= 320 * 240, "\(name) decoded")
            } catch {
                if width > UInt64(ImageHeader.largestStatedSide) || height > UInt64(ImageHeader.largestStatedSide),
                    case .tooLarge = error.reason
                {
                    #expect(error.description.contains("too large"))
                }
            }
            #expect(decoder.budget.peakReservedBytes < 64 << 20, "\(name): \(decoder.budget.peakReservedBytes)")
        }

        @Test("a size whose area overflows counts as Int.max pixels instead of trapping")
        func areaSaturates() {
            #expect(PixelSize(width: Int(UInt32.max), height: Int(UInt32.max)).area == .max)
            #expect(PixelSize(width: .max, height: 2).area == .max)
            #expect(PixelSize(width: 1920, height: 1080).area == 2_073_600)
            #expect(DecodeDeadline.seconds(statedPixels: .max) == DecodeDeadline.ceilingSeconds)
        }
    }
}
