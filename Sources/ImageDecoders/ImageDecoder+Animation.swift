import ImageLoader
import Imaging
import Support

/// Animated GIFs and WebPs, played in constant memory: the clock comes from a cheap walk over the file's blocks
/// (`GIFScan`, `WebPScan`), the first frame is decoded at once like a still, and the rest are decoded as they fall due
/// by an `AnimationStream` over a source that holds one canvas (`GIFFrames` through giflib, `WebPFrames` through
/// libwebp), each frame fitted to the page's size as a still photo is.
extension ImageDecoder {
    /// What an animated page's decode gives.
    enum AnimationOutcome {
        /// The first frame, carrying the stream of the others (`DecodedPicture.animation`).
        case animation(DecodedPicture)
        /// Not animated (one frame): decoded as a still.
        case still
        /// Animated, but one canvas would not fit the decode budget: decoded as a still, with this note.
        case firstFrameOnly(String)
    }

    /// The first frame of the animated GIF or WebP at `path`, carrying a stream of its frames, when a canvas fits the
    /// budget. The frame count and delays come from the scan, so a hostile file's frames cost nothing up front.
    func decodeAnimation(
        _ format: ImageHeader.Format, _ file: ImageFile, path: String, header: ImageHeader, fileExtension: String,
        fitting box: PixelSize
    ) throws(DecodeFailure.Reason) -> AnimationOutcome {
        // A GIF is scanned and decoded from the file a window at a time; libwebp's demuxer needs the whole file.
        let bytes = format == .gif ? [] : try file.contents()
        if format != .gif {
            guard ImageHeader.read(bytes: bytes, fileExtension: fileExtension) == header else {
                throw .unreadable("the file changed while it was read")
            }
        }
        let clock: AnimationClock
        let canvas: PixelSize
        switch format {
        case .gif:
            guard let scan = GIFScan(scanning: FileBytes(file)), scan.frameCount > 1 else { return .still }
            clock = AnimationClock(delays: scan.delays, loopCount: scan.loopCount)
            canvas = PixelSize(width: scan.width, height: scan.height)
        case .webp:
            guard let scan = WebPScan(bytes: bytes), scan.isAnimated, scan.frameCount > 1 else { return .still }
            clock = AnimationClock(delays: scan.delays, loopCount: scan.loopCount)
            canvas = PixelSize(width: scan.width, height: scan.height)
        default:
            return .still
        }
        let size = PixelSize(width: max(canvas.width, 1), height: max(canvas.height, 1))
        guard accepts(size) else { throw .tooLarge(size) }
        let estimate = AnimationStream.playingBytes(canvas: size, shown: shownSize(of: size, in: box)) + bytes.count
        guard estimate <= budget.totalBytes else {
            return .firstFrameOnly(
                "first frame only: a canvas of \(size.width)×\(size.height) px needs \(estimate >> 20) MB, "
                    + "over the \(budget.totalBytes >> 20) MB decode budget")
        }
        guard budget.reserve(estimate) else { throw .processingFailed("the gallery is shutting down") }
        defer { budget.release(estimate) }
        let first: PixelBuffer
        if format == .gif {
            first = try gifFrames(file, fitting: box).frame(0)
        } else {
            first = try bytes.withUnsafeBytes { buffer in
                Result { () throws(DecodeFailure.Reason) -> PixelBuffer in
                    try frameSource(format, buffer, fitting: box).frame(0)
                }
            }.get()
        }
        let decoder = self
        let stream = AnimationStream(
            clock: clock, size: first.size, byteCount: estimate - bytes.count,
            open: { () throws(DecodeFailure.Reason) -> any AnimationFrameSource in
                try decoder.reopenedSource(format, path: path, header: header, fileExtension: fileExtension, box: box)
            })
        return .animation(DecodedPicture(pixels: first, animation: stream))
    }

    /// The frame source of the animation at `path`, opened again for playback: refused when the file changed since
    /// its first frame was decoded (its scan's clock would not match its frames).
    package func reopenedSource(
        _ format: ImageHeader.Format, path: String, header: ImageHeader, fileExtension: String, box: PixelSize
    ) throws(DecodeFailure.Reason) -> any AnimationFrameSource {
        let file = try ImageFile(path: path)
        guard ImageHeader.read({ file.read(at: $0, count: $1) }, fileExtension: fileExtension) == header else {
            throw .unreadable("the file changed while it played")
        }
        if format == .gif { return try gifFrames(file, fitting: box) }
        let bytes = try file.contents()
        return try bytes.withUnsafeBytes { buffer in
            Result { () throws(DecodeFailure.Reason) -> any AnimationFrameSource in
                try frameSource(format, buffer, fitting: box)
            }
        }.get()
    }

    /// The frames of the GIF in the open `file`, read from it a window at a time, fitted inside `box`.
    func gifFrames(_ file: ImageFile, fitting box: PixelSize) throws(DecodeFailure.Reason) -> GIFFrames {
        try GIFFrames(file: file, finish: gifFrameFinish(fitting: box))
    }

    /// A GIF frame made of its canvas: fitted inside `box`, a copy when it is shown at the canvas's size (the canvas is
    /// composited onto again).
    private func gifFrameFinish(fitting box: PixelSize) -> (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer {
        let decoder = self
        return { canvas throws(DecodeFailure.Reason) in
            let shown = decoder.shownSize(of: canvas.size, in: box)
            do throws(PixelBufferError) {
                return shown == canvas.size
                    ? try canvas.cropped(to: PixelRect(x: 0, y: 0, width: shown.width, height: shown.height))
                    : try canvas.scaled(to: shown)
            } catch {
                throw .processingFailed(error.description)
            }
        }
    }

    /// A source of the frames of the GIF or animated WebP in `buffer` (copied), fitted inside `box`; WebP frames turned
    /// upright by its `EXIF` chunk and colour-managed like a still WebP.
    package func frameSource(
        _ format: ImageHeader.Format, _ buffer: UnsafeRawBufferPointer, fitting box: PixelSize
    ) throws(DecodeFailure.Reason) -> any AnimationFrameSource {
        if format == .gif { return try GIFFrames(bytes: buffer, finish: gifFrameFinish(fitting: box)) }
        let colour = embeddedColour(.webp, buffer)
        let orientation = ExifOrientation.read(webp: buffer)
        let decoder = self
        return try WebPFrames(bytes: buffer) { frame throws(DecodeFailure.Reason) in
            guard decoder.accepts(frame.size) else { throw .tooLarge(frame.size) }
            // Fitted in stored axes (the swap is its own inverse), then turned: the smaller picture is turned.
            let shown = orientation.upright(decoder.shownSize(of: orientation.upright(frame.size), in: box))
            let fitted = try decoder.fit(DecodedImage(pixels: frame), to: shown)
            return decoder.managed(try decoder.oriented(fitted, orientation), from: colour).pixels
        }
    }
}
