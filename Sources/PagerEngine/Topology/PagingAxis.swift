/// The direction a strip pages along, and so which pointer coordinate drags it.
public enum PagingAxis: Equatable, Sendable {
    /// Pages side by side: the pointer's x drags them (the pagers and the feed).
    case horizontal
    /// Rows one above another: the pointer's y drags them (the wheel).
    case vertical
}
