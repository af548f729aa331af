/// Which way the wheel's arc bulges; the raw value is the command-line name.
public enum WheelDirection: String, CaseIterable, Sendable {
    /// Rows bulge toward the right: the middle row sits furthest right.
    case clockwise
    /// The mirror image: rows bulge toward the left.
    case anticlockwise
}
