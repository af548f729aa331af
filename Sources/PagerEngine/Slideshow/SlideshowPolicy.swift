/// When the slideshow advances: every `interval` seconds, always forward, never under the user's hands.
///
/// It pauses while the user drags, waits a full interval after any interaction, and pauses while the window is
/// hidden (a full interval again once it shows). A pure value: every time is a parameter, in seconds on the
/// caller's clock, and the frame loop sleeps until `nextAdvanceTime()`.
public struct SlideshowPolicy: Equatable, Sendable {
    /// Seconds between advances.
    public let interval: Double
    /// Whether the slideshow is on (it may still be paused by a drag or a hidden window).
    public private(set) var isRunning = false
    /// Whether the user is dragging.
    public private(set) var isDragging = false
    /// Whether the window is hidden.
    public private(set) var isHidden = false
    /// When the next advance is due, unless paused.
    private var dueTime = 0.0

    /// Creates a stopped slideshow that advances every `interval` seconds (positive and finite).
    public init(interval: Double) {
        precondition(interval > 0 && interval.isFinite, "a slideshow interval must be a positive number of seconds")
        self.interval = interval
    }

    /// Turns the slideshow on: the first advance comes one interval after `time`.
    public mutating func start(at time: Double) {
        isRunning = true
        dueTime = time + interval
    }

    /// Turns the slideshow off.
    public mutating func stop() {
        isRunning = false
    }

    /// Records a user interaction (a key, a wheel step, a click): the next advance waits a full interval after it.
    public mutating func noteInteraction(at time: Double) {
        dueTime = max(dueTime, time + interval)
    }

    /// Records a drag beginning or ending: nothing advances during it, and a full interval passes after it.
    public mutating func setDragging(_ dragging: Bool, at time: Double) {
        isDragging = dragging
        noteInteraction(at: time)
    }

    /// Records the window hiding or showing: nothing advances while hidden, and a full interval passes once shown.
    public mutating func setHidden(_ hidden: Bool, at time: Double) {
        if isHidden && !hidden {
            dueTime = max(dueTime, time + interval)
        }
        isHidden = hidden
    }

    /// When the next advance is due; `nil` while stopped, dragging or hidden.
    public func nextAdvanceTime() -> Double? {
        isRunning && !isDragging && !isHidden ? dueTime : nil
    }

    /// Whether to advance at `time`: true once per due time, which it records, scheduling the next one an
    /// interval later (or an interval after `time`, if the caller was more than an interval late).
    public mutating func shouldAdvance(at time: Double) -> Bool {
        guard let due = nextAdvanceTime(), time >= due else { return false }
        let nextOnCadence = due + interval
        dueTime = nextOnCadence > time ? nextOnCadence : time + interval
        return true
    }
}
