import CFormatDecoding
import ImageLoader
import Imaging

/// Draws SVG documents with librsvg (and cairo), from bytes already read through `ImageFile`: a vector picture is
/// drawn at the size it is shown at, never scaled from pixels, and a zoomed one's visible part again at the zoom's
/// scale (`render(size:part:)`), so it stays sharp at any zoom.
///
/// librsvg gets the bytes and no base URI, so it loads nothing the document names outside itself (files, the
/// network): such an image or stylesheet is left out, and the sandbox would refuse the open anyway. Its own limits
/// hold the hostile documents (entity loops and billion laughs, nesting over 256 elements deep, over 500 000
/// referenced elements: refused with librsvg's message); a size stated in the document matters only for its shape,
/// as the picture is drawn at the page's size. Not `Sendable`: one thread at a time.
package final class SVGDecoder {
    /// The longer side, in pixels, of a document that states no width and height: its viewBox's shape at this size, or
    /// a square of it without a viewBox.
    package static let defaultSide = 1024.0

    private let document: OpaquePointer
    /// The document's size in pixels (`defaultSide` when it states none).
    package let width: Double
    /// The document's height in pixels.
    package let height: Double
    /// Whether the document states its size itself (absolute width and height).
    package let statesSize: Bool

    /// The document in `bytes`, parsed, or why it cannot be.
    package init(bytes: UnsafeRawBufferPointer) throws(DecodeFailure.Reason) {
        try FormatLibraries.require(.svg)
        var error = [CChar](repeating: 0, count: 512)
        guard let document = gallery_svg_open(bytes.baseAddress, bytes.count, &error, error.count) else {
            throw .corrupt(format: "SVG", detail: Self.text(error))
        }
        self.document = document
        var width = 0.0
        var height = 0.0
        statesSize = gallery_svg_size(document, Self.defaultSide, &width, &height) == 1
        self.width = width
        self.height = height
    }

    deinit { gallery_svg_close(document) }

    /// The document's size in whole pixels, at least 1 × 1.
    package var size: PixelSize {
        PixelSize(width: max(Int(width.rounded()), 1), height: max(Int(height.rounded()), 1))
    }

    /// The part `part` of the picture drawn at `size`, in a new buffer (shared memory when `shared`).
    package func render(size: PixelSize, part: PixelRect, shared: Bool) throws(DecodeFailure.Reason) -> PixelBuffer {
        let pixels: PixelBuffer
        do {
            pixels = try PixelBuffer(width: part.width, height: part.height, format: .argb8888, shared: shared)
        } catch {
            throw .processingFailed(error.description)
        }
        var error = [CChar](repeating: 0, count: 512)
        let drawn = gallery_svg_render(
            document, width, height, Int32(clamping: size.width), Int32(clamping: size.height),
            Int32(clamping: part.x), Int32(clamping: part.y), Int32(clamping: part.width),
            Int32(clamping: part.height), pixels.storage.bytes, Int32(clamping: pixels.stride), &error, error.count)
        guard drawn == 0 else { throw .corrupt(format: "SVG", detail: Self.text(error)) }
        return pixels
    }

    private static func text(_ error: [CChar]) -> String {
        "librsvg: " + String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
