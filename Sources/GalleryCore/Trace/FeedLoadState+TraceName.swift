import PagerEngine

extension FeedLoadState {
    /// The name the trace's `feed_state` field uses: "idle", "loading" or "failed".
    public var traceName: String {
        switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .failed: "failed"
        }
    }
}
