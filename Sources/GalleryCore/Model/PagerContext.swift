import PagerEngine
import Support

/// What a pager screen reads of the gallery to take its input and zoom its photo: which photo each feed page shows,
/// the decoded photos' fits and the page box shown now, the window, the clock the zoom is drawn by, the click slop.
struct PagerContext {
    /// Which photo each feed page shows.
    var feedPages: FeedPages
    /// The decoded photos' fits (`FrameFacts.fits`).
    var fits: [PhotoID: FrameFacts.Fit]
    /// Whether the status bar shows: the page box is then the one above it.
    var showsStatusBar: Bool
    /// The window, whose centre the zoom keys zoom about.
    var viewport: Viewport
    /// The latest time seen, which the zoom is drawn at.
    var now: Double
    /// How far a press may move and still click.
    var clickSlop: Double

    /// `photo`'s zoom at fit in the page box shown now, once decoded (nil before, or failed).
    func fit(of photo: PhotoID) -> PhotoZoom? {
        fits[photo].map { showsStatusBar ? $0.withStatusBar : $0.bare }
    }
}
