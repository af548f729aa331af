import GalleryCore
import ImageLoader
import Imaging

/// Animated GIFs and WebPs: every frame, composited by SDL_image (`IMG_LoadGIFAnimation_RW` applies each frame's
/// disposal and transparency) or libwebp (`WebPAnimation`), fitted to the page's size on the worker like a still photo.
extension ImageDecoder {
    /// What an animated page's decode gives.
    enum AnimationOutcome {
        /// The first frame, carrying all the frames (`DecodedPicture.animation`).
        case animation(DecodedPicture)
        /// Not animated (one frame, or SDL_image found none): decoded as a still.
        case still
        /// Animated, but its frames would not fit the decode budget: decoded as a still, with this note.
        case firstFrameOnly(String)
    }

    /// Decodes an animated GIF's or WebP's frames when they fit the budget: counted first by a cheap walk over the
    /// file's blocks (`GIFScan`, `WebPScan`), so a hostile file's frames × width × height is refused before any frame
    /// is decoded.
    func decodeAnimation(
        _ format: ImageHeader.Format, _ file: ImageFile, header: ImageHeader, fileExtension: String,
        fitting box: PixelSize
    ) throws(DecodeFailure.Reason) -> AnimationOutcome {
        let bytes = try file.contents()
        guard ImageHeader.read(bytes: bytes, fileExtension: fileExtension) == header else {
            throw .unreadable("the file changed while it was read")
        }
        let frameCount: Int
        let loopCount: Int
        let canvas: PixelSize
        // One frame decoded at its stated size before it is clipped to the canvas: SDL_image's indices and colour.
        var frameBytes = 0
        switch format {
        case .gif:
            guard let scan = GIFScan(bytes: bytes), scan.frameCount > 1 else { return .still }
            (frameCount, loopCount) = (scan.frameCount, scan.loopCount)
            canvas = PixelSize(width: scan.width, height: scan.height)
            frameBytes = scan.largestFrameArea * 5
        case .webp:
            guard let scan = WebPScan(bytes: bytes), scan.isAnimated, scan.frameCount > 1 else { return .still }
            (frameCount, loopCount) = (scan.frameCount, scan.loopCount)
            canvas = PixelSize(width: scan.width, height: scan.height)
        default:
            return .still
        }
        let size = PixelSize(width: max(canvas.width, 1), height: max(canvas.height, 1))
        guard accepts(size) else { throw .tooLarge(size) }
        let shown = shownSize(of: size, in: box)
        let estimate = Self.animationBytes(frames: frameCount, size: size, shown: shown) + frameBytes + bytes.count
        guard estimate <= budget.totalBytes else {
            let larger = frameBytes > size.area * 4 ? ", frames stated up to \(frameBytes / 5) px," : ""
            return .firstFrameOnly(
                "first frame only: \(frameCount) frames of \(size.width)×\(size.height) px\(larger) "
                    + "need \(estimate >> 20) MB, over the \(budget.totalBytes >> 20) MB decode budget")
        }
        guard budget.reserve(estimate) else { throw .processingFailed("the gallery is shutting down") }
        defer { budget.release(estimate) }
        return try bytes.withUnsafeBytes { buffer in
            Result { () throws(DecodeFailure.Reason) -> AnimationOutcome in
                format == .gif
                    ? try loadGIFFrames(buffer, loopCount: loopCount, fitting: box)
                    : try loadWebPFrames(buffer, fitting: box)
            }
        }.get()
    }

    /// Bytes an animation's decode holds at its peak: SDL_image's composited frames at full size, one converted
    /// copy, and the fitted frames with one scaling's halvings.
    static func animationBytes(frames: Int, size: PixelSize, shown: PixelSize) -> Int {
        let (full, overflowFull) = frames.multipliedReportingOverflow(by: size.area * 4)
        let (fitted, overflowFitted) = frames.multipliedReportingOverflow(by: shown.area * 4)
        guard !overflowFull, !overflowFitted else { return .max / 2 }
        return full + size.area * 4 + fitted + 3 * 4 * shown.area
    }

    /// SDL_image's frames of the GIF in `buffer`, fitted inside `box`.
    private func loadGIFFrames(
        _ buffer: UnsafeRawBufferPointer, loopCount: Int, fitting box: PixelSize
    ) throws(DecodeFailure.Reason) -> AnimationOutcome {
        guard let (frames, delays) = try ImageLoader.gifAnimation(buffer), frames.count > 1 else { return .still }
        let count = frames.count
        let size = frames[0].size
        guard accepts(size) else { throw .tooLarge(size) }
        let shown = shownSize(of: size, in: box)
        var fitted: [PixelBuffer] = []
        fitted.reserveCapacity(count)
        for frame in frames {
            fitted.append(try fit(DecodedImage(pixels: frame), to: shown).pixels)
        }
        // SDL_image's delays are milliseconds (the GIF's hundredths times ten).
        let clock = AnimationClock(delays: (0..<count).map { Double(delays[$0]) / 1000 }, loopCount: loopCount)
        return try Self.carrying(fitted, clock: clock)
    }

    /// libwebp's composited frames of the WebP in `buffer`, fitted inside `box`, turned upright by its `EXIF` chunk and
    /// colour-managed like a still WebP.
    private func loadWebPFrames(
        _ buffer: UnsafeRawBufferPointer, fitting box: PixelSize
    ) throws(DecodeFailure.Reason) -> AnimationOutcome {
        let colour = embeddedColour(.webp, buffer)
        let orientation = ExifOrientation.read(webp: buffer)
        var fitted: [PixelBuffer] = []
        var delays: [Double] = []
        let loopCount = try WebPAnimation(bytes: buffer).decode { frame, delay throws(DecodeFailure.Reason) in
            guard accepts(frame.size) else { throw .tooLarge(frame.size) }
            // Fitted in stored axes (the swap is its own inverse), then turned: the smaller picture is turned.
            let shown = orientation.upright(shownSize(of: orientation.upright(frame.size), in: box))
            let image = managed(
                try oriented(try fit(DecodedImage(pixels: frame), to: shown), orientation), from: colour)
            fitted.append(image.pixels)
            delays.append(delay)
        }
        guard fitted.count > 1 else { return .still }
        return try Self.carrying(fitted, clock: AnimationClock(delays: delays, loopCount: loopCount))
    }

    /// The first frame carrying all of them.
    private static func carrying(_ frames: [PixelBuffer], clock: AnimationClock) throws(DecodeFailure.Reason)
        -> AnimationOutcome
    {
        .animation(DecodedPicture(pixels: frames[0], animation: AnimationFrames(frames: frames, clock: clock)))
    }
}
