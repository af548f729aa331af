/// A plain paged strip: slot `i` shows page `i`, and both ends rubber-band (F2).
public struct BoundedTopology: Equatable, Sendable {
    /// The number of pages, at least one.
    public let pageCount: Int
    /// The slot on which the strip starts: the start page, clamped into range.
    public let startSlot: Int

    /// Creates a strip of `pageCount` pages (at least one) that starts on `startPage`, clamped into range.
    public init(pageCount: Int, startPage: Int = 0) {
        precondition(pageCount > 0, "a pager needs at least one page")
        self.pageCount = pageCount
        self.startSlot = min(max(startPage, 0), pageCount - 1)
    }
}
