import CJXL
import ImageLoader
import Imaging

/// An animated JPEG XL's frames through one libjxl decoder kept open while the animation plays: libjxl composites each
/// displayed frame onto the canvas itself (coalescing, its default) and turns it upright, into one output buffer of
/// the canvas's size. A later frame skips the ones between (`JxlDecoderSkipFrames`); an earlier one rewinds.
final class JXLFrames: AnimationFrameSource {
    /// The file's bytes, in memory of their own: libjxl reads them for as long as the decoder lives.
    private let bytes: UnsafeMutableRawBufferPointer
    /// libjxl's decoder.
    private let decoder: OpaquePointer
    /// libjxl's thread pool (one worker a core), kept with the decoder.
    private let runner: UnsafeMutableRawPointer?
    /// The canvas, upright.
    let size: PixelSize
    /// Whether the file has no alpha channel.
    private let opaque: Bool
    /// libjxl's output: the canvas as 8-bit RGBA.
    private let pixels: UnsafeMutableRawBufferPointer
    /// Makes a frame of a copy of the canvas (fitted, colour-managed).
    private let finish: (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer
    /// The index of the next frame libjxl gives.
    private var next = 0

    /// Frames of the animated JPEG XL in `source` (copied), refused when `accepts` refuses its canvas.
    init(
        bytes source: UnsafeRawBufferPointer, accepts: (PixelSize) -> Bool,
        finish: @escaping (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer
    ) throws(DecodeFailure.Reason) {
        try FormatLibraries.require(.jxl)
        guard let scan = JXLAnimationScan(bytes: source), scan.frameCount > 1 else {
            throw .corrupt(format: "JPEG XL", detail: "not an animation")
        }
        guard accepts(scan.size) else { throw .tooLarge(scan.size) }
        guard let decoder = JxlDecoderCreate(nil) else { throw .processingFailed("libjxl: no memory for a decoder") }
        bytes = .allocate(byteCount: max(source.count, 1), alignment: 16)
        if let base = source.baseAddress { bytes.baseAddress!.copyMemory(from: base, byteCount: source.count) }
        pixels = .allocate(byteCount: scan.size.area * 4, alignment: 16)
        self.decoder = decoder
        runner = JxlThreadParallelRunnerCreate(nil, JxlThreadParallelRunnerDefaultNumWorkerThreads())
        size = scan.size
        opaque = !scan.hasAlpha
        self.finish = finish
        // Everything is held: a failure from here on is let go by `deinit`.
        if let runner, JxlDecoderSetParallelRunner(decoder, JxlThreadParallelRunner, runner) != JXL_DEC_SUCCESS {
            throw .processingFailed("libjxl: the parallel runner was refused")
        }
        guard rewind() else { throw Self.corrupt("the decoder refused the input") }
    }

    deinit {
        JxlDecoderDestroy(decoder)
        if let runner { JxlThreadParallelRunnerDestroy(runner) }
        bytes.deallocate()
        pixels.deallocate()
    }

    func frame(_ index: Int) throws(DecodeFailure.Reason) -> PixelBuffer {
        guard index >= 0 else { throw .processingFailed("no frame \(index)") }
        if index < next {
            JxlDecoderRewind(decoder)
            guard rewind() else { throw Self.corrupt("the decoder refused the input") }
            next = 0
        }
        if index > next {
            JxlDecoderSkipFrames(decoder, index - next)
            next = index
        }
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        // Bounded: a frame is a handful of events (the basic info again after a rewind, the frame, its buffer).
        for _ in 0..<16 {
            switch JxlDecoderProcessInput(decoder) {
            case JXL_DEC_BASIC_INFO, JXL_DEC_FRAME:
                continue
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                var byteCount = 0
                guard JxlDecoderImageOutBufferSize(decoder, &format, &byteCount) == JXL_DEC_SUCCESS,
                    byteCount == pixels.count,
                    JxlDecoderSetImageOutBuffer(decoder, &format, pixels.baseAddress, pixels.count) == JXL_DEC_SUCCESS
                else { throw Self.corrupt("unexpected output buffer size") }
            case JXL_DEC_FULL_IMAGE:
                next += 1
                let canvas: PixelBuffer
                do {
                    canvas = try PixelBuffer.copying(
                        rgba: UnsafeRawPointer(pixels.baseAddress!), size: size, stride: size.width * 4,
                        opaque: opaque)
                } catch {
                    throw .processingFailed(error.description)
                }
                return try finish(canvas)
            case JXL_DEC_NEED_MORE_INPUT, JXL_DEC_SUCCESS:
                throw Self.corrupt("the file ends before frame \(index + 1)")
            default:
                throw Self.corrupt("frame \(index + 1) is damaged")
            }
        }
        throw Self.corrupt("no frame \(index + 1) after 16 decoder events")
    }

    /// Asks libjxl for the frames and gives it the whole file again, from its start; whether it took them. libjxl
    /// 0.7 forgets the events asked for when it rewinds (its header says it keeps them): after a rewind without them
    /// it only says it is done.
    private func rewind() -> Bool {
        let events = Int32(JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_FRAME.rawValue | JXL_DEC_FULL_IMAGE.rawValue)
        guard JxlDecoderSubscribeEvents(decoder, events) == JXL_DEC_SUCCESS,
            JxlDecoderSetInput(decoder, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
                == JXL_DEC_SUCCESS
        else { return false }
        JxlDecoderCloseInput(decoder)
        return true
    }

    private static func corrupt(_ detail: String) -> DecodeFailure.Reason {
        .corrupt(format: "JPEG XL", detail: detail)
    }
}
