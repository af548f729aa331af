/// How the compare screen shows its two photos.
public enum CompareLayout: String, Hashable, Sendable {
    /// Each photo fitted to its half of the window, the left-hand one on the left.
    case sideBySide
    /// Both photos over the whole window, one over the other: left of the divider the left-hand photo, right of it the
    /// right-hand one.
    case swipe

    /// The layout the layout key switches to.
    public var toggled: CompareLayout { self == .sideBySide ? .swipe : .sideBySide }

    /// The layout as the information line names it.
    public var displayName: String { self == .sideBySide ? "side by side" : "swipe" }
}
