/// A touchpad's pinch as libinput reports it through a Wayland compositor (`zwp_pointer_gesture_pinch_v1`) and an X
/// server (XInput 2.4) alike: a begin at the pointer, updates with the centre's movement since the last one and the
/// spread since the begin, an end. Turned into `TouchpadGesture`s in renderer pixels, every value bounded before use.
public struct TouchpadPinch: Sendable {
    /// The centre's movement since the pinch began, in the events' units; nil outside a pinch.
    private var move: (x: Double, y: Double)?

    /// The largest magnitude taken from one value: anything larger is a broken or hostile server.
    static let valueLimit = 100_000.0

    /// No pinch under way.
    public init() {}

    /// The pinch began with the pointer at (x, y) units.
    public mutating func begin(x: Double, y: Double, pixelsPerUnit: Double) -> TouchpadGesture {
        move = (0, 0)
        return .pinchBegin(x: Self.bounded(x) * pixelsPerUnit, y: Self.bounded(y) * pixelsPerUnit)
    }

    /// The centre moved by (dx, dy) units and the spread is `scale` times its first; nil outside a pinch.
    public mutating func update(dx: Double, dy: Double, scale: Double, pixelsPerUnit: Double) -> TouchpadGesture? {
        guard var move else { return nil }
        move.x += Self.bounded(dx)
        move.y += Self.bounded(dy)
        self.move = move
        let spread = scale.isFinite && scale > 0 ? min(max(scale, 0.01), 100) : 1
        return .pinch(scale: spread, dx: move.x * pixelsPerUnit, dy: move.y * pixelsPerUnit)
    }

    /// The pinch ended (cancelled or not: the zoom settles either way); nil outside a pinch.
    public mutating func end() -> TouchpadGesture? {
        guard move != nil else { return nil }
        move = nil
        return .pinchEnd
    }

    /// `value` within ±`valueLimit`; not a number, or an infinite one, counts as 0.
    static func bounded(_ value: Double) -> Double {
        value.isFinite ? min(max(value, -valueLimit), valueLimit) : 0
    }
}
