import PagerEngine

/// The feed's pages and its request state, kept while other modes show so the feed comes back as it was.
public struct FeedMemory: Sendable {
    /// Which photo each feed page shows.
    public internal(set) var pages: FeedPages
    /// The feed's request state while other modes show (the feed topology holds it while the feed shows).
    var stateAside = FeedLoadState.idle
    /// Why the last feed request failed, for the retry page.
    public internal(set) var failure: String?
    /// What the feed's end page says while it waits, when its source waits on something the user should know of
    /// ("Waiting for photos in DIR" for a watched folder); nil: "Loading more…".
    public internal(set) var waitingNote: String?
    /// The feed page shown when the feed was left, to come back near it.
    var lastPage: PageIndex = 0

    /// A feed whose first pages are the library's `photoCount` photos in order.
    init(photoCount: Int) {
        pages = FeedPages(initialCount: photoCount)
    }
}
