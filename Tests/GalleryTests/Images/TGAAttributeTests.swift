import Foundation
import GalleryTesting
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// A 32-bit TGA's fourth byte is alpha only when the file says so (TGA 2.0 specification): SDL_image takes it as
    /// alpha always, Pillow follows the specification, and the specification decides.
    @Suite struct TGAAttributeTests {
        let folder: TemporaryDirectory

        init() throws {
            try SDLTestSession.start()
            folder = try TemporaryDirectory()
        }

        /// A 2 × 2, 32-bit TGA, top-left origin, of blue-green-red pixels (BGRA order) whose fourth byte is 0x40:
        /// `rle` (type 10, one run packet a row) or raw (type 2); `attributeBits` in the image descriptor; and, when
        /// `attributesType` is given, a TGA 2.0 extension area with it and the footer pointing there.
        static func tga(rle: Bool, attributeBits: UInt8, attributesType: UInt8?) -> [UInt8] {
            let pixel: [UInt8] = [0x30, 0x60, 0x90, 0x40]
            var bytes: [UInt8] = [0, 0, rle ? 10 : 2] + [UInt8](repeating: 0, count: 9) + [2, 0, 2, 0, 32]
            bytes.append(0x20 | attributeBits)
            for _ in 0..<2 {
                bytes += rle ? [0x81] + pixel : pixel + pixel
            }
            guard let attributesType else { return bytes }
            let offset = bytes.count
            var extensionArea = [UInt8](repeating: 0, count: 495)
            extensionArea[0] = 0xEF  // Its size, 495, little-endian.
            extensionArea[1] = 0x01
            extensionArea[494] = attributesType
            bytes += extensionArea
            bytes += (0..<4).map { UInt8(offset >> (8 * $0) & 0xFF) } + [0, 0, 0, 0]
            bytes += Array("TRUEVISION-XFILE.\0".utf8)
            return bytes
        }

        static let cases: [(Bool, UInt8, UInt8?, UInt8)] = [
            // Image descriptor bits 3–0: attribute bits a pixel; 0 says there is no alpha.
            (false, 0, nil, 255), (true, 0, nil, 255), (false, 8, nil, 0x40), (true, 8, nil, 0x40),
            // The extension area's Attributes Type decides when present: 0 none, 2 undefined (kept, not shown),
            // 3 alpha.
            (true, 0, 0, 255), (true, 8, 2, 255), (true, 8, 3, 0x40), (false, 0, 3, 0x40),
        ]

        @Test(
            "TGA 2.0 spec: attribute bits in the image descriptor, and the extension area's Attributes Type, say alpha",
            arguments: cases)
        func alphaOnlyWhenStated(rle: Bool, attributeBits: UInt8, attributesType: UInt8?, alpha: UInt8) throws {
            let name = "t\(rle)\(attributeBits)\(attributesType.map(String.init) ?? "-").tga"
            let path = try folder.write(
                Self.tga(rle: rle, attributeBits: attributeBits, attributesType: attributesType), to: name)
            let surface = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 2, height: 2))
            try #require(surface.size == PixelSize(width: 2, height: 2))
            let pixel = surface.pixel(x: 1, y: 1)
            #expect(pixel.a == alpha, "\(name)")
            if alpha == 255 { #expect(pixel == RGBA(r: 0x90, g: 0x60, b: 0x30), "\(name)") }
        }
    }
}
