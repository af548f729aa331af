import PagerEngine
import Support

/// A strip of photo pages: bounded, either loop, or the feed, whose pages come from its source (its end page loads
/// more, or shows why it could not). It gives its own meaning to the page commands it takes (turns, jumps, a photo
/// by number: in the feed the page nearest that shows it), refuses in the feed what only a library in order has
/// (reload, sort, folders, Delete, Ctrl+Z, x and y), and retries the feed on a tap on its end page. It holds the drag
/// down to the grid, the gesture arena's first recogniser (`dragDown`), and the zoom of the photo at its centre: only
/// a pager zooms one photo (`PagerScreen+Zoom`: the zoom keys, a pinch, Ctrl + wheel, the pan keys and the zoomed
/// photo's pan, the arena's second recogniser).
public struct PagerScreen: Sendable {
    /// What the feed says for the folder keys, which need a library in order.
    public static let feedHasNoFolders = "the feed has no folders to go through"

    /// The strip.
    public internal(set) var pager: Pager
    /// A press on a photo at fit that may become, or is, a drag down to the grid.
    public internal(set) var dismiss: DismissDrag?
    /// The zoom of the photo at the centre and its pan; it goes with the screen (a new screen shows its photo at fit).
    public internal(set) var zoom = ZoomModel()

    /// A strip of `pager`'s pages.
    init(_ pager: Pager) {
        self.pager = pager
    }

    /// Moves the strip to `time` and retires a drag down once its photo has sprung back; returns the strip's events.
    mutating func advance(to time: Double) -> [PagerEvent] {
        let events = pager.advance(to: time)
        if dismiss?.hasReturned(at: time) ?? false { dismiss = nil }
        return events
    }

    /// Lays the strip out in `viewport`; a drag down measured against the old size ends.
    mutating func resize(to viewport: Viewport, at time: Double) -> [PagerEvent] {
        let events = pager.handle(.resize(viewport), at: time)
        dismiss = nil
        return events
    }

    /// Whether the strip, the zoom or a drag down springing back moves by itself (frames must follow).
    var isMoving: Bool { pager.isAnimating || zoom.isMoving || (dismiss?.isReturning ?? false) }

    /// Whether this is the feed: its pages are its source's, not the library's in order.
    public var isFeed: Bool { pager.topology.kind == .feed }

    /// Where the feed's request for more pages stands; nil outside the feed.
    var feedState: FeedLoadState? { (pager.topology as? FeedTopology)?.loadState }

    /// Whether the feed's spinner is on screen (it turns, so frames must follow).
    var spinnerIsVisible: Bool {
        guard let state = feedState else { return false }
        return state != .failed && pager.visibleSlots().contains { $0.content == .feedEnd }
    }

    /// Whether the strip rests on the feed's end page: it is labelled as itself, not as the last photo.
    var showsFeedEnd: Bool { isFeed && pager.currentContent == .feedEnd }

    /// Where the strip is, in pages, for the trace: the logical position, except that the feed's end page is one past
    /// the last page (where `offset_px` puts it), not the last page again.
    var tracePosition: Double {
        isFeed && pager.slotPosition > pager.logicalPosition ? pager.slotPosition : pager.logicalPosition
    }

    /// The photo `page` shows: in the feed, the one its source put there (`feedPages`); else page p shows photo p.
    func photo(ofPage page: PageIndex, feedPages: FeedPages) -> PhotoID {
        isFeed && page.rawValue < feedPages.count ? feedPages.photo(atPage: page) : PhotoID(page.rawValue)
    }

    /// The feed's source brought `count` more pages: they go at the end. Nil outside the feed.
    mutating func appendFeedPages(_ count: Int, at time: Double) -> [PagerEvent]? {
        isFeed ? pager.appendPages(count, at: time) : nil
    }

    /// The feed's request failed: its end page shows why. Nil outside the feed.
    mutating func failFeedLoad(at time: Double) -> [PagerEvent]? {
        isFeed ? pager.failPageLoad(at: time) : nil
    }

    /// R, or a tap on the end page: the feed asks again after a failure. Nil outside the feed or with nothing failed.
    mutating func retryFeed() -> [PagerEvent]? {
        feedState == .failed ? pager.retryPageLoad() : nil
    }

    /// Whether the feed refuses the keys that move, copy or trash a file: its pages are its source's.
    private var refusesFiles: Bool { isFeed && pager.pageCount > 0 }

    /// The photo at the centre (`context`: which photo each feed page shows).
    func centrePhoto(_ context: PagerContext) -> PhotoID {
        photo(ofPage: pager.currentPage, feedPages: context.feedPages)
    }

    /// What the strip makes of `input` at `time`, `context` being what it reads of the gallery and `views` its policy
    /// across page turns: its commands, a tap on the feed's end page, every zoom of its photo, what happened to the
    /// photo's view (`PagerScreen+ViewEvents`) and the feed's answers.
    mutating func take(
        _ input: ScreenInput, at time: Double, views: inout PhotoViews, context: PagerContext
    ) -> ScreenResponse {
        switch input {
        case .view(let event): return take(event, at: time, views: &views, context: context)
        case .feed(let event): return take(event, at: time)
        case .zoomPan(let phase): return zoomPan(phase, at: time, context: context)
        case .command(let command): return perform(command, at: time, context: context)
        case .tap(let x, _, _):
            // Only the feed's end page takes a tap; the rest (thirds, double-click) is the gallery's click.
            guard isFeed,
                pager.visibleSlots().first(where: { $0.origin <= x && x < $0.origin + $0.extent })?.content
                    == .feedEnd
            else { return .notTaken }
            return .pagerEvents(retryFeed() ?? [])
        case .zoomTo, .zoomBy, .pinchBegin, .pinch, .pinchEnd: return zoom(input, at: time, context: context)
        case .pointer, .notches, .fingersDown: return .notTaken
        }
    }

    /// The strip's meaning of `command`: a page turn or jump moves it (PageUp and PageDown from where queued presses
    /// head); the zoom keys and the pan keys move its zoom; the feed refuses what needs a library in order.
    /// `.notTaken` for the gallery's common handling.
    private mutating func perform(_ command: GalleryCommand, at time: Double, context: PagerContext) -> ScreenResponse {
        let feedPages = context.feedPages
        let move: PagerCommand
        if let pageMove = command.pageMove(from: pager.targetPage) {
            return .pagerEvents(pager.handle(.command(pageMove), at: time))
        }
        switch command {
        case .goToPhoto(let photo):
            let page = isFeed ? feedPages.page(showing: photo, near: pager.currentPage) : PageIndex(photo.rawValue)
            guard let page else { return .taken }
            move = .goTo(page: page)
        case .reload where isFeed, .cycleSort where isFeed: return .taken
        // R asks the feed again after a failure; elsewhere it does nothing.
        case .retry: return .pagerEvents(retryFeed() ?? [])
        case .nextFolder where isFeed, .previousFolder where isFeed: return .notice(Self.feedHasNoFolders)
        // With no pages (no photos yet) the file keys do nothing, as everywhere.
        case .trash where refusesFiles, .undoTrash where refusesFiles: return .notice(GalleryModel.feedRefusesTrash)
        case .moveTo where refusesFiles, .copyTo where refusesFiles: return .notice(GalleryModel.feedRefusesCulling)
        case .zoomIn, .zoomOut, .zoomActualSize, .zoomToFit: return zoomKey(command, at: time, context: context)
        // Left and Right turn the page once the zoomed photo is at that edge: the gallery's common handling.
        case .pan(let direction): return pan(direction, at: time, context: context) ? .taken : .notTaken
        default: return .notTaken
        }
        return .pagerEvents(pager.handle(.command(move), at: time))
    }

    /// The drag down's part in the gesture arena: it watches a press on the strip at rest on a photo at fit, not
    /// panned (`allowed`: the gallery's part, photos pressed by a pointer), takes the gesture from the first move that
    /// goes mostly down (the strip's own press is cancelled before it ever moved), then every phase to the end.
    /// `photo` is the photo pressed; `context` gives the window and the clock; `grid` lays out the grid drawn behind it.
    mutating func dragDown(
        _ phase: PointerPhase, at time: Double, allowed: Bool, photo: PhotoID, slop: Double, context: PagerContext,
        grid: (PhotoID) -> GridModel
    ) -> ScreenResponse {
        switch phase {
        case .down(let x, let y):
            dismiss = nil
            // A zoomed or panned photo's press is its pan's.
            guard allowed, zoom.shown(at: context.now) == nil, !zoom.isPanning, pager.phase == .idle,
                !pager.isAnimating, case .page = pager.currentContent
            else { return .notTaken }
            let height = context.viewport.height
            dismiss = DismissDrag(photo: photo, x: x, y: y, at: time, viewportHeight: height, slop: slop)
            return .notTaken
        case .move(let x, let y):
            guard var drag = dismiss else { return .notTaken }
            let decision = drag.move(x: x, y: y, at: time)
            if case .takes = decision { drag.grid = grid(drag.photo) }
            dismiss = drag
            switch decision {
            case .undecided: return .notTaken
            case .declines:
                dismiss = nil
                return .notTaken
            // The strip's press never passed its slop along x: a cancel leaves it where it rests.
            case .takes: return .pagerEvents(pager.handle(.pointerCancel, at: time))
            case .follows: return .taken
            }
        case .up(let x, let y):
            guard var drag = dismiss, case .dragging = drag.phase else {
                dismiss = nil
                return .notTaken
            }
            switch drag.release(x: x, y: y, at: time) {
            case .dismissed:
                var pose = drag.pose(at: time)
                pose.cell = dismiss?.grid?.selectionCell(at: time)
                dismiss = nil
                return .dropIntoGrid(drag.photo, pose)
            case .returning:
                dismiss = drag
                return .taken
            }
        case .cancel:
            guard var drag = dismiss, case .dragging = drag.phase else {
                dismiss = nil
                return .notTaken
            }
            drag.cancel(at: time)
            dismiss = drag
            return .taken
        }
    }
}
