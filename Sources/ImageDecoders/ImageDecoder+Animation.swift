import ImageLoader
import Imaging
import Support

/// Animated GIFs, WebPs, PNGs, JPEG XLs and AVIF image sequences, played in constant memory: the clock comes from a
/// cheap walk over the file's blocks (`GIFScan`, `WebPScan`, `APNGScan`, `JXLAnimationScan`, an AVIF's track tables
/// through `AVIFSequence`), the first frame is decoded at once like a still, and the rest are decoded as they fall due
/// by an `AnimationStream` over a source that holds one canvas (`GIFFrames` through giflib, `WebPFrames` through
/// libwebp, `APNGFrames` through the PNG path, `JXLFrames` through libjxl, `AVIFFrames` through libavif), each frame
/// fitted to the page's size as a still photo is.
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

    /// The first frame of the animated GIF, WebP, PNG or JPEG XL at `path`, carrying a stream of its frames, when a canvas fits the
    /// budget. The frame count and delays come from the scan, so a hostile file's frames cost nothing up front.
    func decodeAnimation(
        _ format: ImageHeader.Format, _ file: ImageFile, path: String, header: ImageHeader, fileExtension: String,
        fitting box: PixelSize
    ) throws(DecodeFailure.Reason) -> AnimationOutcome {
        // A still AVIF (no `avis` brand) is libheif's alone: libavif is not even loaded for it.
        if format == .avif, !ImageHeader.isAVIFSequence(file.read(at:count:)) { return .still }
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
        case .png:
            guard let scan = APNGScan(bytes: bytes), scan.isAnimated else { return .still }
            clock = AnimationClock(delays: scan.delays, loopCount: scan.loopCount)
            canvas = PixelSize(width: scan.width, height: scan.height)
        case .jxl:
            let scanned = bytes.withUnsafeBytes { JXLAnimationScan(bytes: $0) }
            guard let scan = scanned, scan.frameCount > 1 else { return .still }
            clock = AnimationClock(delays: scan.delays, loopCount: scan.loopCount)
            canvas = scan.size
        case .avif:
            // libavif refusing the sequence (damaged, over the frame cap) leaves the file to libheif's still.
            let scanned = bytes.withUnsafeBytes {
                AVIFSequence.scan($0, maximumSide: maximumSide, maximumPixelCount: maximumPixelCount)
            }
            guard let scan = scanned else { return .still }
            // libavif 0.11 reads no loop count (`repetitionCount` came later): a sequence plays forever, as browsers do.
            clock = AnimationClock(delays: scan.delays, loopCount: 0)
            canvas = scan.canvas
        default:
            return .still
        }
        let size = PixelSize(width: max(canvas.width, 1), height: max(canvas.height, 1))
        guard accepts(size) else { throw .tooLarge(size) }
        let estimate =
            AnimationStream.playingBytes(canvas: size, shown: shownSize(of: size, in: box))
            + Self.frameDecodingBytesPerPixel(format) * size.area + bytes.count
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

    /// Bytes a frame source holds per canvas pixel besides `AnimationStream.playingBytes`: an APNG frame's decode (the
    /// loader's pixels and a converted copy, at most the canvas's size); libjxl's output buffer and its own float
    /// planes for coalescing; dav1d's eight reference pictures and the one it decodes (8-bit 4:4:4 with alpha, 4 bytes a
    /// pixel each) and libavif's RGBA output. Deeper samples hold more, within the decoder process's memory limit.
    static func frameDecodingBytesPerPixel(_ format: ImageHeader.Format) -> Int {
        switch format {
        case .png: 8
        case .jxl: 28
        case .avif: 40
        default: 0
        }
    }

    /// A source of the frames of the GIF, animated WebP, PNG, JPEG XL or AVIF sequence in `buffer` (copied), fitted
    /// inside `box`; WebP and PNG frames turned upright by their EXIF, AVIF frames by their `irot` and `imir`, and
    /// colour-managed like their stills (libjxl turns its own).
    package func frameSource(
        _ format: ImageHeader.Format, _ buffer: UnsafeRawBufferPointer, fitting box: PixelSize
    ) throws(DecodeFailure.Reason) -> any AnimationFrameSource {
        if format == .gif { return try GIFFrames(bytes: buffer, finish: gifFrameFinish(fitting: box)) }
        if format == .jxl {
            let colour = try JXLDecoder(bytes: buffer).colour()
            return try JXLFrames(bytes: buffer, accepts: accepts, finish: frameFinish(fitting: box, .up, colour))
        }
        if format == .avif {
            let sequence = try AVIFSequence(
                bytes: buffer, maximumSide: maximumSide, maximumPixelCount: maximumPixelCount)
            guard sequence.frameCount > 1 else { throw AVIFSequence.corrupt("not an image sequence") }
            return AVIFFrames(sequence, finish: frameFinish(fitting: box, sequence.orientation, sequence.colour))
        }
        let colour = embeddedColour(format, buffer)
        let orientation = format == .png ? ExifOrientation.read(png: buffer) : ExifOrientation.read(webp: buffer)
        let finish = frameFinish(fitting: box, orientation, colour)
        if format == .png {
            let bytes = Array(buffer)
            guard let scan = APNGScan(bytes: bytes) else { throw .corrupt(format: "PNG", detail: "no PNG header") }
            return try APNGFrames(bytes: bytes, scan: scan, decodePNG: Self.decodeFramePNG, finish: finish)
        }
        return try WebPFrames(bytes: buffer, finish: finish)
    }

    /// A frame made of a canvas (a copy of its own): fitted in stored axes (the swap is its own inverse), then turned
    /// by `orientation` (the smaller picture is turned) and converted from `colour`.
    private func frameFinish(
        fitting box: PixelSize, _ orientation: ExifOrientation, _ colour: EmbeddedColour?
    ) -> (PixelBuffer) throws(DecodeFailure.Reason) -> PixelBuffer {
        let decoder = self
        return { frame throws(DecodeFailure.Reason) in
            guard decoder.accepts(frame.size) else { throw .tooLarge(frame.size) }
            let shown = orientation.upright(decoder.shownSize(of: orientation.upright(frame.size), in: box))
            let fitted = try decoder.fit(DecodedImage(pixels: frame), to: shown)
            return decoder.managed(try decoder.oriented(fitted, orientation), from: colour).pixels
        }
    }

    /// One APNG frame's PNG decoded as a still PNG is: libpng alone when it is plain, else SDL_image's loader.
    private static func decodeFramePNG(_ png: UnsafeRawBufferPointer) throws(DecodeFailure.Reason) -> PixelBuffer {
        PNGLayout.isPlain(png) ? try PNGDecoder(bytes: png).decode() : try ImageLoader.load(.png, png)
    }
}
