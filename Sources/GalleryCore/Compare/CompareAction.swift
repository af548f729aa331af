/// What the compare keys ask (`GalleryCommand.compare`): open or close the compare screen, change its layout, swap its
/// sides.
public enum CompareAction: Hashable, Sendable {
    /// From the pager, compare the photo shown with the next (or the first marked other one); in compare, go back to
    /// the pager on the left-hand photo (`v`).
    case toggle
    /// Side by side, or overlaid with a swipe divider (`V`).
    case layout
    /// The left-hand photo goes right and the right-hand one left (`u`).
    case swap
}
