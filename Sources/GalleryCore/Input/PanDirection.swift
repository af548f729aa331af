/// Which way a pan key moves the view over a zoomed photo (nsxiv's arrows and hjkl): `right` shows more of the photo's
/// right side.
public enum PanDirection: Hashable, Sendable {
    /// Towards the photo's left edge (Left, h).
    case left
    /// Towards its right edge (Right, l).
    case right
    /// Towards its top edge (Up, k).
    case up
    /// Towards its bottom edge (Down, j).
    case down

    /// The share of the window one press pans by: a third, as a page of a document scrolls less than a window so
    /// some of what was seen stays in view (nsxiv pans by a fifth of the window per step, feh by a fixed 20 px).
    public static let stepShare = 1.0 / 3

    /// The change of the photo's pan (its centre minus the window's) for one press in a `width` × `height` window:
    /// the photo moves the other way from the view.
    public func step(width: Double, height: Double) -> (x: Double, y: Double) {
        switch self {
        case .left: (width * Self.stepShare, 0)
        case .right: (-width * Self.stepShare, 0)
        case .up: (0, height * Self.stepShare)
        case .down: (0, -height * Self.stepShare)
        }
    }

    /// The page turn a press asks for once the photo is at that edge, or at fit: Left the previous photo, Right the
    /// next; Up and Down none.
    public var turn: GalleryCommand? {
        switch self {
        case .left: .previous
        case .right: .next
        case .up, .down: nil
        }
    }
}
