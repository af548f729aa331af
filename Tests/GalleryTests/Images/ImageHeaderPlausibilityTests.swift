import CSDL2
import Foundation
import GalleryTesting
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

/// A file too short for the pixels its header claims is refused as damaged before any loader
/// allocates the claim (a 22-byte QOI claiming 10000 × 10000 px cost 930 MB and showed black), while flat files at
/// their format's best compression still decode.
extension SDLSerializedTests {
    @Suite struct ImageHeaderPlausibilityTests {
        init() throws {
            try SDLTestSession.start()
        }

        static func le(_ value: Int, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }

        static func be(_ value: Int, _ count: Int) -> [UInt8] { le(value, count).reversed() }

        /// A QOI of one colour, `pixels` long, coded as well as QOI can: a run chunk (62 pixels) per byte.
        static func flatQOI(width: Int, height: Int, droppingRuns dropped: Int = 0) -> [UInt8] {
            let pixels = width * height
            var runs = [UInt8](repeating: 0xC0 | 61, count: pixels / 62)
            if pixels % 62 > 0 { runs.append(0xC0 | UInt8(pixels % 62 - 1)) }
            runs.removeLast(dropped)
            return Array("qoif".utf8) + be(width, 4) + be(height, 4) + [4, 0] + runs + [0, 0, 0, 0, 0, 0, 0, 1]
        }

        /// A 24-bit run-length TGA of one colour (blue 200, green 100, red 50), 128 pixels a packet: TGA's best.
        static func flatTGA(width: Int, height: Int, droppingPackets dropped: Int = 0) -> [UInt8] {
            let pixels = width * height
            var body: [UInt8] = []
            var left = pixels
            while left > 0 {
                let run = min(left, 128)
                body += [0x80 | UInt8(run - 1), 200, 100, 50]
                left -= run
            }
            body.removeLast(4 * dropped)
            return [0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0] + le(width, 2) + le(height, 2) + [24, 0x20] + body
        }

        /// Files that claim far more pixels than their bytes can hold, as the issue's hostile tester made them.
        static let claims: [(name: String, bytes: [UInt8], format: String)] = [
            // The issue's 22-byte QOI: header and end marker only, claiming 10000 × 10000.
            (
                "claims.qoi", Array("qoif".utf8) + be(10_000, 4) + be(10_000, 4) + [4, 0] + [0, 0, 0, 0, 0, 0, 0, 1],
                "QOI"
            ),
            // The issue's 58-byte TGA: an RLE header claiming 10000 × 10000 and ten packets.
            (
                "claims.tga",
                [0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0] + le(10_000, 2) + le(10_000, 2) + [24, 0x20]
                    + Array([[UInt8]](repeating: [0xFF, 1, 2, 3], count: 10).joined()), "TGA"
            ),
            (
                "raw.tga",
                [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0] + le(1000, 2) + le(1000, 2) + [24, 0x20]
                    + [UInt8](repeating: 7, count: 100), "TGA"
            ),
            ("claims.ppm", Array("P6\n1000 1000\n255\n".utf8) + [UInt8](repeating: 9, count: 100), "PNM"),
            ("claims.pgm", Array("P5\n3000 3000\n255\n".utf8) + [UInt8](repeating: 9, count: 5000), "PNM"),
            (
                "claims.bmp",
                Array("BM".utf8) + le(54 + 100, 4) + le(0, 4) + le(54, 4) + le(40, 4) + le(2000, 4)
                    + le(2000, 4) + le(1, 2) + le(24, 2) + [UInt8](repeating: 0, count: 24)
                    + [UInt8](repeating: 1, count: 100),
                "BMP"
            ),
            (
                "claims.png",
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13, 4) + Array("IHDR".utf8)
                    + be(9000, 4) + be(9000, 4) + [8, 2, 0, 0, 0] + [0, 0, 0, 0] + [UInt8](repeating: 0x5A, count: 100),
                "PNG"
            ),
            (
                "claims.gif",
                Array("GIF89a".utf8) + le(8000, 2) + le(8000, 2) + [0, 0, 0] + [0x2C] + le(0, 2) + le(0, 2)
                    + le(8000, 2) + le(8000, 2) + [0] + [2, 2, 0x4C, 0x01, 0] + [0x3B], "GIF"
            ),
            (
                "claims.jpg",
                [0xFF, 0xD8, 0xFF, 0xC0] + be(17, 2) + [8] + be(9000, 2) + be(9000, 2)
                    + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1] + [UInt8](repeating: 0x5A, count: 100), "JPEG"
            ),
            // A flat QOI one run short of its claim.
            ("short.qoi", flatQOI(width: 620, height: 100, droppingRuns: 1), "QOI"),
            ("short.tga", flatTGA(width: 640, height: 100, droppingPackets: 1), "TGA"),
        ]

        @Test(arguments: claims.indices)
        func aFileTooShortForItsClaimIsRefusedAsDamaged(index: Int) throws {
            let claim = Self.claims[index]
            let folder = try TemporaryDirectory()
            let path = try folder.write(claim.bytes, to: claim.name)
            let decoder = ImageDecoder()
            do {
                let surface = try decoder.decode(.file(path: path), fitting: PixelSize(width: 320, height: 240))
                Issue.record("\(claim.name) decoded to \(surface.size) instead of being refused")
            } catch {
                guard case .corrupt(let format, let detail) = error.reason else {
                    Issue.record("\(claim.name): \(error.reason)")
                    return
                }
                #expect(format == claim.format)
                #expect(detail.contains("cannot hold"), "\(detail)")
                #expect(error.description.contains("corrupt or truncated \(claim.format)"))
            }
            // Refused before any reservation: the decoder never asked the budget for the claim's bytes.
            #expect(decoder.budget.peakReservedBytes == 0)
        }

        @Test func theIssuesQOIAndTGAClaimsNeedMoreBytesThanTheyHave() {
            let qoi = Self.claims[0].bytes
            let tga = Self.claims[1].bytes
            #expect(qoi.count == 22 && tga.count == 58)
            let size = PixelSize(width: 10_000, height: 10_000)
            #expect(ImageHeader.fewestBytes(holding: size, format: .qoi, Self.reader(qoi)) == 22 + 1_612_904)
            #expect(ImageHeader.fewestBytes(holding: size, format: .tga, Self.reader(tga)) == 18 + 781_250 * 4)
        }

        static func reader(_ bytes: [UInt8]) -> ImageHeader.Reader {
            { offset, count in
                guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
                return Array(bytes[offset..<min(offset + count, bytes.count)])
            }
        }

        /// A QOI and a TGA at exactly their format's best ratio are accepted and decode to their one colour.
        @Test func flatFilesAtTheBestRatioDecode() throws {
            let folder = try TemporaryDirectory()
            let qoi = Self.flatQOI(width: 620, height: 100)
            #expect(
                ImageHeader.fewestBytes(
                    holding: PixelSize(width: 620, height: 100), format: .qoi, Self.reader(qoi)) == qoi.count)
            let tga = Self.flatTGA(width: 640, height: 100)
            #expect(
                ImageHeader.fewestBytes(
                    holding: PixelSize(width: 640, height: 100), format: .tga, Self.reader(tga)) == tga.count)
            let box = PixelSize(width: 640, height: 100)
            let qoiSurface = try ImageDecoder().decode(.file(path: folder.write(qoi, to: "flat.qoi")), fitting: box)
            #expect(qoiSurface.pixel(x: 5, y: 5) == RGBA(r: 0, g: 0, b: 0))
            let tgaSurface = try ImageDecoder().decode(.file(path: folder.write(tga, to: "flat.tga")), fitting: box)
            #expect(tgaSurface.pixel(x: 5, y: 5) == RGBA(r: 50, g: 100, b: 200))
        }

        /// Flat pictures written by the usual encoders (libpng through SDL_image, libjpeg-turbo, SDL's BMP writer)
        /// are far above their bound, and decode.
        @Test(arguments: ["png", "jpg", "bmp"])
        func flatFilesFromRealEncodersDecode(kind: String) throws {
            let folder = try TemporaryDirectory()
            let size = PixelSize(width: 3000, height: 2000)
            let path = folder.path("flat.\(kind)")
            switch kind {
            case "png":
                let surface = try Surface(width: size.width, height: size.height, opaque: true)
                try surface.fill(nil, color: RGBA(r: 10, g: 200, b: 30))
                try surface.saveOpaquePNG(to: path)
            case "jpg":
                try folder.write(
                    JPEGFixture.rgb(width: size.width, height: size.height) { _, _ in
                        RGBA(r: 10, g: 200, b: 30)
                    }, to: "flat.jpg")
            default:
                let surface = try Surface(width: size.width, height: size.height, opaque: true)
                try surface.fill(nil, color: RGBA(r: 10, g: 200, b: 30))
                #expect(SDL_SaveBMP_RW(surface.handle, SDL_RWFromFile(path, "wb"), 1) == 0)
            }
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let header = ImageHeader.read(bytes: bytes, fileExtension: kind)
            #expect(header.size == size)
            #expect(ImageHeader.implausibility(of: header, byteCount: bytes.count, Self.reader(bytes)) == nil)
            let format = try #require(header.format)
            let fewest = try #require(ImageHeader.fewestBytes(holding: size, format: format, Self.reader(bytes)))
            #expect(fewest <= bytes.count, "\(kind): \(bytes.count) bytes, bound \(fewest)")
            let decoded = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 300, height: 200))
            let centre = decoded.pixel(x: 150, y: 100)
            #expect(abs(Int(centre.g) - 200) <= 3 && abs(Int(centre.r) - 10) <= 3, "\(centre)")
        }

        /// Formats with no bound (WebP, TIFF, RLE BMP, arithmetic JPEG) are left to the size limits.
        @Test func formatsWithoutABoundAreNotJudged() {
            let webp = HostileHeader.webp.bytes
            #expect(
                ImageHeader.fewestBytes(
                    holding: PixelSize(width: 100, height: 100), format: .webp, Self.reader(webp)) == nil)
            let arithmetic: [UInt8] =
                [0xFF, 0xD8, 0xFF, 0xC9] + Self.be(11, 2) + [8] + Self.be(9000, 2)
                + Self.be(9000, 2) + [1, 1, 0x11, 0]
            #expect(
                ImageHeader.fewestBytes(
                    holding: PixelSize(width: 9000, height: 9000), format: .jpeg, Self.reader(arithmetic)) == nil)
            #expect(
                ImageHeader.fewestBytes(
                    holding: PixelSize(width: 1 << 30, height: 1 << 30), format: .qoi, Self.reader([])) == nil)
        }
    }
}
