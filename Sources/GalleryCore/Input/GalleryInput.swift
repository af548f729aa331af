/// User input as the gallery sees it, whether it came from SDL events (the window) or script lines (headless), so
/// both reach the controller by one path.
public enum GalleryInput: Equatable, Sendable {
    /// The left button (or a finger) went down, in renderer pixels.
    case pointerDown(x: Double, y: Double)
    /// The pointer moved while the button was down.
    case pointerMove(x: Double, y: Double)
    /// The button went up.
    case pointerUp(x: Double, y: Double)
    /// The gesture was taken away (the window lost focus).
    case pointerCancel
    /// A key (translated from its SDL or script name); `isRepeat` when the key is held and the system repeats it.
    case key(GalleryKey, isRepeat: Bool = false)
    /// Precise wheel deltas (`dx > 0` scrolls right, `dy < 0` scrolls down).
    case wheel(dx: Double, dy: Double)
    /// Zoom the photo to `scale` (1 at fit) keeping the point under (x, y) where it is (a pinch, a script).
    case zoom(scale: Double, x: Double, y: Double)
    /// Zoom by `factor` at (x, y) (Ctrl + wheel).
    case zoomBy(factor: Double, x: Double, y: Double)
    /// Fingers on a touchpad (Wayland): scrolled, resting, lifted, pinching.
    case touchpad(TouchpadGesture)
}
