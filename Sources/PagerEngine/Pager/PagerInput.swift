/// Input the pager reacts to, in window coordinates (pixels).
public enum PagerInput: Equatable, Sendable {
    /// The pointer (left button, or a finger) went down.
    case pointerDown(x: Double, y: Double)
    /// The pointer moved while down.
    case pointerMove(x: Double, y: Double)
    /// The pointer went up.
    case pointerUp(x: Double, y: Double)
    /// The gesture was taken away (window lost focus): release with no velocity.
    case pointerCancel
    /// A programmatic move.
    case command(PagerCommand)
    /// The viewport changed size; the logical page and the fraction of a page are kept.
    case resize(Viewport)
}
