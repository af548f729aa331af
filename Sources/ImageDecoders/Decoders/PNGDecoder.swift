import CPNG
import Imaging

/// Decodes a plain PNG (`PNGLayout.isPlain`) with libpng's simplified reader: any colour type, palette and `tRNS`
/// transparency expanded, interlaced or not, to ARGB8888 with straight alpha (XRGB8888 when the file has no alpha).
/// What SDL_image's loader gives for such a file, without SDL_image: a decoder process reading the thumbnail cache
/// maps only libpng.
package struct PNGDecoder {
    /// The PNG file's bytes.
    package let bytes: UnsafeRawBufferPointer

    /// A decoder of the PNG in `bytes`.
    package init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The picture at its stored size; throws why it cannot be decoded.
    package func decode() throws(DecodeFailure.Reason) -> PixelBuffer {
        let facts = gallery_png_read_header(bytes.baseAddress, bytes.count)
        guard facts.failed == 0 else {
            throw .corrupt(format: "PNG", detail: Self.text(facts.message))
        }
        let buffer: PixelBuffer
        do {
            buffer = try PixelBuffer(
                width: Int(facts.width), height: Int(facts.height),
                format: facts.has_alpha != 0 ? .argb8888 : .xrgb8888)
        } catch {
            throw .processingFailed(error.description)
        }
        var message = [CChar](repeating: 0, count: 64)
        let failed = gallery_png_decode_bgra(
            bytes.baseAddress, bytes.count, buffer.storage.bytes, Int32(buffer.stride), &message)
        guard failed == 0 else {
            throw .corrupt(
                format: "PNG",
                detail: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return buffer
    }

    /// libpng's message in a fixed C array.
    private static func text<Tuple>(_ tuple: Tuple) -> String {
        withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
