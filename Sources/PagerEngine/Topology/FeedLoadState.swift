/// Where the feed's request for more pages stands; at most one is in flight.
public enum FeedLoadState: Equatable, Sendable {
    /// No request in flight: reaching the end asks for more.
    case idle
    /// A request is in flight: the end slot shows the spinner, and nothing more is asked.
    case loading
    /// The last request failed: the end slot shows retry, and coming back to it (or the retry key) asks again.
    case failed
}
