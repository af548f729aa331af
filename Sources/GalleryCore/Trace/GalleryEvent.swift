import PagerEngine

/// Something that happened in a frame, kept typed until the trace writes it (`traceName`).
public enum GalleryEvent: Equatable, Sendable {
    /// The pager reported it.
    case pager(PagerEvent)
    /// The feed answered.
    case feed(FeedResponse)

    /// The event as the trace's `events` entry: `pageChanged:3`, `appended:3`, `loadFailed`.
    public var traceName: String {
        switch self {
        case .pager(let event): event.traceName
        case .feed(let response): response.traceName
        }
    }
}
