import GalleryCore

/// An animation's frames, composited (disposal and transparency applied) and fitted to the size the page is drawn at,
/// with their timing. Made on a decode thread and handed over once, like `PixelBuffer`; only read afterwards.
public final class AnimationFrames: Sendable {
    /// Every frame in order, all of one size, in `PixelFormat.argb8888` or `.xrgb8888`.
    public let frames: [PixelBuffer]
    /// When each frame shows.
    public let clock: AnimationClock

    /// Frames and their timing; `frames` and `clock` count the same frames.
    package init(frames: [PixelBuffer], clock: AnimationClock) {
        precondition(frames.count == clock.frameCount, "one delay per frame")
        self.frames = frames
        self.clock = clock
    }

    /// Bytes of pixel memory the frames hold.
    public var byteCount: Int { frames.reduce(0) { $0 + $1.byteCount } }
}
