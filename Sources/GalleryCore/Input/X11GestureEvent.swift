/// One XInput 2.4 gesture event of a touchpad, as the X server sent it (X.Org 21.1 with xf86-input-libinput): positions
/// and movements in window pixels, times in the server's milliseconds. XInput 2.4 has pinch and swipe, no hold; the
/// gallery selects the pinch alone, as it binds no swipe on Wayland.
public enum X11GestureEvent: Equatable, Sendable {
    /// `XI_GesturePinchBegin`: `fingers` touch, with the pointer at (x, y).
    case pinchBegin(time: UInt32, fingers: Int32, x: Double, y: Double)
    /// `XI_GesturePinchUpdate`: the centre moved by (dx, dy) since the last event; the spread is `scale` times its first.
    case pinchUpdate(time: UInt32, dx: Double, dy: Double, scale: Double)
    /// `XI_GesturePinchEnd` (`cancelled`: `XIGesturePinchEventCancelled`).
    case pinchEnd(time: UInt32, cancelled: Bool)
}
