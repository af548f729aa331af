/// The five ways pages are arranged: a pager's topology; the raw value is the name used in traces and on the command
/// line (the gallery's modes, `GalleryMode`, add the thumbnail grid, which has no pages).
public enum TopologyKind: String, CaseIterable, Hashable, Sendable {
    /// N pages, rubber band at both ends (F2).
    case bounded
    /// N+2 slots with duplicate end caps, re-based mid-flight (F3).
    case endCaps
    /// Three recycled slots that rotate as the centre page changes (F4).
    case threeSurfaces
    /// Pages appended on demand behind a spinner page (F5).
    case feed
    /// An endless vertical list on a circle arc (F6).
    case wheel
}
