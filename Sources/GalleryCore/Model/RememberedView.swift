import PagerEngine

/// How a photo was last seen, kept across restarts (`--remember`): its zoom and pan as shares that any window size can
/// apply (`CarriedZoom`; nil at fit) and its turn.
public struct RememberedView: Equatable, Sendable {
    /// The zoom and pan; nil at fit.
    public var zoom: CarriedZoom?
    /// The turn and mirror.
    public var orientation: ViewOrientation

    /// Creates a view.
    public init(zoom: CarriedZoom?, orientation: ViewOrientation) {
        self.zoom = zoom
        self.orientation = orientation
    }

    /// Whether it is how any photo opens anyway (at fit, upright): nothing to remember.
    public var isPlain: Bool { zoom == nil && orientation == .upright }
}
