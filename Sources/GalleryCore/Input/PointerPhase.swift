/// One step of a pointer gesture as the gesture arena hands it to the recognisers: a press, a move with the button
/// down, a release, or the gesture taken away.
public enum PointerPhase: Equatable, Sendable {
    /// The left button (or a finger) went down at (x, y).
    case down(x: Double, y: Double)
    /// The pointer moved to (x, y) with the button down.
    case move(x: Double, y: Double)
    /// The button went up at (x, y).
    case up(x: Double, y: Double)
    /// The gesture was taken away (the window lost focus).
    case cancel
}
