/// What the fingers do on a touchpad, as a Wayland compositor reports it (`wl_pointer` scrolling with its finger
/// source and `axis_stop`, `zwp_pointer_gestures_v1`'s hold and pinch): the pad's own story, not a pointer's, so the
/// photo can follow the fingers 1:1, stay where they rest and fling when they lift.
public enum TouchpadGesture: Equatable, Sendable {
    /// Fingers touched the pad and rest there (a hold begins): like a finger on glass, it stops what moves.
    case hold
    /// The hold ended: the fingers lifted without moving, or (`cancelled`) began to scroll or pinch.
    case holdEnd(cancelled: Bool)
    /// Two fingers moved the content by (`dx`, `dy`) renderer pixels (dx > 0: the content moves right).
    case scroll(dx: Double, dy: Double)
    /// The scrolling fingers lifted (`axis_stop`): the content is let go with the velocity they had.
    case lift
    /// A pinch began with the pointer, its centre on screen, at (`x`, `y`) renderer pixels.
    case pinchBegin(x: Double, y: Double)
    /// The pinch's spread is `scale` times its first, and its centre moved by (`dx`, `dy`) pixels since it began.
    case pinch(scale: Double, dx: Double, dy: Double)
    /// The pinching fingers lifted (or the pinch was cancelled): the zoom settles within its limits.
    case pinchEnd
}
