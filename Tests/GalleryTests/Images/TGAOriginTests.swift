import Foundation
import GalleryTesting
import Testing

@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// TGAs whose rows are stored right to left (image descriptor bit 4), as Pillow's `rgb32rle_top_right.tga` and
    /// `rgb32rle_bottom_right.tga` are (hex-edited from a bottom-left file, as here): SDL_image refused them as
    /// damaged; Pillow shows them mirrored back, and so does the gallery.
    @Suite struct TGAOriginTests {
        static let red = RGBA(r: 255, g: 0, b: 0)
        static let lime = RGBA(r: 0, g: 255, b: 0)
        static let blue = RGBA(r: 0, g: 0, b: 255)
        static let black = RGBA(r: 0, g: 0, b: 0)

        /// Case: descriptor bits toggled on ImageMagick's file, and where its four corners (top left, top right,
        /// bottom left, bottom right, as the file decodes unedited) then show.
        struct Origin: Sendable, CustomTestStringConvertible {
            var name: String
            var bits: UInt8
            var corners: [Int]
            var testDescription: String { name }
        }

        @Test(
            "A right-hand origin shows mirrored, as Pillow shows it; top or bottom as before",
            arguments: [
                Origin(name: "right-hand origin", bits: 0x10, corners: [1, 0, 3, 2]),
                Origin(name: "top origin toggled", bits: 0x20, corners: [2, 3, 0, 1]),
                Origin(name: "right-hand and top origin toggled", bits: 0x30, corners: [3, 2, 1, 0]),
            ])
        func origins(_ origin: Origin) throws {
            try SDLTestSession.start()
            let folder = try TemporaryDirectory()
            let written = folder.path("quadrants.tga")
            // Red, lime, blue and black quadrants, 32-bit RLE as Pillow's `rgb32rle.tga`.
            try #require(
                EncodedFixture.run([
                    "convert", "-size", "8x8", "xc:red", "-fill", "lime", "-draw", "rectangle 4,0 7,3", "-fill", "blue",
                    "-draw", "rectangle 0,4 3,7", "-fill", "black", "-draw", "rectangle 4,4 7,7", "-alpha", "on",
                    "-compress", "RLE", written,
                ]), "ImageMagick's convert is missing or failed (`make deps` installs it)")
            var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: written)))
            #expect(bytes[2] == 10 && bytes[16] == 32, "32-bit RLE")
            func corners(_ path: String) throws -> [RGBA] {
                let picture = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 8, height: 8))
                return [(1, 1), (6, 1), (1, 6), (6, 6)].map { picture.pixels.rgba(x: $0.0, y: $0.1) }
            }
            let unedited = try corners(written)
            #expect(Set(unedited) == [Self.red, Self.lime, Self.blue, Self.black])
            bytes[17] ^= origin.bits
            let edited = try corners(try folder.write(bytes, to: "edited.tga"))
            #expect(edited == origin.corners.map { unedited[$0] })
        }
    }
}
