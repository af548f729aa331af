/// An endless loop for small sets: N+2 slots `[N−1, 0, 1 … N−1, 0]` whose end caps duplicate the opposite ends
/// (F3).
///
/// Entering a cap re-bases the position by N slots at once, mid-drag and mid-fling too (the classic scroll-view loop
/// re-based only at rest, so a fast swipe ran into the cap's end and the loop stopped). The home range is
/// `[0.25, N + 0.75]`, the viewport's centre a quarter page inside either cap: a re-base by N lands half a page
/// inside the other end, so it never oscillates. A single page does not loop: one slot that rubber-bands at both ends.
public struct EndCapsTopology: Equatable, Sendable {
    /// The number of pages, at least one.
    public let pageCount: Int
    /// The slot on which the strip starts: the wrapped start page's own slot, right of the leading cap.
    public let startSlot: Int

    /// Creates a loop of `pageCount` pages (at least one) that starts on `startPage`, wrapped into range.
    public init(pageCount: Int, startPage: Int = 0) {
        precondition(pageCount > 0, "a pager needs at least one page")
        self.pageCount = pageCount
        self.startSlot = pageCount > 1 ? WrapMath.wrap(startPage, count: pageCount) + 1 : 0
    }

    /// Whether the strip loops: a single page stays put instead of spinning through copies of itself.
    var loops: Bool { pageCount > 1 }

    /// The lowest home position: below it the position gains N. A quarter page into the leading cap rather than
    /// half, so a pointer jittering over the seam does not re-base on every crossing (the range is half a page wider
    /// than the N a re-base moves); the caps still cover the whole viewport there.
    var homeStart: Double { 0.25 }

    /// The highest home position: above it, a quarter page into the trailing cap, the position loses N.
    var homeEnd: Double { Double(pageCount) + 0.75 }
}
