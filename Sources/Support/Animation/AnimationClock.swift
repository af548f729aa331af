/// When each frame of an animation shows: a pure function of the time since the animation started, its frames' delays
/// and its loop count. No clock of its own: the caller passes the elapsed time.
public struct AnimationClock: Equatable, Sendable {
    /// Each frame's delay in seconds, as shown (a tiny delay already replaced by `defaultDelay`).
    public var delays: [Double] { milliseconds.map { Double($0) / 1000 } }
    /// How many times the frames play; 0 plays forever.
    public let loopCount: Int
    /// Each frame's delay in whole milliseconds: frame boundaries are exact, whatever the sums of decimal seconds.
    private let milliseconds: [Int]
    /// When each frame starts within one play, in milliseconds, and (last) the length of one play.
    private let starts: [Int]

    /// Browsers show frames with a delay under 20 ms for 100 ms (many GIFs say 0 and mean "as fast as the old
    /// browsers went"); gallery does the same.
    public static let defaultDelay = 0.1
    /// Delays under this are replaced by `defaultDelay`.
    public static let shortestDelay = 0.02
    /// Times are compared a nanosecond late, so a time computed to land on a frame boundary shows the new frame.
    private static let tolerance = 1e-6

    /// An animation of frames showing for `delays` seconds each (rounded to milliseconds), played `loopCount` times
    /// (0: forever).
    public init(delays: [Double], loopCount: Int) {
        milliseconds = delays.map { delay in
            guard delay.isFinite, delay >= Self.shortestDelay, delay < 1e6 else { return Int(Self.defaultDelay * 1000) }
            return Int((delay * 1000).rounded())
        }
        self.loopCount = max(loopCount, 0)
        var starts = [0]
        for delay in milliseconds { starts.append(starts[starts.count - 1] + delay) }
        self.starts = starts
    }

    /// The number of frames.
    public var frameCount: Int { milliseconds.count }

    /// The length of one play, in milliseconds.
    private var duration: Int { starts[starts.count - 1] }

    /// The time within one play at which `frame` starts, in seconds.
    public func start(ofFrame frame: Int) -> Double {
        Double(starts[min(max(frame, 0), max(frameCount - 1, 0))]) / 1000
    }

    /// `elapsed` seconds as milliseconds, a little late (`tolerance`).
    private static func milliseconds(_ elapsed: Double) -> Double { max(elapsed, 0) * 1000 + tolerance }

    /// Whether the last play has ended at `time` milliseconds (the last frame then stays).
    private func isFinished(at time: Double) -> Bool {
        loopCount > 0 && time >= Double(duration) * Double(loopCount)
    }

    /// The frame shown `elapsed` seconds after the start (before the start: the first).
    public func frame(at elapsed: Double) -> Int {
        guard frameCount > 1, elapsed > 0 else { return 0 }
        let time = Self.milliseconds(elapsed)
        if isFinished(at: time) { return frameCount - 1 }
        return frame(within: time.truncatingRemainder(dividingBy: Double(duration)))
    }

    /// The frame whose interval within one play holds `within` milliseconds.
    private func frame(within: Double) -> Int {
        // The last start at or before `within`: binary search over the sorted starts.
        var low = 0
        var high = frameCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Double(starts[middle]) <= within { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The elapsed time of the next frame change after `elapsed`, in seconds, or nil when the frame never changes
    /// again (a single frame, or the last play's last frame).
    public func nextChange(after elapsed: Double) -> Double? {
        guard frameCount > 1 else { return nil }
        let time = Self.milliseconds(elapsed)
        if isFinished(at: time) { return nil }
        let play = (time / Double(duration)).rounded(.down)
        let next = play * Double(duration) + Double(starts[frame(within: time - play * Double(duration)) + 1])
        if loopCount > 0, next >= Double(duration) * Double(loopCount) { return nil }
        return next / 1000
    }
}
