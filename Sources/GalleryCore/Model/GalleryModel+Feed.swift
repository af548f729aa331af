import PagerEngine

/// The feed's state in the model: its pages, its request state whichever mode shows, and its answers.
extension GalleryModel {
    /// Where the feed's request for more pages stands.
    public var feedState: FeedLoadState { (pager.topology as? FeedTopology)?.loadState ?? feedStateAside }

    /// Whether the feed's spinner is on screen (it turns, so frames must follow).
    public var spinnerIsVisible: Bool {
        mode == .feed && feedState != .failed && pager.visibleSlots().contains { $0.content == .feedEnd }
    }

    /// Whether the strip rests on the feed's end page: it is labelled as itself, not as the last photo.
    public var showsFeedEnd: Bool { mode == .feed && pager.currentContent == .feedEnd }

    /// The end page's own label: "Loading more…" (the feed's `feedWaitingNote` instead, when it has one), or why the
    /// last load failed.
    public var feedEndLabel: String {
        feedState == .failed
            ? "Couldn\u{2019}t load more: \(feedFailure ?? "unknown reason")"
            : feedWaitingNote ?? "Loading more\u{2026}"
    }

    /// Where the strip is, in pages, for the trace: the logical position, except that the feed's end page is one
    /// past the last page (where `offset_px` puts it), not the last page again.
    public var tracePosition: Double {
        mode == .feed && pager.slotPosition > pager.logicalPosition ? pager.slotPosition : pager.logicalPosition
    }

    /// The feed answered with `photos` (library indices; the library now holds `photoCount`): new pages go at the end
    /// (the page shown never moves). Returns the pager's events.
    public mutating func feedAppended(_ photos: [PhotoID], photoCount: Int, at time: Double) -> [PagerEvent] {
        self.photoCount = photoCount
        growGrid(at: time)
        feedPages.append(photos)
        feedFailure = nil
        guard mode == .feed else {
            feedStateAside = .idle
            return []
        }
        return pager.appendPages(photos.count, at: time)
    }

    /// The feed's request failed (or brought nothing) for `reason`: the retry page shows it.
    public mutating func feedFailed(reason: String, at time: Double) -> [PagerEvent] {
        feedFailure = reason
        guard mode == .feed else {
            feedStateAside = .failed
            return []
        }
        return pager.failPageLoad(at: time)
    }

    /// R, or a click on the retry page: asks again after a failure.
    public mutating func retryFeed() -> [PagerEvent] {
        guard mode == .feed, feedState == .failed else { return [] }
        return pager.retryPageLoad()
    }
}
