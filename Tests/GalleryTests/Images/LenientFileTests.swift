import Foundation
import GalleryTesting
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// Files the real decoders read show, made here from clean ones: a JPEG with bytes libjpeg skips after its SOI (a
    /// stuffed FF 00, an APP14 segment cut short), and a BigTIFF, which libtiff reads as SDL_image's TIFF loader.
    @Suite struct LenientFileTests {
        let folder: TemporaryDirectory

        init() throws {
            try SDLTestSession.start()
            folder = try TemporaryDirectory()
        }

        static let insertions: [(name: String, bytes: [UInt8])] = [
            ("stuffed", [0xFF, 0x00, 0x12, 0x34]),
            ("cut APP14", [0xFF, 0xEE, 0x00, 0x07] + Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1]),
        ]

        @Test("a JPEG with bytes libjpeg skips shows its picture", arguments: insertions.indices)
        func jpegWithSkippedBytesShows(index: Int) throws {
            let clean = JPEGFixture.rgb(width: 64, height: 48, JPEGFixture.quadrants(width: 64, height: 48))
            let bytes = Array(clean.prefix(2)) + Self.insertions[index].bytes + clean.dropFirst(2)
            let path = try folder.write(bytes, to: "skipped-\(index).jpg")
            let surface = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 64, height: 48))
            #expect(surface.size == PixelSize(width: 64, height: 48), "\(Self.insertions[index].name)")
            let pixel = surface.pixel(x: 8, y: 8)
            #expect(abs(Int(pixel.r) - 220) < 12 && pixel.g < 50, "\(Self.insertions[index].name): \(pixel)")
        }

        @Test("a BigTIFF shows its picture")
        func bigTIFFShows() throws {
            let path = folder.path("big.tif")
            try #require(
                EncodedFixture.run(["convert", "-size", "40x30", "xc:rgb(30,200,40)", "TIFF64:" + path]),
                "ImageMagick's convert is missing or failed (`make deps` installs it)")
            let surface = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 40, height: 30))
            #expect(surface.size == PixelSize(width: 40, height: 30))
            #expect(surface.pixel(x: 20, y: 15) == RGBA(r: 30, g: 200, b: 40))
        }
    }
}
