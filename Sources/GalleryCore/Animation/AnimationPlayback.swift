import Support

/// The animation of the page on screen: which photo, its `AnimationClock`, and whether it plays. Paused by the user
/// (Ctrl+Space, or stepping a frame with Ctrl+N / Ctrl+P) or while the window is hidden; a paused or hidden
/// animation asks for no wake-up, so the window sleeps.
public struct AnimationPlayback: Equatable, Sendable {
    /// The photo (library index) that animates.
    public let photo: PhotoID
    /// Its frames' timing.
    public let clock: AnimationClock
    /// Whether the user paused it.
    public private(set) var isPaused = false
    /// Whether the window is hidden or minimised.
    public private(set) var isHidden: Bool
    /// The elapsed animation time at `anchor`.
    private var elapsedAtAnchor = 0.0
    /// The caller's time at which `elapsedAtAnchor` held; time runs on from there while playing.
    private var anchor: Double

    /// The animation of `photo` starting at `time` (its first frame), held while `hidden`.
    public init(photo: PhotoID, clock: AnimationClock, at time: Double, hidden: Bool = false) {
        self.photo = photo
        self.clock = clock
        anchor = time
        isHidden = hidden
    }

    /// Whether the frames move on by themselves.
    public var isPlaying: Bool { !isPaused && !isHidden }

    /// The animation time at `time`.
    private func elapsed(at time: Double) -> Double {
        isPlaying ? elapsedAtAnchor + max(time - anchor, 0) : elapsedAtAnchor
    }

    /// The frame shown at `time`.
    public func frame(at time: Double) -> Int { clock.frame(at: elapsed(at: time)) }

    /// When the frame changes next after `time`, or nil when it does not by itself (paused, hidden, finished).
    public func nextChangeTime(after time: Double) -> Double? {
        guard isPlaying, let next = clock.nextChange(after: elapsed(at: time)) else { return nil }
        return anchor + (next - elapsedAtAnchor)
    }

    /// Freezes the animation time at `time` (for a pause, a step or a hide).
    private mutating func hold(at time: Double) {
        elapsedAtAnchor = elapsed(at: time)
        anchor = time
    }

    /// Pauses or plays on from the frame shown.
    public mutating func togglePause(at time: Double) {
        hold(at: time)
        isPaused.toggle()
    }

    /// The window was hidden (`true`) or shown again: the frames stop meanwhile and go on from where they were.
    public mutating func setHidden(_ hidden: Bool, at time: Double) {
        guard hidden != isHidden else { return }
        hold(at: time)
        isHidden = hidden
    }

    /// Pauses, and shows the frame `delta` frames on (negative: back), wrapping round.
    public mutating func step(_ delta: Int, at time: Double) {
        let count = max(clock.frameCount, 1)
        let frame = ((frame(at: time) + delta) % count + count) % count
        hold(at: time)
        isPaused = true
        elapsedAtAnchor = clock.start(ofFrame: frame)
    }
}
