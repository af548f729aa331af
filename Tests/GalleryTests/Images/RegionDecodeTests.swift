import Foundation
import GalleryTesting
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

/// A zoomed photo's visible region decodes to the same pixels as that part of the whole picture decoded at the same
/// size (rather than decoding the whole 16000 × 12000 photo for a zoom), for JPEG in all eight EXIF orientations and
/// for formats SDL_image loads.
extension SDLSerializedTests {
    @Suite struct RegionDecodeTests {
        init() throws {
            try SDLTestSession.start()
        }

        static let picture = PixelSize(width: 960, height: 640)

        /// A smooth two-way gradient, so a region taken from the wrong place shows as a colour difference.
        static func gradient(_ x: Int, _ y: Int) -> RGBA {
            RGBA(
                r: UInt8(x * 255 / picture.width), g: UInt8(y * 255 / picture.height),
                b: UInt8((x + y) * 255 / (picture.width + picture.height)))
        }

        static let regions = [
            PixelRect(x: 100, y: 50, width: 300, height: 200), PixelRect(x: 0, y: 0, width: 257, height: 131),
            PixelRect(x: 500, y: 300, width: 900, height: 900),
        ]

        /// The largest channel difference between `region` and the same rectangle of `whole`, over inner pixels (the
        /// outermost pixel of each may differ by interpolation at the cut).
        static func difference(_ region: DecodedPicture, _ whole: DecodedPicture, at origin: PixelRect) -> Int {
            var worst = 0
            for y in stride(from: 1, to: region.height - 1, by: 7) {
                for x in stride(from: 1, to: region.width - 1, by: 7) {
                    let a = region.pixel(x: x, y: y), b = whole.pixel(x: origin.x + x, y: origin.y + y)
                    worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                }
            }
            return worst
        }

        @Test(arguments: 1...8, [PixelSize(width: 960, height: 960), PixelSize(width: 720, height: 720)])
        func jpegRegionMatchesTheWholeDecode(orientation: Int, box: PixelSize) throws {
            let folder = try TemporaryDirectory()
            let path = try folder.write(
                JPEGFixture.rgb(
                    width: Self.picture.width, height: Self.picture.height, orientation: orientation, Self.gradient),
                to: "photo.jpg")
            let decoder = ImageDecoder()
            let whole = try decoder.decode(.file(path: path), fitting: box)
            for region in Self.regions {
                // A portrait orientation in the smaller box leaves the third region outside the picture.
                guard let part = ImageDecoder.clip(region, to: whole.size) else { continue }
                // The zoom asks for regions of the picture at its drawn size: the whole decode's.
                let decoded = try decoder.decode(.file(path: path), fitting: whole.size, region: region)
                #expect(decoded.size == part.size)
                let worst = Self.difference(decoded, whole, at: part)
                #expect(worst <= 10, "orientation \(orientation), \(box), region \(region): \(worst)")
            }
        }

        @Test func pngRegionMatchesTheWholeDecode() throws {
            let folder = try TemporaryDirectory()
            let path = folder.path("photo.png")
            let pixels = try PixelBuffer(width: Self.picture.width, height: Self.picture.height, format: .xrgb8888)
            pixels.paint(Self.gradient)
            try Surface(wrapping: pixels).saveOpaquePNG(to: path)
            let decoder = ImageDecoder()
            for box in [PixelSize(width: 960, height: 960), PixelSize(width: 700, height: 700)] {
                let whole = try decoder.decode(.file(path: path), fitting: box)
                for region in Self.regions {
                    let part = try #require(ImageDecoder.clip(region, to: whole.size))
                    let decoded = try decoder.decode(.file(path: path), fitting: whole.size, region: region)
                    #expect(decoded.size == part.size)
                    #expect(Self.difference(decoded, whole, at: part) <= 10, "\(box), region \(region)")
                }
            }
        }

        /// A huge JPEG's region costs the region, not the picture: the decode reserves under half of what
        /// the whole picture at this size needs (4 · 6000 · 4000 = 96 MB).
        @Test func aHugeJPEGsRegionReservesOnlyTheRegion() throws {
            let folder = try TemporaryDirectory()
            let size = PixelSize(width: 6000, height: 4000)
            let path = try folder.write(
                JPEGFixture.rgb(width: size.width, height: size.height) { x, y in
                    RGBA(r: UInt8(x % 256), g: UInt8(y % 256), b: 90)
                }, to: "huge.jpg")
            let decoder = ImageDecoder()
            let region = PixelRect(x: 4000, y: 3000, width: 1280, height: 720)
            let decoded = try decoder.decode(.file(path: path), fitting: size, region: region)
            #expect(decoded.size == region.size)
            #expect(decoder.budget.peakReservedBytes < 48 << 20, "\(decoder.budget.peakReservedBytes) bytes reserved")
            let pixel = decoded.pixel(x: 10, y: 10)
            #expect(abs(Int(pixel.r) - (4010 % 256)) <= 6 && abs(Int(pixel.g) - (3010 % 256)) <= 6, "\(pixel)")
        }
    }
}
