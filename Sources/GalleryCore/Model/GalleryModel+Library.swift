import PagerEngine

/// The library changing under the model: photos that cannot be shown dropped, the folders listed again (`r`).
extension GalleryModel {
    /// The library became `count` photos: each photo kept moved to `renumbered(old)` (nil: gone), the marks with it.
    /// The arrangement shown stays (the grid, the wheel, the pager with its topology built afresh, so its invariants
    /// hold), now on `photo`; `note` says once, with the page information, what changed. Not in the feed, whose pages
    /// are its own (`canChangeLibrary`).
    public mutating func renumberPhotos(
        count: Int, renumbered: (PhotoID) -> PhotoID?, showing photo: PhotoID, note: String?, at time: Double
    ) {
        guard canChangeLibrary, count > 0 else { return }
        let current = self.photo(ofPage: pager.currentPage)
        let kind = mode
        photoCount = count
        marks.renumber(renumbered)
        feedPages = FeedPages(initialCount: count)
        lastFeedPage = PageIndex(min(lastFeedPage.rawValue, count - 1))
        let start = min(max(photo.rawValue, 0), count - 1)
        tap.cancel()
        if renumbered(current) != current || PhotoID(start) != current { zoom.reset() }
        if kind == .grid {
            grid = nil
            openGrid(on: PhotoID(start))
        } else {
            pager = Pager(
                topology: kind.makeTopology(pageCount: count, startPage: start), viewport: pager.viewport,
                configuration: pager.configuration, time: time)
        }
        notice = note
        showInfo(at: time)
    }

    /// Whether the library may change now: not in the feed (it appends by itself), and with the pager at rest (a drop
    /// waits for a drag or a slide to end, so the strip never jumps under the finger).
    public var canChangeLibrary: Bool {
        mode != .feed && pager.phase == .idle
    }
}
