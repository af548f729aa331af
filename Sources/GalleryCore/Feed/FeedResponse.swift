/// What a finished feed request brings.
public enum FeedResponse: Equatable, Sendable {
    /// These pages, in order, to append at the end of the feed.
    case appended([FeedItem])
    /// The request failed for this reason; the spinner page shows a retry prompt with it.
    case failed(reason: String)

    /// The response as a trace `events` entry: "appended:3" or "loadFailed".
    public var traceName: String {
        switch self {
        case .appended(let items): "appended:\(items.count)"
        case .failed: "loadFailed"
        }
    }
}
