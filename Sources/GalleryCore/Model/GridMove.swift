import Support

/// A key's move of the grid's selection.
public enum GridMove: Equatable, Sendable {
    /// One photo back, wrapping to the end of the row above (Left).
    case left
    /// One photo on, wrapping to the start of the row below (Right).
    case right
    /// A row up, or none at the top (Up).
    case up
    /// A row down, clamped to the last photo (Down).
    case down
    /// A screen of rows up (PageUp).
    case pageUp
    /// A screen of rows down (PageDown).
    case pageDown
    /// The first photo (Home).
    case first
    /// The last photo (End).
    case last
    /// This photo (a typed number then Enter or g).
    case photo(PhotoID)
}
