/// Pages that keep coming: N page slots, then an end slot with a spinner, grown on demand (F5).
///
/// Reaching the last page asks for more, once; an append grows the strip to the right, so no existing page ever
/// moves. After a failure the end slot shows retry where it is; leaving it and coming back asks again, as does R.
public struct FeedTopology: Equatable, Sendable {
    /// The number of pages loaded so far (may be zero: the strip then shows only the end slot).
    public private(set) var pageCount: Int
    /// The slot on which the strip starts: the start page, clamped into range.
    public let startSlot: Int
    /// What a release does: the paging spring by default, or free deceleration for a scrolling feed.
    public let releaseBehavior: ReleaseBehavior
    /// Where the request for more pages stands.
    public private(set) var loadState: FeedLoadState = .idle
    /// Whether a failed load may be retried by reaching the end slot: only once the position has left it, so a
    /// failure that arrives while the end slot is shown does not ask again at once, frame after frame.
    private var retryArmed = false

    /// Creates a feed of `pageCount` pages (zero or more) that starts on `startPage`, clamped into range; `loadState`
    /// carries over a request still in flight (or a failure) when the feed is shown again after another mode.
    public init(
        pageCount: Int, startPage: Int = 0, releaseBehavior: ReleaseBehavior = .paging, loadState: FeedLoadState = .idle
    ) {
        precondition(pageCount >= 0, "a page count cannot be negative")
        self.pageCount = pageCount
        self.startSlot = min(max(startPage, 0), max(pageCount - 1, 0))
        self.releaseBehavior = releaseBehavior
        self.loadState = loadState
    }

    /// Adds `count` pages after the last one (the end slot moves right) and lets the feed ask for more again.
    public mutating func append(count: Int) {
        precondition(count >= 0, "cannot append a negative number of pages")
        pageCount += count
        loadState = .idle
    }

    /// Records that the request in flight failed: the end slot shows retry.
    public mutating func failLoad() {
        loadState = .failed
        retryArmed = false
    }

    /// Starts a request if the position calls for one (the rules are on `events(atSlotPosition:)`); whether it did.
    mutating func startsLoad(atSlotPosition position: Double) -> Bool {
        let endSlot = Double(pageCount)
        switch loadState {
        case .loading:
            return false
        case .idle:
            guard position >= endSlot - 1 else { return false }
        case .failed:
            if position < endSlot - 0.5 {
                retryArmed = true
                return false
            }
            guard retryArmed else { return false }
        }
        loadState = .loading
        return true
    }

    /// Asks again after a failure (the retry key); nothing otherwise.
    public mutating func retry() -> [PagerEvent] {
        guard loadState == .failed else { return [] }
        loadState = .loading
        return [.needsMorePages]
    }
}
