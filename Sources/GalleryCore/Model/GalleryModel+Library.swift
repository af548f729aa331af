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
        views.orientations = Dictionary(
            views.orientations.compactMap { old, turn in renumbered(old).map { ($0, turn) } }
        ) { a, _ in
            a
        }
        views.recall.renumber(renumbered)
        feed.pages = FeedPages(initialCount: count)
        feed.lastPage = PageIndex(min(feed.lastPage.rawValue, count - 1))
        let start = min(max(photo.rawValue, 0), count - 1)
        gestures.tap.cancel()
        if renumbered(current) != current || PhotoID(start) != current { tell(.view(.renumbered), at: time) }
        var said: String?
        if case .compare(let compare, let back) = screen {
            said = renumberCompare(
                compare, back: back, count: count, renumbered: renumbered, showing: PhotoID(start), at: time)
        } else {
            screen = screen.relaid(
                photoCount: count, start: start, viewport: viewport, configuration: settings.configuration, time: time,
                grid: makeGrid(on:))
        }
        let notes = [note, said].compactMap { $0 }
        overlays.notice = notes.isEmpty ? nil : notes.joined(separator: " · ")
        showInfo(at: time)
    }

    /// Whether the library may change now: not in the feed (it appends by itself), and with the pager at rest (a drop
    /// waits for a drag or a slide to end, so the strip never jumps under the finger).
    public var canChangeLibrary: Bool {
        screen.acceptsRenumbering && phase == .idle
    }
}
