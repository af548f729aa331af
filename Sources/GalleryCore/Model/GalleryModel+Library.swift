import PagerEngine
import Support

/// The library changing under the model: photos that cannot be shown dropped, the folders listed again (`r`).
extension GalleryModel {
    /// The library became `count` photos: each photo kept moved to `renumbered(old)` (nil: gone), the marks with it.
    /// The arrangement shown stays (the grid, the wheel, the pager with its topology built afresh, so its invariants
    /// hold), now on `photo`; `note` says once, with the page information, what changed. Not in the feed, whose pages
    /// are its own (`canChangeLibrary`).
    mutating func renumberPhotos(
        count: Int, renumbered: (PhotoID) -> PhotoID?, showing photo: PhotoID, note: String?, at time: Double
    ) {
        guard canChangeLibrary, count > 0 else { return }
        let current = currentPhoto
        photoCount = count
        marks.renumber(renumbered)
        // The turns and remembered views go with their photos.
        orientations = Dictionary(orientations.compactMap { old, turn in renumbered(old).map { ($0, turn) } }) { a, _ in
            a
        }
        recall.renumber(renumbered)
        feedPages = FeedPages(initialCount: count)
        lastFeedPage = PageIndex(min(lastFeedPage.rawValue, count - 1))
        let start = min(max(photo.rawValue, 0), count - 1)
        gestures.tap.cancel()
        if renumbered(current) != current || PhotoID(start) != current { zoom.reset() }
        var said: String?
        switch screen {
        case .grid(_, let back):
            screen = .grid(makeGrid(on: PhotoID(start)), returnTo: back)
        case .wheel(_, let back):
            screen = .wheel(
                Pager(
                    topology: WheelTopology(rowCount: count, startRow: start), viewport: viewport,
                    configuration: configuration, time: time), returnTo: back)
        case .pager(let pager):
            screen = .pager(
                Pager(
                    topology: pager.topology.kind.makeTopology(pageCount: count, startPage: start), viewport: viewport,
                    configuration: configuration, time: time))
        case .compare(let compare, let back):
            said = renumberCompare(
                compare, back: back, count: count, renumbered: renumbered, showing: PhotoID(start), at: time)
        }
        let notes = [note, said].compactMap { $0 }
        notice = notes.isEmpty ? nil : notes.joined(separator: " · ")
        showInfo(at: time)
    }

    /// Whether the library may change now: not in the feed (it appends by itself), and with the pager at rest (a drop
    /// waits for a drag or a slide to end, so the strip never jumps under the finger).
    public var canChangeLibrary: Bool {
        !screen.isFeed && phase == .idle
    }
}
