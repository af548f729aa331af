import DecoderProcess
import Foundation
import GalleryCore
import GalleryTesting
import ImageDecoders
import Imaging
import Testing

@testable import Gallery

extension SDLSerializedTests {
    /// A page's first picture asked of a decoder process (as the viewer does): the same preview as inline, and none
    /// for a file without one.
    @Suite struct DecoderPreviewTests {
        static let box = PixelSize(width: 320, height: 240)

        init() throws {
            _ = try SDLTestSession.start()
        }

        /// A 64 × 48 HEIC of two colours (with a 32-pixel thumbnail when `thumbnail`), and the JPEG it came from.
        static func photos(in folder: TemporaryDirectory, thumbnail: Bool) throws -> (heic: String, jpeg: String) {
            let jpeg = try folder.write(
                JPEGFixture.rgb(width: 64, height: 48) { x, _ in
                    x < 32 ? RGBA(r: 200, g: 40, b: 40) : RGBA(r: 40, g: 40, b: 200)
                }, to: "source.jpg")
            let heic = folder.path(thumbnail ? "thumbnail.heic" : "plain.heic")
            try #require(
                EncodedFixture.encode(jpeg, with: .heic, to: heic, options: thumbnail ? ["-t", "32"] : []),
                "heif-enc failed")
            return (heic, jpeg)
        }

        static func request(_ path: String) -> DecodeRequest {
            DecodeRequest(photo: 0, source: .file(path: path), box: box, generation: 0, purpose: .page)
        }

        @Test func aDecoderProcessAnswersWithTheInlinePreview() throws {
            let folder = try TemporaryDirectory()
            let (heic, _) = try Self.photos(in: folder, thumbnail: true)
            let pool = DecoderPoolTests.pool()
            defer { pool.shutdown() }
            let preview = try #require(ProcessDecoding.preview(Self.request(heic), pool: pool))
            let inline = try #require(ImageDecoder().preview(.file(path: heic), fitting: Self.box))
            #expect(preview.size == inline.size)
            #expect(preview.size == PixelSize(width: 320, height: 240))
            for x in [40, 280] { #expect(preview.pixel(x: x, y: 120) == inline.pixel(x: x, y: 120)) }
        }

        @Test func noPreviewWithoutAThumbnailNorForAJPEG() throws {
            let folder = try TemporaryDirectory()
            let (heic, jpeg) = try Self.photos(in: folder, thumbnail: false)
            let pool = DecoderPoolTests.pool()
            defer { pool.shutdown() }
            #expect(ProcessDecoding.preview(Self.request(heic), pool: pool) == nil)
            #expect(ProcessDecoding.preview(Self.request(jpeg), pool: pool) == nil)
            // The pool still decodes after the refusals.
            #expect(try ProcessDecoding.decode(Self.request(heic), pool: pool).size.width > 0)
        }
    }
}
