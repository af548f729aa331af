import Foundation
import GalleryTesting
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// A TIFF's alpha shows as the file states it: libtiff's RGBA interface (SDL_image's loader) premultiplies, the
    /// page composites straight alpha, so the decoder divides it back. Pillow reads these files the same way.
    @Suite struct TIFFAlphaTests {
        let folder: TemporaryDirectory

        init() throws {
            try SDLTestSession.start()
            folder = try TemporaryDirectory()
        }

        @Test(
            "TIFF 6.0: ExtraSamples 1 (associated, premultiplied) and 2 (unassociated) alpha, 8 and 16 bits a sample",
            arguments: [("associated", 8), ("associated", 16), ("unassociated", 8), ("unassociated", 16)])
        func alphaIsStraightOnThePage(kind: String, depth: Int) throws {
            let path = folder.path("\(kind)-\(depth).tif")
            try #require(
                EncodedFixture.run([
                    "convert", "-size", "4x4", "xc:rgba(200,100,50,0.5)", "-depth", String(depth), "-define",
                    "tiff:alpha=\(kind)", path,
                ]), "ImageMagick's convert is missing or failed (`make deps` installs it)")
            let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
            #expect(bytes.withUnsafeBytes { TIFFAlpha.hasAlpha($0) })
            let surface = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 4, height: 4))
            try #require(surface.size == PixelSize(width: 4, height: 4))
            let pixel = surface.pixel(x: 2, y: 2)
            let got = [Int(pixel.r), Int(pixel.g), Int(pixel.b), Int(pixel.a)]
            #expect(zip(got, [200, 100, 50, 128]).allSatisfy { abs($0 - $1) <= 3 }, "\(kind), \(depth) bits: \(got)")
        }
    }
}
