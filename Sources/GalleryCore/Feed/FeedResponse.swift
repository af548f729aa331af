/// What a finished simulated feed request brings.
public enum FeedResponse: Equatable, Sendable {
    /// This many pages were appended at the end of the feed.
    case appended(count: Int)
    /// The request failed; the feed shows a retry prompt and the spinner page snaps back.
    case failed(reason: String)

    /// The response as a trace `events` entry: "appended:3" or "loadFailed".
    public var traceName: String {
        switch self {
        case .appended(let count): "appended:\(count)"
        case .failed: "loadFailed"
        }
    }
}
