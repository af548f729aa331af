import Foundation
import GalleryTesting
import Testing

@testable import ImageDecoders
@testable import Imaging

/// BMPs Pillow and eog read and SDL_image refused: Pillow's `mmap_error.bmp` states a pixel offset inside its palette
/// and lacks its last row's padding byte ("Cannot show … corrupt or truncated BMP").
extension SDLSerializedTests {
    @Suite struct BMPRepairTests {
        init() throws {
            try SDLTestSession.start()
        }

        static let palette: [RGBA] = [
            RGBA(r: 255, g: 0, b: 0), RGBA(r: 0, g: 255, b: 0), RGBA(r: 0, g: 0, b: 255), RGBA(r: 255, g: 255, b: 255),
        ]

        /// A 5 × 3, 8-bit BMP of `palette`'s four colours, pixel (x, y) of colour (x + y) % 4, rows bottom-up and padded
        /// to 8 bytes, its pixel offset `stated` (nil: the right one), cut short by `missing` bytes.
        static func bmp(stated: Int?, missing: Int) -> [UInt8] {
            func le(_ value: Int, _ count: Int) -> [UInt8] {
                (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            }
            let offset = 14 + 40 + 4 * palette.count
            let rows: [UInt8] = (0..<3).reversed().flatMap { y -> [UInt8] in
                (0..<5).map { x in UInt8((x + y) % 4) } + [0, 0, 0]
            }
            let fileHeader: [UInt8] =
                Array("BM".utf8) + le(offset + rows.count, 4) + le(0, 4) + le(stated ?? offset, 4)
            let infoHeader: [UInt8] =
                le(40, 4) + le(5, 4) + le(3, 4) + le(1, 2) + le(8, 2) + le(0, 4) + le(rows.count, 4) + le(2835, 4)
                + le(2835, 4) + le(palette.count, 4) + le(0, 4)
            let colours: [UInt8] = palette.flatMap { [$0.b, $0.g, $0.r, 0] }
            let bytes: [UInt8] = fileHeader + infoHeader + colours + rows
            return Array(bytes.dropLast(missing))
        }

        @Test(
            "an offset inside the palette, a last row without its padding: shown as Pillow shows them",
            arguments: [(nil, 0), (54, 0), (nil, 1), (54, 3)] as [(Int?, Int)])
        func repairedBMPDecodes(stated: Int?, missing: Int) throws {
            let folder = try TemporaryDirectory()
            let path = try folder.write(Self.bmp(stated: stated, missing: missing), to: "p.bmp")
            let picture = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 5, height: 3))
            #expect(picture.size == PixelSize(width: 5, height: 3))
            for y in 0..<3 {
                for x in 0..<5 {
                    let pixel = picture.pixels.pixel(x: x, y: y)
                    let expected = Self.palette[(x + y) % 4]
                    let rgb = (UInt8(pixel >> 16 & 0xFF), UInt8(pixel >> 8 & 0xFF), UInt8(pixel & 0xFF))
                    #expect(rgb == (expected.r, expected.g, expected.b), "(\(x), \(y)): \(rgb)")
                }
            }
        }

        @Test("a BMP missing more than its padding stays refused: the repair adds no pixels")
        func truncatedPixelsStayRefused() throws {
            let folder = try TemporaryDirectory()
            let path = try folder.write(Self.bmp(stated: nil, missing: 4), to: "p.bmp")
            #expect(throws: DecodeFailure.self) {
                _ = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 5, height: 3))
            }
        }

        /// An OS/2 (12-byte header) 8-bit BMP of 32 × 32 pixels (longer than a whole palette's 768 bytes would be) whose
        /// palette holds `palette`'s four colours, not 256: its pixel offset right after them, as Pillow's
        /// `pal8os2sp.bmp` (252 colours) has it.
        static var shortPaletteOS2: [UInt8] {
            func le(_ value: Int, _ count: Int) -> [UInt8] {
                (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            }
            let offset = 14 + 12 + 3 * palette.count
            let rows: [UInt8] = (0..<32).reversed().flatMap { y in (0..<32).map { x in UInt8((x + y) % 4) } }
            let header = Array("BM".utf8) + le(offset + rows.count, 4) + le(0, 4) + le(offset, 4)
            let core = le(12, 4) + le(32, 2) + le(32, 2) + le(1, 2) + le(8, 2)
            return header + core + palette.flatMap { [$0.b, $0.g, $0.r] } + rows
        }

        @Test("An OS/2 BMP with a palette shorter than 256 colours shows, its offset trusted (it was 'repaired' away)")
        func shortPalette() throws {
            let folder = try TemporaryDirectory()
            let path = try folder.write(Self.shortPaletteOS2, to: "os2-short-palette.bmp")
            let picture = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 32, height: 32))
            for y in [0, 1, 17, 31] {
                for x in [0, 1, 2, 3, 30] {
                    #expect(picture.pixels.rgba(x: x, y: y) == Self.palette[(x + y) % 4], "(\(x), \(y))")
                }
            }
        }
    }
}
