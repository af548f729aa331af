import GalleryCore
import Imaging
import PagerEngine
import Support

/// What a run opens with: the pages, the one shown first, the mode, where the feed's pages come from, and the first
/// decodes asked for while the window opens.
public struct OpenedLibrary: Sendable {
    /// The pages.
    public var library: PageLibrary
    /// The page shown first.
    public var startPage: Int
    /// The arrangement shown first.
    public var mode: GalleryMode
    /// Makes the feed's source; `nil` for the simulated default.
    public var feedSource: FeedSourceFactory?
    /// The first page's decode, asked for while the window opens; nil where the start shows no page.
    public var headStart: DecodeRequest?
    /// The grid's first screen of thumbnails, asked for while the window opens; empty unless the start shows the grid.
    public var thumbnailHeadStart: [DecodeRequest] = []
    /// The views remembered for its photos (`--remember`), matched to their files off the main thread.
    public var rememberedViews: [PhotoID: RememberedView] = [:]

    /// Creates the description of an opened library.
    public init(library: PageLibrary, startPage: Int, mode: GalleryMode, feedSource: FeedSourceFactory? = nil) {
        self.library = library
        self.startPage = startPage
        self.mode = mode
        self.feedSource = feedSource
    }
}
