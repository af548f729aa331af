/// Something that happened in a `handle` or `advance` call, for the app to act on.
public enum PagerEvent: Equatable, Sendable {
    /// The logical page at the viewport centre changed.
    case pageChanged(from: PageIndex, to: PageIndex)
    /// The pager came to rest on this logical page.
    case settled(page: PageIndex)
    /// A bounded end was reached: a fling was clamped or a rubber band began.
    case reachedEnd(PagerEdge)
    /// The feed is within a page of its end and asks for more pages (once, until appended or failed).
    case needsMorePages
    /// A looping strip re-based by this many slots; refilled slots need new content.
    case rebased(Rebase)
    /// A jump of more than one page moved the strip at once to the target's neighbour (content changes on purpose).
    case jumped(toward: PageIndex)
}

/// One end of a bounded strip.
public enum PagerEdge: String, Equatable, Sendable {
    /// The first page.
    case leading
    /// The last page (or the feed's spinner page).
    case trailing
}
