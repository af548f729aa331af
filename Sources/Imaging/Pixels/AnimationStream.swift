import Dispatch
import Support

/// Where an animation's frames come from, one at a time: composited (disposal and blending applied) and fitted to the
/// size the page is drawn at. A GIF read record by record, libwebp's animation decoder, or a decoder process holding
/// either. Holds only what the next frame needs (the canvas, and a saved one for GIF's "restore previous"), so its
/// memory does not grow with the frame count. Used by one thread at a time (an `AnimationStream`'s queue).
public protocol AnimationFrameSource: AnyObject {
    /// Frame `index` of the animation. Frames are decoded in order: a later frame composites the ones between, an
    /// earlier one starts again from the first.
    func frame(_ index: Int) throws(DecodeFailure.Reason) -> PixelBuffer
}

/// An animation played in constant memory: its clock (known from a scan of the file before any frame is decoded) and
/// its frames decoded as they fall due, from a source opened when it starts playing and closed when it stops.
///
/// The viewer asks for the frame due (`frame(_:)`), uploads it, and asks for the next one ahead (`prepare(_:)`), which
/// is decoded on the stream's own queue meanwhile, so at the due time the frame is only uploaded. The ring is the
/// source's canvas, the frame shown and the frame ahead.
///
/// `@unchecked Sendable`: everything mutable (`source`, `ahead`, `shown`, `failure`) is touched only on `queue`.
public final class AnimationStream: @unchecked Sendable {
    /// When each frame shows.
    public let clock: AnimationClock
    /// Bytes a playing animation holds at its peak besides the file: the canvas and a saved one (giflib's "restore
    /// previous", libwebp's previous canvas), a copy of the canvas, and the frame shown, the frame ahead and one
    /// scaling's halvings at the page's size; the same whether it plays in this process or a decoder's.
    public static func playingBytes(canvas: PixelSize, shown: PixelSize) -> Int {
        3 * 4 * canvas.area + 4 * 4 * shown.area
    }

    /// The size of the frames (the first one's: the page's picture).
    public let size: PixelSize
    /// Bytes a playing stream holds at most: the source's canvases and the two frames; counted with the page.
    public let byteCount: Int

    /// Opens the source (on `queue`, when playback starts or starts again).
    private let open: @Sendable () throws(DecodeFailure.Reason) -> any AnimationFrameSource
    /// The queue every decode runs on, one at a time: a decode thread of the stream's own.
    private let queue = DispatchQueue(label: "gallery-animation", qos: .userInitiated)
    /// The open source, while playing.
    private var source: (any AnimationFrameSource)?
    /// The frame decoded ahead, and its index.
    private var ahead: (index: Int, pixels: PixelBuffer)?
    /// The frame last handed out, and its index (asked again when its texture is made again).
    private var shown: (index: Int, pixels: PixelBuffer)?
    /// Why the frames stopped: once a decode fails, the stream gives no more (the last frame stays on screen).
    private var failure: DecodeFailure.Reason?

    /// A stream of frames of `size` timed by `clock`, decoded from the source `open` makes; `byteCount` is what the
    /// source and two frames hold.
    public init(
        clock: AnimationClock, size: PixelSize, byteCount: Int,
        open: @escaping @Sendable () throws(DecodeFailure.Reason) -> any AnimationFrameSource
    ) {
        self.clock = clock
        self.size = size
        self.byteCount = byteCount
        self.open = open
    }

    /// Frame `index`: the one decoded ahead when it is that one, else decoded now (waiting for a decode ahead first).
    /// A failure is final: the stream's source is closed, and every later call gives the same failure.
    public func frame(_ index: Int) -> Result<PixelBuffer, DecodeFailure.Reason> {
        queue.sync { decoded(index) }
    }

    /// Starts decoding frame `index` ahead, on the stream's queue; `frame(index)` then only takes it.
    public func prepare(_ index: Int) {
        queue.async { [self] in
            guard ahead?.index != index, shown?.index != index, failure == nil else { return }
            if case .success(let pixels) = decode(index) { ahead = (index, pixels) }
        }
    }

    /// Stops playback: the source closes and the frames are let go (the page keeps its first frame). Playing again
    /// opens the source again.
    public func stop() {
        queue.async { [self] in
            source = nil
            ahead = nil
            shown = nil
        }
    }

    /// Every frame in order, at once: for tests and benchmarks only (playback never holds them all).
    package func everyFrame() throws(DecodeFailure.Reason) -> [PixelBuffer] {
        var frames: [PixelBuffer] = []
        for index in 0..<clock.frameCount { frames.append(try frame(index).get()) }
        return frames
    }

    /// Whether the source is open (playing), after every decode asked for so far: for tests.
    public var isOpen: Bool { queue.sync { source != nil } }

    /// Frame `index`, from the decode ahead or decoded now; on `queue`.
    private func decoded(_ index: Int) -> Result<PixelBuffer, DecodeFailure.Reason> {
        if let failure { return .failure(failure) }
        if let shown, shown.index == index { return .success(shown.pixels) }
        if let ahead, ahead.index == index {
            self.ahead = nil
            shown = ahead
            return .success(ahead.pixels)
        }
        let result = decode(index)
        if case .success(let pixels) = result { shown = (index, pixels) }
        return result
    }

    /// Decodes frame `index` from the source, opened first when needed; on `queue`.
    private func decode(_ index: Int) -> Result<PixelBuffer, DecodeFailure.Reason> {
        guard (0..<clock.frameCount).contains(index) else {
            return .failure(.processingFailed("no frame \(index) of \(clock.frameCount)"))
        }
        do throws(DecodeFailure.Reason) {
            let opened: any AnimationFrameSource
            if let source { opened = source } else { opened = try open() }
            source = opened
            return .success(try opened.frame(index))
        } catch {
            failure = error
            source = nil
            ahead = nil
            return .failure(error)
        }
    }
}
