import DecoderProcess
import GalleryCore
import GalleryTesting
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// Thumbnails through the decoder processes: the PNG a decoder process encodes for the shared thumbnail cache is the
    /// very file the viewer wrote when it decoded and encoded thumbnails itself, and a photo that cannot be decoded
    /// fails for the same lasting reason (so its fail entry is still written).
    @Suite struct DecoderThumbnailTests {
        init() throws {
            _ = try SDLTestSession.start()
        }

        /// A photo of `width` × `height`, a JPEG, or a PNG with transparency (its left half clear) when `alpha`.
        static func photo(width: Int, height: Int, alpha: Bool, in folder: TemporaryDirectory) throws -> String {
            guard alpha else {
                let jpeg = JPEGFixture.rgb(width: width, height: height) { x, y in
                    RGBA(r: UInt8(x * 255 / width), g: UInt8(y * 255 / height), b: 90, a: 255)
                }
                return try folder.write(jpeg, to: "photo-\(width)x\(height).jpg")
            }
            let pixels = try PixelBuffer(width: width, height: height, format: .argb8888)
            pixels.paint { x, y in RGBA(r: 200, g: UInt8(y % 256), b: 30, a: x < width / 2 ? 0 : 255) }
            return try folder.write(try PNGEncoder.png(of: pixels, opaque: false), to: "photo-\(width)x\(height).png")
        }

        @Test(arguments: [(640, 480, false), (1000, 300, true), (64, 48, false), (40, 90, true)])
        func aDecoderProcessEncodesTheSamePNGAsTheInlineDecoder(width: Int, height: Int, alpha: Bool) throws {
            let folder = try TemporaryDirectory()
            let path = try Self.photo(width: width, height: height, alpha: alpha, in: folder)
            let pool = ProcessDecoding.makePool(options: ImageOptions(), processCount: 1)
            defer { pool.shutdown() }
            for side in [128, 256] {
                let inline = try #require(try ImageDecoder().thumbnailPNG(of: .file(path: path), side: side))
                let process = try #require(
                    try ProcessDecoding.thumbnailPNG(of: .file(path: path), side: side, pool: pool))
                #expect(
                    process == inline, "\(width)×\(height) at \(side): \(process.count) against \(inline.count) bytes")
                // Fitted inside the side, never enlarged.
                let decoded = try process.withUnsafeBytes { bytes in
                    Result { () throws(DecodeFailure.Reason) in try ImageLoader.load(.png, bytes) }
                }.get()
                let expected = PixelSize(width: width, height: height).fitted(
                    inside: PixelSize(width: side, height: side))
                #expect(
                    decoded.size
                        == (width <= side && height <= side ? PixelSize(width: width, height: height) : expected))
            }
        }

        @Test func anUndecodablePhotoFailsForTheSameLastingReason() throws {
            let folder = try TemporaryDirectory()
            let path = try folder.write(Array("not a picture at all".utf8), to: "broken.jpg")
            let pool = ProcessDecoding.makePool(options: ImageOptions(), processCount: 1)
            defer { pool.shutdown() }
            let inline = #expect(throws: DecodeFailure.self) {
                try ImageDecoder().thumbnailPNG(of: .file(path: path), side: 128)
            }
            let process = #expect(throws: DecodeFailure.self) {
                try ProcessDecoding.thumbnailPNG(of: .file(path: path), side: 128, pool: pool)
            }
            #expect(process?.reason == inline?.reason)
            #expect(ThumbnailMaker<ProcessPictureDecoder>.isLasting(try #require(process?.reason)))
        }

        /// The thumbnail flag crosses the wire as bit 9 of the flags, and alone.
        @Test func theThumbnailFlagCrossesAsBitNine() throws {
            var request = DecoderRequest(
                boxWidth: 256, boxHeight: 256, budgetBytes: 0, cpuSeconds: 0, fileExtension: "jpg")
            request.thumbnailPNG = true
            let bytes = request.encoded
            #expect(UInt16(bytes[6]) | UInt16(bytes[7]) << 8 == 1 << 9)
            let decoded = try #require(DecoderRequest(decoding: bytes))
            #expect(decoded == request)
            request.thumbnailPNG = false
            #expect(DecoderRequest(decoding: request.encoded)?.thumbnailPNG == false)
        }
    }
}

/// The viewer's own PNG encoder (shots): what SDL_image reads back is the picture written, with or without alpha.
@Suite struct PNGEncoderTests {
    @Test(arguments: [false, true])
    func whatIsWrittenReadsBackPixelForPixel(opaque: Bool) throws {
        let pixels = try PixelBuffer(width: 37, height: 21, format: .argb8888)
        pixels.paint { x, y in RGBA(r: UInt8(x * 7), g: UInt8(y * 12), b: UInt8((x * y) % 256), a: UInt8((x + y) * 4)) }
        let png = try PNGEncoder.png(of: pixels, opaque: opaque)
        let read = try png.withUnsafeBytes { bytes in
            Result { () throws(DecodeFailure.Reason) in try ImageLoader.load(.png, bytes) }
        }.get()
        #expect(read.size == pixels.size)
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                var expected = pixels.rgba(x: x, y: y)
                if opaque { expected.a = 255 }
                #expect(read.rgba(x: x, y: y) == expected, "(\(x), \(y))")
            }
        }
    }
}
