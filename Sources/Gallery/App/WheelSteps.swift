import GalleryCore

/// Turns wheel motion into page steps: one step per whole notch, however the motion is split into events.
///
/// A mouse wheel reports whole notches; a touchpad reports many fractions of one, which add up here
/// instead of turning a page each (scrolling a touchpad as a drag comes with the touchpad issue).
struct WheelSteps {
    /// Notches not yet turned into a step; positive is forward.
    private var pending = 0.0

    /// Adds one wheel event: scrolling right or down is forward (`dx > 0` scrolls right, `dy < 0` scrolls down).
    mutating func add(dx: Double, dy: Double) -> [GalleryCommand] {
        let forward = abs(dx) >= abs(dy) ? dx : -dy
        guard forward.isFinite, forward != 0 else { return [] }
        if pending != 0, (pending > 0) != (forward > 0) { pending = 0 }  // A reversal starts afresh.
        pending += forward
        let steps = Int(pending.rounded(.towardZero))
        pending -= Double(steps)
        return Array(repeating: steps > 0 ? .next : .previous, count: abs(steps))
    }
}
