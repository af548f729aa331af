/// One event of a Wayland seat's pointer or its gestures, as the compositor sent it (`wl_pointer` version 7,
/// `zwp_pointer_gestures_v1` version 3): positions and values in surface coordinates, times in the compositor's
/// milliseconds.
public enum WaylandPointerEvent: Equatable, Sendable {
    /// Scrolling by `value` on `horizontal` or the vertical axis (positive: down or right, as the content scrolls).
    case axis(time: UInt32, horizontal: Bool, value: Double)
    /// What scrolls in this frame: 0 a wheel, 1 fingers, 2 a continuous device, 3 a wheel's tilt.
    case axisSource(UInt32)
    /// The scrolling on an axis stopped: the fingers lifted.
    case axisStop(time: UInt32, horizontal: Bool)
    /// A wheel turned `steps` notches on an axis.
    case axisDiscrete(horizontal: Bool, steps: Int32)
    /// The end of a group of the scroll events above that belong together, with the pointer at (x, y).
    case frame(x: Double, y: Double)
    /// Fingers touched the pad and rest (a hold began).
    case holdBegin(time: UInt32, fingers: UInt32)
    /// The hold ended (`cancelled`: the fingers began to move rather than lift).
    case holdEnd(time: UInt32, cancelled: Bool)
    /// A pinch began with the pointer at (x, y).
    case pinchBegin(time: UInt32, fingers: UInt32, x: Double, y: Double)
    /// The pinch's centre moved by (dx, dy) since the last update, and its spread is `scale` times its first.
    case pinchUpdate(time: UInt32, dx: Double, dy: Double, scale: Double)
    /// The pinch ended.
    case pinchEnd(time: UInt32, cancelled: Bool)
}
