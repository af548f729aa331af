import CWebPDemux
import Imaging

/// An animated WebP's frames through libwebp's `WebPAnimDecoder`, which composites each frame onto the canvas (blend
/// and dispose methods applied) as browsers do; SDL_image 2.6 cannot decode animated WebP at all.
package struct WebPAnimation {
    /// The file's bytes.
    package let bytes: UnsafeRawBufferPointer

    /// A decoder of the animated WebP file in `bytes`.
    package init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Decodes the first `limit` frames in order, handing each full-canvas frame (straight ARGB8888) and its
    /// delay in seconds to `each`; returns the loop count the file states (0: forever).
    @discardableResult
    package func decode(
        limit: Int = .max, _ each: (PixelBuffer, Double) throws(DecodeFailure.Reason) -> Void
    ) throws(DecodeFailure.Reason) -> Int {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw .processingFailed("libwebp: version mismatch") }
        // Not premultiplied, as PixelBuffer's pixels are.
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var data = WebPData(bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: bytes.count)
        guard let decoder = WebPAnimDecoderNew(&data, &options) else {
            throw .corrupt(format: "WebP", detail: "libwebp cannot read the animation")
        }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.canvas_width > 0, info.canvas_height > 0 else {
            throw .corrupt(format: "WebP", detail: "libwebp cannot read the animation's canvas")
        }
        let width = Int(info.canvas_width)
        let height = Int(info.canvas_height)
        var previous: Int32 = 0
        var count = 0
        while count < limit, WebPAnimDecoderHasMoreFrames(decoder) != 0 {
            var pixels: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
                throw .corrupt(format: "WebP", detail: "libwebp cannot decode frame \(count + 1)")
            }
            let frame: PixelBuffer
            do {
                frame = try PixelBuffer.copying(
                    rgba: pixels, size: PixelSize(width: width, height: height), stride: width * 4, opaque: false)
            } catch {
                throw .processingFailed(error.description)
            }
            // Timestamps are each frame's end, in milliseconds.
            try each(frame, Double(timestamp - previous) / 1000)
            previous = timestamp
            count += 1
        }
        guard count > 0 else { throw .corrupt(format: "WebP", detail: "the animation has no frames") }
        return Int(info.loop_count)
    }
}
