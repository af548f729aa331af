/// The six modes: five ways pages are arranged, and the thumbnail grid; the raw value is the name used in traces and
/// on the command line.
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
    /// Rows of thumbnails scrolled vertically (F7): the overview, drawn instead of the pager, which waits beneath it
    /// bounded on the selected photo.
    case grid
}
