import GalleryCore
import PagerEngine

/// What a run opens with: the pages, the one shown first, the mode, and where the feed's pages come from.
public struct OpenedLibrary: Sendable {
    /// The pages.
    public var library: PageLibrary
    /// The page shown first.
    public var startPage: Int
    /// The arrangement shown first.
    public var mode: GalleryMode
    /// Makes the feed's source; `nil` for the simulated default.
    public var feedSource: FeedSourceFactory?

    /// Creates the description of an opened library.
    public init(library: PageLibrary, startPage: Int, mode: GalleryMode, feedSource: FeedSourceFactory? = nil) {
        self.library = library
        self.startPage = startPage
        self.mode = mode
        self.feedSource = feedSource
    }
}
