import Foundation
import GalleryTesting
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// Orientation stated outside a JPEG's EXIF: a WebP's `EXIF` chunk and a PNG's XMP packet turn the picture upright
    /// as a JPEG's EXIF does.
    @Suite struct OrientationMetadataTests {
        let folder: TemporaryDirectory

        init() throws {
            try SDLTestSession.start()
            folder = try TemporaryDirectory()
        }

        /// The little-endian RIFF chunk `type` holding `data`, padded to an even length.
        static func riffChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Array(type.utf8) + littleEndian(data.count, 4) + data + (data.count % 2 == 1 ? [0] : [])
        }

        static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(value >> (8 * $0) & 0xFF) }
        }

        /// An extended WebP (WebP container specification: `VP8X` with the EXIF flag, the image chunk, then the `EXIF`
        /// chunk holding the TIFF structure) around the image chunk of the simple WebP `simple`.
        static func webp(wrapping simple: [UInt8], size: PixelSize, exif: [UInt8]) throws -> [UInt8] {
            try #require(simple.count > 20 && simple[12..<16].elementsEqual("VP8L".utf8), "a simple lossless WebP")
            let image = Array(simple[12...])
            let header = [0x08, 0, 0, 0] + littleEndian(size.width - 1, 3) + littleEndian(size.height - 1, 3)
            let body = Array("WEBP".utf8) + riffChunk("VP8X", header) + image + riffChunk("EXIF", exif)
            return Array("RIFF".utf8) + littleEndian(body.count, 4) + body
        }

        /// The decoded picture is upright: each quadrant's centre has its colour exactly (lossless fixtures).
        func expectUpright(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let surface = try ImageDecoder().decode(.file(path: path), fitting: ModernFormatTests.upright)
            try #require(surface.size == ModernFormatTests.upright, sourceLocation: sourceLocation)
            for (x, y) in [(16, 12), (48, 12), (16, 36), (48, 36)] {
                #expect(
                    surface.pixel(x: x, y: y) == ModernFormatTests.quadrant(x, y), "\(path) at \(x), \(y)",
                    sourceLocation: sourceLocation)
            }
        }

        @Test(
            "WebP container spec: the EXIF chunk's Orientation (TIFF tag 274) turns the picture upright",
            arguments: ModernFormatTests.orientations)
        func webpExifOrientation(orientation: ExifOrientation) throws {
            let (stored, pixels) = ModernFormatTests.storedPixels(orientation)
            let source = try folder.write(
                EncodedFixture.ppm(width: stored.width, height: stored.height) { pixels[$1 * stored.width + $0] },
                to: "s\(orientation.rawValue).ppm")
            let simple = folder.path("s\(orientation.rawValue).webp")
            try #require(EncodedFixture.run(["convert", source, "-define", "webp:lossless=true", simple]))
            let exif = PNGExifAndWidePNMTests.exif(orientation: orientation.rawValue)
            let bytes = try Self.webp(
                wrapping: Array(try #require(FileManager.default.contents(atPath: simple))), size: stored, exif: exif)
            #expect(bytes.withUnsafeBytes { ExifOrientation.read(webp: $0) } == orientation)
            try expectUpright(try folder.write(bytes, to: "o\(orientation.rawValue).webp"))
            // Some writers keep the `Exif\0\0` header of a JPEG's APP1 segment in the chunk: read alike.
            let prefixed = try Self.webp(
                wrapping: Array(try #require(FileManager.default.contents(atPath: simple))), size: stored,
                exif: Array("Exif\0\0".utf8) + exif)
            #expect(prefixed.withUnsafeBytes { ExifOrientation.read(webp: $0) } == orientation)
        }

        @Test("WebP container spec: an animated WebP's EXIF orientation turns every frame, and its first frame alone")
        func animatedWebPExifOrientation() throws {
            // Two frames stored as orientation 6 (rotated clockwise) stores them: 48 × 64, upright 64 × 48.
            let (stored, pixels) = ModernFormatTests.storedPixels(.rotatedClockwise)
            let source = try folder.write(
                EncodedFixture.ppm(width: stored.width, height: stored.height) { pixels[$1 * stored.width + $0] },
                to: "frame.ppm")
            // The second frame differs in one corner pixel, away from the pixels checked, so it is kept as a frame.
            let second = try folder.write(
                EncodedFixture.ppm(width: stored.width, height: stored.height) {
                    $0 == 0 && $1 == 0 ? .black : pixels[$1 * stored.width + $0]
                }, to: "second.ppm")
            let animated = folder.path("animated.webp")
            try #require(
                EncodedFixture.run([
                    "convert", "-delay", "10", "-loop", "0", source, second, "-define", "webp:lossless=true", animated,
                ]))
            var bytes = Array(try #require(FileManager.default.contents(atPath: animated)))
            try #require(bytes[12..<16].elementsEqual("VP8X".utf8) && bytes[20] & 0x02 != 0, "an animated WebP")
            bytes[20] |= 0x08  // The VP8X flag saying an EXIF chunk follows the frames.
            bytes += Self.riffChunk("EXIF", PNGExifAndWidePNMTests.exif(orientation: 6))
            bytes.replaceSubrange(4..<8, with: Self.littleEndian(bytes.count - 8, 4))
            let path = try folder.write(bytes, to: "animated-6.webp")
            let decoded = try ImageDecoder().decode(
                .file(path: path), fitting: ModernFormatTests.upright, region: nil, animated: true)
            let frames = try #require(decoded.animation).everyFrame()
            #expect(frames.count == 2)
            let still = try ImageDecoder().decode(.file(path: path), fitting: ModernFormatTests.upright)
            for frame in frames + [still.pixels] {
                try #require(frame.size == ModernFormatTests.upright)
                for (x, y) in [(16, 12), (48, 12), (16, 36), (48, 36)] {
                    #expect(frame.rgba(x: x, y: y) == ModernFormatTests.quadrant(x, y), "at \(x), \(y)")
                }
            }
        }

        /// An XMP packet whose `tiff:Orientation` is `value`, in the attribute or the element form.
        static func xmp(orientation value: Int, element: Bool) -> String {
            let description =
                element
                ? "<rdf:Description rdf:about=\"\" xmlns:tiff=\"http://ns.adobe.com/tiff/1.0/\">"
                    + "<tiff:Orientation>\(value)</tiff:Orientation></rdf:Description>"
                : "<rdf:Description rdf:about=\"\" xmlns:tiff=\"http://ns.adobe.com/tiff/1.0/\" "
                    + "tiff:Orientation=\"\(value)\"/>"
            return "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>"
                + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF "
                + "xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">" + description
                + "</rdf:RDF></x:xmpmeta><?xpacket end=\"r\"?>"
        }

        /// A PNG stored so that `orientation` turns it upright, with `chunks` before its pixels.
        static func png(_ orientation: ExifOrientation, chunks: [(String, [UInt8])]) -> [UInt8] {
            let (stored, pixels) = ModernFormatTests.storedPixels(orientation)
            let rows = (0..<stored.height).map { y in
                (0..<stored.width).flatMap { x in
                    let c = pixels[y * stored.width + x]
                    return [Int(c.r), Int(c.g), Int(c.b)]
                }
            }
            return PNGWriter.png(
                width: stored.width, height: stored.height, bitDepth: 8, colourType: 2, rows: rows, chunks: chunks)
        }

        static let xmpCases: [(ExifOrientation, Bool)] = ModernFormatTests.orientations.flatMap {
            [($0, false), ($0, true)]
        }

        @Test(
            "XMP spec part 1 (packet in PNG iTXt XML:com.adobe.xmp) and part 2 / TIFF tag 274: tiff:Orientation applies",
            arguments: xmpCases)
        func pngXMPOrientation(orientation: ExifOrientation, element: Bool) throws {
            let itxt =
                Array("XML:com.adobe.xmp\0\0\0\0\0".utf8)
                + Array(Self.xmp(orientation: orientation.rawValue, element: element).utf8)
            let png = Self.png(orientation, chunks: [("iTXt", itxt)])
            #expect(png.withUnsafeBytes { ExifOrientation.read(png: $0) } == orientation)
            try expectUpright(try folder.write(png, to: "x\(orientation.rawValue)\(element).png"))
        }

        @Test("an eXIf chunk's orientation wins over XMP's; XMP without the tag or out of range is upright")
        func exifWinsOverXMP() throws {
            let xmp = { (value: Int) in
                Array("XML:com.adobe.xmp\0\0\0\0\0".utf8) + Array(Self.xmp(orientation: value, element: false).utf8)
            }
            let png = Self.png(
                .rotatedClockwise,
                chunks: [("iTXt", xmp(3)), ("eXIf", PNGExifAndWidePNMTests.exif(orientation: 6))])
            #expect(png.withUnsafeBytes { ExifOrientation.read(png: $0) } == .rotatedClockwise)
            try expectUpright(try folder.write(png, to: "both.png"))
            #expect(ExifOrientation.read(xmp: Array("<x tiff:Orientation=\"9\"/>".utf8)[...]) == nil)
            #expect(ExifOrientation.read(xmp: Array("<x tiff:OrientationX=\"3\"/>".utf8)[...]) == nil)
            #expect(ExifOrientation.read(xmp: Array("<x exif:PixelXDimension=\"3\"/>".utf8)[...]) == nil)
        }
    }
}
