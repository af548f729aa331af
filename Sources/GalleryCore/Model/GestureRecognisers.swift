/// The recognisers the gesture arena keeps between inputs (`GalleryModel+Gestures`): the tap and the double-click's
/// first click, a touchpad's scroll as a virtual drag, a mouse wheel's notches and the bursts of sideways notches a
/// touchpad's swipe arrives as.
struct GestureRecognisers: Sendable {
    /// Whether a press and release make a click.
    var tap: TapRecognizer
    /// A touchpad's two-finger scroll as a virtual drag, from wheel deltas (X11, where no lift is reported).
    var touchpad: TouchpadScroll
    /// Fingers on a touchpad as a finger on glass, from the pad's own story (Wayland).
    var fingers: TouchpadFingers
    /// A mouse wheel's notches as page turns.
    var wheelSteps = WheelSteps()
    /// Sideways notches grouped into swipes (SDL on X11 reports a touchpad's sideways swipe as whole notches).
    var notchBurst = NotchBurst()
    /// When the last click landed, and where, to recognise a double-click.
    var lastClick: (time: Double, x: Double, y: Double)?
}
