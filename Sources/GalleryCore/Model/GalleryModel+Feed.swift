import PagerEngine
import Support

/// The feed's state in the model: its pages, its request state whichever mode shows, and its answers.
extension GalleryModel {
    /// Where the feed's request for more pages stands: the feed's own while it shows, else as it was left.
    public var feedState: FeedLoadState { screen.feedState ?? feed.stateAside }

    /// The feed's request state while the feed shows (the trace and the panel name it), nil in the other modes.
    public var shownFeedState: FeedLoadState? { screen.feedState }

    /// Whether the feed's spinner is on screen (it turns, so frames must follow).
    public var spinnerIsVisible: Bool { screen.spinnerIsVisible }

    /// Whether the strip rests on the feed's end page: it is labelled as itself, not as the last photo.
    public var showsFeedEnd: Bool { screen.showsFeedEnd }

    /// The end page's own label: "Loading more…" (the feed's `feedWaitingNote` instead, when it has one), or why the
    /// last load failed.
    public var feedEndLabel: String {
        feedState == .failed
            ? "Couldn\u{2019}t load more: \(feed.failure ?? "unknown reason")"
            : feed.waitingNote ?? "Loading more\u{2026}"
    }

    /// Where the strip is, in pages, for the trace: the logical position, except that the feed's end page is one
    /// past the last page (where `offset_px` puts it), not the last page again; the grid's selection.
    public var tracePosition: Double { screen.tracePosition }

    /// The feed answered with `photos` (library indices; the library now holds `photoCount`): new pages go at the end
    /// (the page shown never moves), the grid grows by them. The state kept aside is read only outside the feed (the
    /// feed's own is read while it shows, and kept aside when it is left), so it is set whichever screen shows.
    mutating func feedAppended(_ photos: [PhotoID], photoCount: Int, at time: Double) -> [GalleryEffect] {
        self.photoCount = photoCount
        feed.pages.append(photos)
        feed.failure = nil
        feed.stateAside = .idle
        return tell(.feed(.appended(pages: photos.count, photoCount: photoCount)), at: time) ?? []
    }

    /// The feed's request failed (or brought nothing) for `reason`: the retry page shows it.
    mutating func feedFailed(reason: String, at time: Double) -> [GalleryEffect] {
        feed.failure = reason
        feed.stateAside = .failed
        return tell(.feed(.failed), at: time) ?? []
    }
}
