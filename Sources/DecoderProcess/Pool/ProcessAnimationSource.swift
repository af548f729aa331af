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
        // The libraries its format needs, loaded before the sandbox (libjxl for JPEG XL, SDL_image for an APNG whose
        // frames are not plain PNGs; giflib and libwebp are linked), as a decoder's header read said.
        request.libraries =
            ProcessHeaders.header(of: file, fileExtension: request.fileExtension, pool: pool)?.libraries
            ?? ProcessHeaders.guessedLibraries(signature: file.signature(), fileExtension: request.fileExtension)
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
    /// by a process of its own when a decoder's scan of the file (`AnimationRecord`) says it is an animated GIF, WebP,
    /// PNG or JPEG XL whose canvas fits `budget`: the
    /// clock, size and byte count computed as the inline path computes them. Otherwise `picture` as it is.
    static func animated(
        _ picture: DecodedPicture, file: ImageFile, format: ImageHeader.Format?, path: String, box: PixelSize,
        pool: DecoderPool, budgetBytes: Int
    ) -> DecodedPicture {
        guard picture.animation == nil, let format, [.gif, .webp, .png, .jxl, .avif].contains(format),
            let scanned = ProcessDecoding.animationClock(of: file, path: path, format: format, pool: pool)
        else { return picture }
        let clock = AnimationClock(delays: scanned.delays, loopCount: scanned.loopCount)
        let size = scanned.canvas
        // What the frames' decodes hold besides the canvas (`ImageDecoder.frameDecodingBytesPerPixel`): a WebP's
        // whole file; an APNG's file and one frame's decode; JPEG XL's file, libjxl's output buffer and float planes;
        // an AVIF sequence's file, dav1d's reference pictures and libavif's output.
        // The record's sides are at most 2^24 each, so none of this can overflow.
        let fileBytes: Int
        switch format {
        case .webp: fileBytes = file.stamp.byteCount
        case .png: fileBytes = file.stamp.byteCount + 8 * size.area
        case .jxl: fileBytes = file.stamp.byteCount + 28 * size.area
        case .avif: fileBytes = file.stamp.byteCount + 40 * size.area
        default: fileBytes = 0
        }
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

extension ProcessDecoding {
    /// The frame clock of the GIF, WebP, PNG, JPEG XL or AVIF sequence open as `file` (named by `path`), scanned by a
    /// process of `pool`: the viewer reads none of it. Nil when it is no animation, the process failed, or the answer is
    /// no valid record.
    static func animationClock(
        of file: ImageFile, path: String, format: ImageHeader.Format? = nil, pool: DecoderPool
    ) -> AnimationRecord.Clock? {
        var message = DecoderRequest(
            kind: .animationClock, boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0,
            fileExtension: fileExtension(path))
        // An AVIF sequence's clock is libavif's reading: a process that loaded it (another may have been sealed
        // without it, and would answer "no animation").
        if format == .avif { message.libraries = .avif }
        guard case .success(let answer) = pool.decode(descriptor: file.descriptor, request: message),
            answer.reply.succeeded, let record = answer.encoded, let clock = AnimationRecord.decoded(record)
        else { return nil }
        return clock
    }
}
