/// Turns wheel motion into page steps: one step per whole notch, however the motion is split into events.
///
/// The gallery sends only mouse notches here: any fractional delta, or any delta during a touchpad stream, is a
/// touchpad's and scrolls as a drag (`TouchpadScroll.isTouchpad`). Fractions given to this type still add up to
/// whole steps rather than turning a page each.
///
/// Constant time and memory whatever the delta: one event turns at most `maximumStepsPerEvent` pages.
public struct WheelSteps: Sendable {
    /// The most page steps one event turns; the rest of a larger delta is dropped, as a pager could not show it anyway.
    public static let maximumStepsPerEvent = 16

    /// Notches not yet turned into a step; positive is forward, always below one notch between events.
    private var pending = 0.0

    /// Starts with no motion pending.
    public init() {}

    /// Adds one wheel event: scrolling right or down is forward (`dx > 0` scrolls right, `dy < 0` scrolls down).
    /// Returns the command to perform and how many times (1…`maximumStepsPerEvent`), or nil for no whole step.
    public mutating func add(dx: Double, dy: Double) -> (command: GalleryCommand, count: Int)? {
        let forward = abs(dx) >= abs(dy) ? dx : -dy
        guard forward.isFinite, forward != 0 else { return nil }
        if pending != 0, (pending > 0) != (forward > 0) { pending = 0 }  // A reversal starts afresh.
        let limit = Double(Self.maximumStepsPerEvent)
        pending = min(max(pending + forward, -limit), limit)
        let steps = pending.rounded(.towardZero)
        pending -= steps
        guard steps != 0 else { return nil }
        return (steps > 0 ? .next : .previous, Int(abs(steps)))
    }
}
