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

/// An animated WebP's frames one at a time through one `WebPAnimDecoder` kept open while the animation plays: libwebp
/// holds the canvas (and the previous one it disposes to), not every frame. Looping resets the decoder.
final class WebPFrames: AnimationFrameSource {
    /// The file's bytes, in memory of their own: libwebp reads them for as long as the decoder lives.
    private let bytes: UnsafeMutableRawBufferPointer
    /// libwebp's decoder.
    private let decoder: OpaquePointer
    /// The canvas size.
    let canvas: PixelSize
    /// Makes a frame of libwebp's canvas, which it reuses (copied, fitted, turned, colour-managed).
    private let finish: (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer
    /// The index of the next frame libwebp gives.
    private var next = 0

    /// Frames of the animated WebP in `source` (copied), each handed to `finish` as libwebp's canvas.
    init(
        bytes source: UnsafeRawBufferPointer,
        finish: @escaping (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer
    )
        throws(DecodeFailure.Reason)
    {
        bytes = .allocate(byteCount: max(source.count, 1), alignment: 16)
        if let base = source.baseAddress { bytes.baseAddress!.copyMemory(from: base, byteCount: source.count) }
        self.finish = finish
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            bytes.deallocate()
            throw .processingFailed("libwebp: version mismatch")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var data = WebPData(bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: source.count)
        guard let decoder = WebPAnimDecoderNew(&data, &options) else {
            bytes.deallocate()
            throw .corrupt(format: "WebP", detail: "libwebp cannot read the animation")
        }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.canvas_width > 0, info.canvas_height > 0 else {
            WebPAnimDecoderDelete(decoder)
            bytes.deallocate()
            throw .corrupt(format: "WebP", detail: "libwebp cannot read the animation's canvas")
        }
        self.decoder = decoder
        canvas = PixelSize(width: Int(info.canvas_width), height: Int(info.canvas_height))
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        bytes.deallocate()
    }

    func frame(_ index: Int) throws(DecodeFailure.Reason) -> PixelBuffer {
        guard index >= 0 else { throw .processingFailed("no frame \(index)") }
        if index < next {
            WebPAnimDecoderReset(decoder)
            next = 0
        }
        var pixels: UnsafeMutablePointer<UInt8>?
        while next <= index {
            var timestamp: Int32 = 0
            guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else {
                throw .corrupt(format: "WebP", detail: "the animation has \(next) frames, not \(index + 1)")
            }
            guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0 else {
                throw .corrupt(format: "WebP", detail: "libwebp cannot decode frame \(next + 1)")
            }
            next += 1
        }
        guard let pixels else { throw .corrupt(format: "WebP", detail: "libwebp gave no frame \(index + 1)") }
        let frame: PixelBuffer
        do {
            frame = try PixelBuffer.copying(rgba: pixels, size: canvas, stride: canvas.width * 4, opaque: false)
        } catch {
            throw .processingFailed(error.description)
        }
        return try finish(frame)
    }
}
