/// What the feed's end page shows.
enum FeedEndContent: Equatable {
    /// The activity spinner: more pages are on their way (or about to be asked for), with what the feed waits for
    /// below it when it says (a watched folder).
    case loading(note: String?)
    /// The retry prompt, with the reason the last request failed.
    case failed(reason: String)
}
