/// Whole sideways wheel notches grouped into swipes: SDL on X11 reports a touchpad's sideways swipe as a burst of
/// whole notches (buttons 6 and 7, one per few pixels of finger travel), with nothing to tell them from a tilt wheel's.
/// Notches one way less than `gestureGap` apart are one swipe, and only its first notch turns a page: a swipe turns
/// one photo, as a touchpad's precise deltas do (`TouchpadScroll`). A notch the other way starts a new swipe.
public struct NotchBurst: Sendable {
    /// Seconds without a notch after which the next one starts a new swipe (`TouchpadScroll.gestureGap`: GTK measures a
    /// scroll gesture from its last 150 ms of events).
    public static let gestureGap = TouchpadScroll.gestureGap

    /// The last notch's time and direction (+1 right, −1 left).
    private var last: (time: Double, direction: Double)?

    /// No swipe under way.
    public init() {}

    /// Records a notch at `time` moving `dx` (> 0: right); returns whether it begins a swipe, and so turns a page.
    public mutating func begins(dx: Double, at time: Double) -> Bool {
        let direction: Double = dx > 0 ? 1 : -1
        defer { last = (time, direction) }
        guard let last, last.direction == direction else { return true }
        return !(time - last.time < Self.gestureGap)
    }
}
