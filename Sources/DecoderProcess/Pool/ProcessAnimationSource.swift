import Glibc
import Imaging
import Support

/// An animation's frames decoded by a decoder process of its own: the process keeps the file's frame source open (one
/// canvas, as in-process playback does) and renders each frame asked for into the reply's memory, like a page.
///
/// Started when the stream starts playing, with the pool's executable, arguments and sandbox; it re-opens the file
/// read-only itself and sends it with every request. Ended when the source goes (the stream stopped, the page left);
/// a process that dies makes `frame(_:)` throw, and the stream keeps its last frame.
final class ProcessAnimationSource: AnimationFrameSource {
    /// The process ids of the sources playing now: tests kill one mid-play.
    private static let playing = LockedState<Set<Int32>>([])

    private let process: DecoderProcessHandle
    private let file: ImageFile
    private let request: DecoderRequest
    private let deadline: Double

    /// A process of `pool`'s configuration, playing the file at `path` fitted inside `box`.
    init(path: String, box: PixelSize, pool: DecoderPool) throws(DecodeFailure.Reason) {
        let configuration = pool.configuration
        do throws(DecoderFault) {
            process = try DecoderProcessHandle(
                executable: configuration.executable, arguments: DecoderPool.arguments(configuration))
        } catch {
            throw .decoderStopped(error.message)
        }
        file = try ImageFile(path: path)
        var request = DecoderRequest(
            boxWidth: Int32(clamping: box.width), boxHeight: Int32(clamping: box.height), animated: true,
            budgetBytes: configuration.budgetBytes, cpuSeconds: configuration.cpuSeconds,
            fileExtension: ProcessDecoding.fileExtension(path))
        request.animationFrame = true
        // The libraries its format needs, loaded before the sandbox: libjxl for JPEG XL, SDL_image for an APNG whose
        // frames are not plain PNGs (giflib and libwebp are linked).
        let header = ImageHeader.read(file.read(at:count:), fileExtension: request.fileExtension)
        request.libraries = FormatLibrarySet.needed(for: header.format, read: file.read(at:count:))
        self.request = request
        deadline = configuration.deadlineSeconds
        if let profile = pool.outputProfile {
            _ = process.sendProfile(profile.bytes, generation: profile.generation, deadline: deadline)
        }
        let processID = process.processID
        Self.playing.withLock { _ = $0.insert(processID) }
    }

    deinit {
        let processID = process.processID
        Self.playing.withLock { _ = $0.remove(processID) }
        process.end()
    }

    /// The process ids of the animation processes playing now.
    package static var playingProcessIDs: Set<Int32> { playing.withLock { $0 } }

    func frame(_ index: Int) throws(DecodeFailure.Reason) -> PixelBuffer {
        var message = request
        message.frameIndex = Int32(clamping: index)
        switch process.exchange(message, descriptor: file.descriptor, deadline: deadline) {
        case .failure(let fault): throw .decoderStopped(fault.message)
        case .success(let answer):
            guard answer.reply.succeeded else {
                throw DecodeFailureCode.decode(code: answer.reply.failureCode, texts: answer.reply.texts)
            }
            guard let pixels = answer.pixels else { throw .processingFailed("the decoder sent no frame") }
            return pixels
        }
    }
}

extension ProcessDecoding {
    /// `picture`, the first frame of an animated-purpose decode of the file at `path`, with an `AnimationStream` played
    /// by a process of its own when the file's scan (a decoder's, for JPEG XL) says it is an animated GIF, WebP, PNG or JPEG XL whose canvas fits `budget`: the
    /// clock, size and byte count computed as the inline path computes them. Otherwise `picture` as it is.
    static func animated(
        _ picture: DecodedPicture, file: ImageFile, format: ImageHeader.Format?, path: String, box: PixelSize,
        pool: DecoderPool, budgetBytes: Int
    ) -> DecodedPicture {
        guard picture.animation == nil else { return picture }
        let clock: AnimationClock
        let canvas: PixelSize
        var fileBytes = 0
        switch format {
        case .gif?:
            guard let scan = GIFScan(scanning: FileBytes(file)), scan.frameCount > 1 else { return picture }
            clock = AnimationClock(delays: scan.delays, loopCount: scan.loopCount)
            canvas = PixelSize(width: scan.width, height: scan.height)
        case .webp?:
            guard let bytes = try? file.contents(), let scan = WebPScan(bytes: bytes), scan.isAnimated,
                scan.frameCount > 1
            else { return picture }
            clock = AnimationClock(delays: scan.delays, loopCount: scan.loopCount)
            canvas = PixelSize(width: scan.width, height: scan.height)
            fileBytes = bytes.count
        case .png?:
            // The decoder checked the canvas against its limits; the sides are bounded again here (31 bits each in
            // the file), so the byte counts below cannot overflow whatever the file became since.
            guard let bytes = try? file.contents(), let scan = APNGScan(bytes: bytes), scan.isAnimated,
                scan.width <= 1 << 20, scan.height <= 1 << 20
            else { return picture }
            clock = AnimationClock(delays: scan.delays, loopCount: scan.loopCount)
            canvas = PixelSize(width: scan.width, height: scan.height)
            // And one frame's decode (`ImageDecoder.frameDecodingBytesPerPixel`).
            fileBytes = bytes.count + 8 * canvas.area
        case .jxl?:
            // libjxl reads the frame headers in a decoder process: the viewer parses no JPEG XL.
            guard let scanned = animationClock(path: path, box: box, pool: pool) else { return picture }
            clock = scanned.clock
            canvas = scanned.size
            // libjxl's output buffer and float planes (`ImageDecoder.frameDecodingBytesPerPixel`), and the file.
            fileBytes = file.stamp.byteCount + 28 * canvas.area
        default:
            return picture
        }
        let size = PixelSize(width: max(canvas.width, 1), height: max(canvas.height, 1))
        let byteCount = AnimationStream.playingBytes(canvas: size, shown: picture.pixels.size)
        guard byteCount + fileBytes <= budgetBytes else { return picture }
        let stream = AnimationStream(
            clock: clock, size: picture.pixels.size, byteCount: byteCount,
            open: { () throws(DecodeFailure.Reason) -> any AnimationFrameSource in
                try ProcessAnimationSource(path: path, box: box, pool: pool)
            })
        var animated = picture
        animated.animation = stream
        return animated
    }
}
