import PagerEngine

/// The six modes the user switches between (F2 … F7): the five pager arrangements, and the thumbnail grid, which
/// has no pages; the raw value is the name used in traces and on the command line.
public enum GalleryMode: String, CaseIterable, Hashable, Sendable {
    /// N pages, rubber band at both ends (F2).
    case bounded
    /// The endless loop with end caps (F3).
    case endCaps
    /// The endless loop on three recycled surfaces (F4).
    case threeSurfaces
    /// Pages appended on demand behind a spinner page (F5).
    case feed
    /// An endless vertical list on a circle arc (F6).
    case wheel
    /// Rows of thumbnails scrolled vertically (F7).
    case grid

    /// The mode that shows a pager of `kind`.
    public init(_ kind: TopologyKind) {
        switch kind {
        case .bounded: self = .bounded
        case .endCaps: self = .endCaps
        case .threeSurfaces: self = .threeSurfaces
        case .feed: self = .feed
        case .wheel: self = .wheel
        }
    }

    /// The pager arrangement this mode shows; nil for the grid, which is no pager.
    public var topology: TopologyKind? {
        switch self {
        case .bounded: .bounded
        case .endCaps: .endCaps
        case .threeSurfaces: .threeSurfaces
        case .feed: .feed
        case .wheel: .wheel
        case .grid: nil
        }
    }

    /// Whether the page textures live in three recycled slots rather than one per logical page.
    public var recyclesSlots: Bool { topology?.recyclesSlots ?? false }

    /// Whether the strip wraps around (for residency).
    public var wraps: Bool { topology?.wraps ?? false }
}
