/// One of the compare screen's two photos.
public enum CompareSide: CaseIterable, Hashable, Sendable {
    /// The photo the compare screen opened on, which stays while the arrows move the other.
    case left
    /// The photo the arrows move.
    case right
}
