/// What the feed's end page shows.
enum FeedEndContent: Equatable {
    /// The activity spinner: more pages are on their way (or about to be asked for).
    case loading
    /// The retry prompt, with the reason the last request failed.
    case failed(reason: String)
}
