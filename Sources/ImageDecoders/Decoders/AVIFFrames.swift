import Imaging

/// An AVIF image sequence's frames through one libavif decoder kept open while the animation plays (`AVIFSequence`):
/// the next frame continues the AV1 decode, any other starts again from its keyframe. Each frame is a whole picture of
/// the canvas's size (AV1 sequences have no frame rectangles to composite), converted to RGBA into one buffer.
final class AVIFFrames: AnimationFrameSource {
    /// libavif's decoder.
    private let sequence: AVIFSequence
    /// The canvas as stored, 8-bit RGBA: libavif's output.
    private let pixels: UnsafeMutableRawBufferPointer
    /// Makes a frame of a copy of the canvas (fitted, turned upright, colour-managed).
    private let finish: (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer

    /// Frames of the AVIF image sequence in `sequence`, made into pictures by `finish`.
    init(_ sequence: AVIFSequence, finish: @escaping (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer) {
        self.sequence = sequence
        pixels = .allocate(byteCount: max(sequence.storedSize.area * 4, 4), alignment: 16)
        self.finish = finish
    }

    deinit { pixels.deallocate() }

    func frame(_ index: Int) throws(DecodeFailure.Reason) -> PixelBuffer {
        try sequence.decodeFrame(index, into: pixels)
        let size = sequence.storedSize
        let canvas: PixelBuffer
        do {
            canvas = try PixelBuffer.copying(
                rgba: UnsafeRawPointer(pixels.baseAddress!), size: size, stride: size.width * 4,
                opaque: !sequence.hasAlpha)
        } catch {
            throw .processingFailed(error.description)
        }
        return try finish(canvas)
    }
}
