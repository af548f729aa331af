import PagerEngine
import Support

/// What the gallery shows, each case holding exactly its own state: a pager of pages, the wheel, or the thumbnail
/// grid. The wheel and the grid remember the pager mode a photo opens in from them. What every screen is asked (its
/// mode, the page at its centre, whether it moves, how it lays out again) is answered here, once.
public enum Screen: Sendable {
    /// A strip of pages: bounded, either loop, or the feed (`PagerScreen`).
    case pager(PagerScreen)
    /// The wheel's rows and the pager mode a row opens in.
    case wheel(WheelScreen)
    /// The thumbnail grid, and the pager mode a cell opens in; no pager exists meanwhile.
    case grid(GridModel, returnTo: TopologyKind)
    /// Two photos compared (`CompareModel`), and the pager mode it goes back to; no pager exists meanwhile.
    case compare(CompareModel, returnTo: TopologyKind)

    /// The screen `mode` shows first, `start` at its centre: `returnTo` is the pager mode the wheel and the grid open
    /// photos in; `grid` lays the grid out.
    init(
        _ mode: GalleryMode, start: Int, photoCount: Int, feedPages: Int, feedState: FeedLoadState = .idle,
        returnTo: TopologyKind, viewport: Viewport, configuration: PagerConfiguration, time: Double,
        grid: (PhotoID) -> GridModel
    ) {
        switch mode.topology {
        case .feed?:
            self = .pager(
                PagerScreen(
                    Pager(
                        topology: FeedTopology(pageCount: feedPages, startPage: start, loadState: feedState),
                        viewport: viewport, configuration: configuration, time: time)))
        case .wheel?:
            self = .wheel(
                WheelScreen(
                    photoCount: photoCount, startRow: start, viewport: viewport, configuration: configuration,
                    time: time, returnTo: returnTo))
        case let kind?:
            self = .pager(
                PagerScreen(
                    Pager(
                        topology: kind.makeTopology(pageCount: photoCount, startPage: start), viewport: viewport,
                        configuration: configuration, time: time)))
        case nil:
            self = .grid(grid(PhotoID(start)), returnTo: returnTo)
        }
    }

    /// The mode shown, as the user names it; the compare screen's is the pager mode it goes back to.
    public var mode: GalleryMode {
        switch self {
        case .pager(let pages): GalleryMode(pages.pager.topology.kind)
        case .wheel: .wheel
        case .grid: .grid
        case .compare(_, let back): GalleryMode(back)
        }
    }

    /// The pager mode the wheel and the grid open a photo in: the one used before them; the pager's own in a pager.
    public var returnTo: TopologyKind {
        switch self {
        case .pager(let pages): pages.pager.topology.kind
        case .wheel(let wheel): wheel.returnTo
        case .grid(_, let back), .compare(_, let back): back
        }
    }

    /// The pager shown (the pager modes and the wheel's rows); nil in the grid and in compare.
    public var pager: Pager? {
        switch self {
        case .pager(let pages): pages.pager
        case .wheel(let wheel): wheel.rows
        case .grid, .compare: nil
        }
    }

    /// The logical page at the centre: the pager's, the wheel's row, the grid's selected photo's number, or the
    /// left-hand photo's in compare.
    public var currentPage: PageIndex {
        switch self {
        case .pager(let pages): pages.pager.currentPage
        case .wheel(let wheel): wheel.rows.currentPage
        case .grid(let grid, _): PageIndex(grid.selection.rawValue)
        case .compare(let compare, _): PageIndex(compare.left.rawValue)
        }
    }

    /// Whether a strip of photos shows (not the wheel's rows, not the grid): what zooms, turns, fades in and has dots.
    public var isPager: Bool {
        if case .pager = self { return true }
        return false
    }

    /// Whether the photo at the centre is shown as a view of its own, which `<` and `>` turn, Ctrl+S saves turned and
    /// the status bar describes: a pager's; the wheel's rows and the grid's cells are thumbnails, and compare turns
    /// its two photos itself.
    public var showsPhotoView: Bool {
        switch self {
        case .pager: true
        case .wheel, .grid, .compare: false
        }
    }

    /// Whether page dots may show: a pager's strip has them; the wheel's rows, the grid and compare do not.
    public var hasPageDots: Bool {
        switch self {
        case .pager: true
        case .wheel, .grid, .compare: false
        }
    }

    /// Whether a running slideshow goes on here: its turns show in a pager and on the wheel's rows; in the grid and in
    /// compare it would turn pages nobody sees.
    var playsSlideshow: Bool {
        switch self {
        case .pager, .wheel: true
        case .grid, .compare: false
        }
    }

    /// What Escape means here once no panel and no fullscreen is left to close, at `now`: the wheel, the grid and
    /// compare open the photo in the pager; a pager's zoomed photo goes back to fit; nil in a pager at fit (quit).
    func backCommand(at now: Double) -> GalleryCommand? {
        switch self {
        case .pager(let pages): pages.zoom.shown(at: now) != nil ? .zoomToFit : nil
        case .wheel, .grid, .compare: .open
        }
    }

    /// Whether the library may be renumbered under this screen (photos dropped, the folders listed again): not under
    /// the feed, whose pages are its source's, appended by itself; every other screen follows its photos.
    var acceptsRenumbering: Bool {
        switch self {
        case .pager(let pages): !pages.isFeed
        case .wheel, .grid, .compare: true
        }
    }

    /// How far a touchpad's swipe may drag, a page, where sideways notches turn pages (a burst of them, as SDL on X11
    /// reports a swipe, turns one): a pager's page; nil on the wheel's rows, in the grid and in compare.
    var swipeReach: Double? {
        switch self {
        case .pager(let pages): pages.pager.extent
        case .wheel, .grid, .compare: nil
        }
    }

    /// Whether the feed shows: its pages are its source's, not the library's in order.
    public var isFeed: Bool {
        pages?.isFeed ?? false
    }

    /// The pager screen (its strip, its drag down, its zoom), when a strip of photos shows.
    public var pages: PagerScreen? {
        if case .pager(let pages) = self { return pages }
        return nil
    }

    /// The grid, when it shows.
    public var grid: GridModel? {
        if case .grid(let grid, _) = self { return grid }
        return nil
    }

    /// The wheel, when it shows.
    public var wheel: WheelScreen? {
        if case .wheel(let wheel) = self { return wheel }
        return nil
    }

    /// The compare screen, when it shows.
    public var compare: CompareModel? {
        if case .compare(let compare, _) = self { return compare }
        return nil
    }

    /// Runs `body` on the pager shown (the wheel's rows too) and keeps what it did; nil in the grid and in compare.
    mutating func withPager<Result>(_ body: (inout Pager) -> Result) -> Result? {
        switch self {
        case .pager(var pages):
            let result = body(&pages.pager)
            self = .pager(pages)
            return result
        case .wheel(var wheel):
            let result = body(&wheel.rows)
            self = .wheel(wheel)
            return result
        case .grid, .compare: return nil
        }
    }

    /// Where the feed's request for more pages stands while the feed shows; nil in the other screens.
    var feedState: FeedLoadState? {
        pages?.feedState
    }

    /// Whether the feed's spinner is on screen (frames must follow).
    var spinnerIsVisible: Bool {
        pages?.spinnerIsVisible ?? false
    }

    /// What Up (`step` < 0) or Down mean here at `time`: the grid's selection and compare's photos pan, the wheel
    /// steps its rows as Left and Right do, a zoomed photo in a pager pans (nsxiv); a pager at fit takes none.
    func scrollCommand(_ step: Int, at time: Double) -> GalleryCommand? {
        switch self {
        case .grid, .compare: .pan(step < 0 ? .up : .down)
        case .wheel: step < 0 ? .previous : .next
        case .pager(let pages): pages.zoom.shown(at: time) != nil ? .pan(step < 0 ? .up : .down) : nil
        }
    }

    /// The drag down to the grid under way on a pager screen, if any.
    var dismiss: DismissDrag? {
        pages?.dismiss
    }

    /// Whether the feed rests on its end page.
    var showsFeedEnd: Bool {
        pages?.showsFeedEnd ?? false
    }

    /// Where the screen is, in pages, for the trace: the strip's position (past the feed's last page on its end
    /// page), the wheel's, or the grid's and compare's photo number.
    var tracePosition: Double {
        switch self {
        case .pager(let pages): pages.tracePosition
        case .wheel(let wheel): wheel.rows.logicalPosition
        case .grid, .compare: Double(currentPage.rawValue)
        }
    }

    /// The photo `page` shows: the feed's own (`feedPages`), else photo p on page p.
    func photo(ofPage page: PageIndex, feedPages: FeedPages) -> PhotoID {
        if case .pager(let pages) = self { return pages.photo(ofPage: page, feedPages: feedPages) }
        return PhotoID(page.rawValue)
    }

    /// Runs `body` on the pager screen and keeps what it did; nil in the others.
    @discardableResult
    mutating func withPages<Result>(_ body: (inout PagerScreen) -> Result?) -> Result? {
        guard case .pager(var pages) = self else { return nil }
        let result = body(&pages)
        self = .pager(pages)
        return result
    }

    /// The same screen over a library of `photoCount` photos, `start` at its centre, the pager's topology built afresh
    /// so its invariants hold (a drag down under way and the zoom kept); `grid` lays the grid out. (Compare keeps its photos by
    /// their new numbers instead: `GalleryModel.renumberCompare`.)
    func relaid(
        photoCount: Int, start: Int, viewport: Viewport, configuration: PagerConfiguration, time: Double,
        grid: (PhotoID) -> GridModel
    ) -> Screen {
        var relaid = Screen(
            mode, start: start, photoCount: photoCount, feedPages: photoCount, returnTo: returnTo, viewport: viewport,
            configuration: configuration, time: time, grid: grid)
        // A drag down under way goes on over the new strip, and the photo shown keeps its zoom.
        if case .pager(let pages) = self, case .pager(var fresh) = relaid {
            fresh.dismiss = pages.dismiss
            fresh.zoom = pages.zoom
            relaid = .pager(fresh)
        }
        return relaid
    }
}
