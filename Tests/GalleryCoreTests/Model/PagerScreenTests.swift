import PagerEngine
import Support
import Testing

@testable import GalleryCore

/// What a pager screen takes of the inputs offered to it (`PagerScreen.take`) and what it answers: its page commands
/// move the strip, the feed refuses what needs a library in order and retries on a tap on its failed end page; the
/// rest is the gallery's.
@Suite("Pager screen")
struct PagerScreenTests {
    static let viewport = Viewport(width: 320, height: 240)

    /// A pager screen of 12 photos in `mode` on page 2; the feed's last two pages show photos 7 and 8.
    static func screen(_ mode: TopologyKind) -> PagerScreen {
        let topology: any PageTopology =
            mode == .feed
            ? FeedTopology(pageCount: 5, startPage: 2) : mode.makeTopology(pageCount: 12, startPage: 2)
        return PagerScreen(Pager(topology: topology, viewport: viewport, configuration: .standard, time: 0))
    }

    /// Photos 0…2, then 7 and 8.
    static var feedPages: FeedPages {
        var pages = FeedPages(initialCount: 3)
        pages.append([PhotoID(7), PhotoID(8)])
        return pages
    }

    /// What the screen reads of the gallery: `feedPages`, no photo decoded yet.
    static func context(_ feedPages: FeedPages) -> PagerContext {
        PagerContext(
            feedPages: feedPages, fits: [:], showsStatusBar: false, viewport: viewport, now: 1, clickSlop: 6)
    }

    /// What the screen answers, told apart without the events' detail.
    enum Answer: Equatable, CustomTestStringConvertible {
        case notTaken, taken
        /// The strip moved, heading for this page.
        case headsFor(Int)
        case says(String)

        var testDescription: String {
            switch self {
            case .notTaken: "not taken"
            case .taken: "taken"
            case .headsFor(let page): "heads for page \(page)"
            case .says(let text): "says \(text)"
            }
        }
    }

    @Test(
        "page commands move the strip, the feed's by its own pages; the feed refuses reload, sort, folders and files",
        arguments: [
            (TopologyKind.bounded, ScreenInput.command(.next), Answer.headsFor(3)),
            (.bounded, .command(.previous), .headsFor(1)), (.bounded, .command(.first), .headsFor(0)),
            (.bounded, .command(.last), .headsFor(11)), (.bounded, .command(.goToPage(PageIndex(6))), .headsFor(6)),
            (.bounded, .command(.pageForward), .headsFor(11)), (.bounded, .command(.pageBackward), .headsFor(0)),
            (.bounded, .command(.goToPhoto(PhotoID(7))), .headsFor(7)),
            (.feed, .command(.goToPhoto(PhotoID(7))), .headsFor(3)),
            (.feed, .command(.goToPhoto(PhotoID(5))), .taken), (.feed, .command(.next), .headsFor(3)),
            (.bounded, .command(.reload), .notTaken), (.feed, .command(.reload), .taken),
            (.bounded, .command(.cycleSort), .notTaken), (.feed, .command(.cycleSort), .taken),
            (.bounded, .command(.nextFolder), .notTaken),
            (.feed, .command(.nextFolder), .says(PagerScreen.feedHasNoFolders)),
            (.feed, .command(.previousFolder), .says(PagerScreen.feedHasNoFolders)),
            (.feed, .command(.trash), .says(GalleryModel.feedRefusesTrash)),
            (.feed, .command(.undoTrash), .says(GalleryModel.feedRefusesTrash)),
            (.feed, .command(.moveTo(1)), .says(GalleryModel.feedRefusesCulling)),
            (.feed, .command(.copyTo(2)), .says(GalleryModel.feedRefusesCulling)),
            (.bounded, .command(.trash), .notTaken), (.bounded, .command(.moveTo(1)), .notTaken),
            (.bounded, .command(.quit), .notTaken), (.feed, .command(.open), .notTaken),
            // Its zoom keys, Ctrl + wheel and pinches are its own, even with its photo not decoded yet (no zoom).
            (.bounded, .command(.zoomIn), .taken), (.bounded, .pointer(.down(x: 10, y: 10)), .notTaken),
            (.bounded, .notches(1), .notTaken), (.bounded, .zoomBy(factor: 2, x: 0, y: 0), .taken),
            (.bounded, .pinchBegin(x: 0, y: 0), .taken), (.bounded, .fingersDown, .notTaken),
            (.bounded, .tap(x: 160, y: 120, layout: nil), .notTaken),
            (.feed, .tap(x: 160, y: 120, layout: nil), .notTaken),
        ])
    func answers(mode: TopologyKind, input: ScreenInput, answer: Answer) {
        var screen = Self.screen(mode)
        var views = PhotoViews()
        let response = screen.take(input, at: 1, views: &views, context: Self.context(Self.feedPages))
        let seen: Answer =
            switch response {
            case .notTaken: .notTaken
            case .pagerEvents: .headsFor(screen.pager.targetPage.rawValue)
            case .notice(let text): .says(text)
            default: .taken
            }
        #expect(seen == answer)
        if case .notTaken = answer { #expect(screen.pager.targetPage == PageIndex(2), "nothing moved") }
    }

    @Test(
        "a tap on the feed's end page retries only after a failure; on a photo it is the gallery's click",
        arguments: [(failed: true, onEndPage: true), (false, true), (true, false)])
    func tapRetries(failed: Bool, onEndPage: Bool) {
        // A feed of no pages yet shows only its end page; a feed of one page shows that page at rest.
        var screen = PagerScreen(
            Pager(
                topology: FeedTopology(pageCount: onEndPage ? 0 : 1), viewport: Self.viewport, configuration: .standard,
                time: 0))
        if failed { _ = screen.failFeedLoad(at: 0) }
        var views = PhotoViews()
        let response = screen.take(
            .tap(x: 160, y: 120, layout: nil), at: 1, views: &views, context: Self.context(FeedPages(initialCount: 0)))
        if onEndPage {
            #expect(response != .notTaken)
            #expect(screen.feedState == (failed ? .loading : .idle), "asked again only after a failure")
        } else {
            #expect(response == .notTaken)
            #expect(screen.feedState == .failed)
        }
    }

    @Test(
        "only the feed answers for the feed: its state, its end page, its pages' photos",
        arguments: TopologyKind.allCases)
    func feedOnly(mode: TopologyKind) {
        guard mode != .wheel else { return }
        var screen = Self.screen(mode)
        let isFeed = mode == .feed
        #expect(screen.isFeed == isFeed)
        #expect((screen.feedState != nil) == isFeed)
        #expect((screen.appendFeedPages(1, at: 1) != nil) == isFeed)
        #expect((screen.failFeedLoad(at: 1) != nil) == isFeed)
        #expect((screen.retryFeed() != nil) == isFeed)
        #expect(screen.photo(ofPage: PageIndex(3), feedPages: Self.feedPages) == PhotoID(isFeed ? 7 : 3))
    }

    /// How a drag down ends, for the table below.
    enum DragEnd: Sendable {
        case release, cancel
    }

    /// `steps` moves of 5 px from (400, 200), down or sideways, then `still` moves that stay put.
    static func path(steps: Int, still: Int = 0, sideways: Bool = false) -> [(Double, Double)] {
        let moves: [(Double, Double)] = (1...steps).map { step in
            let travel = Double(step) * 5
            return sideways ? (400 + travel, 200) : (400, 200 + travel)
        }
        return moves + Array(repeating: moves[moves.count - 1], count: still)
    }

    /// The drag downs tried: whether the gallery allows one, the path, how it ends, and what it comes to.
    static let dragDowns: [(Bool, [(Double, Double)], DragEnd, String)] = [
        // Allowed (photo at fit, a pointer), 120 px down slowly: let go past the threshold.
        (true, path(steps: 24, still: 8), .release, "drops 120"),
        // 40 px down and still: springs back; cancelled mid-drag: springs back too.
        (true, path(steps: 8, still: 10), .release, "returns"), (true, path(steps: 24), .cancel, "returns"),
        // Not allowed (zoomed, a touchpad): never its own; mostly sideways: the page drag's.
        (false, path(steps: 24), .release, "not taken"), (true, path(steps: 24, sideways: true), .release, "not taken"),
    ]

    /// What the drag down reads: an 800×600 window at time 1.
    static let dragContext = PagerContext(
        feedPages: FeedPages(initialCount: 30), fits: [:], showsStatusBar: false,
        viewport: Viewport(width: 800, height: 600), now: 1, clickSlop: 6)

    @Test("a press on a zoomed photo is its pan's: the drag down watches only a photo at fit", arguments: [1.0, 2, 4])
    func dragDownLeavesZoomed(scale: Double) {
        var screen = PagerScreenZoomTests.screen(zoomedTo: scale)
        let grid = { (photo: PhotoID) in
            GridModel(layout: GridLayout(width: 800, height: 600, photoCount: 12), selection: photo)
        }
        let context = PagerScreenZoomTests.context()
        _ = screen.dragDown(
            .down(x: 400, y: 300), at: 1, allowed: true, photo: PhotoID(2), slop: 10, context: context, grid: grid)
        #expect((screen.dismiss != nil) == (scale == 1))
    }

    @Test(
        "the drag down watches a press, takes a move mostly down, and drops into the grid past its threshold",
        arguments: dragDowns)
    func dragDown(allowed: Bool, path: [(Double, Double)], end: DragEnd, outcome: String) {
        var screen = PagerScreen(
            Pager(
                topology: TopologyKind.bounded.makeTopology(pageCount: 30, startPage: 2),
                viewport: Viewport(width: 800, height: 600), configuration: .standard, time: 0))
        let grid = { (photo: PhotoID) in
            GridModel(layout: GridLayout(width: 800, height: 600, photoCount: 30), selection: photo)
        }
        func offer(_ phase: PointerPhase, at time: Double) -> ScreenResponse {
            screen.dragDown(
                phase, at: time, allowed: allowed, photo: PhotoID(2), slop: 10, context: Self.dragContext, grid: grid)
        }
        #expect(offer(.down(x: 400, y: 200), at: 1) == .notTaken, "a press is watched, never taken")
        var time = 1.0
        var taken = false
        for (x, y) in path {
            time += 1.0 / 60
            let answer = offer(.move(x: x, y: y), at: time)
            if answer != .notTaken, !taken {
                taken = true
                // The move that takes the gesture cancels the strip's own press: its events go back.
                if case .pagerEvents = answer {} else { Issue.record("the taking move answered \(answer)") }
            }
        }
        time += 1.0 / 60
        let last = path.last ?? (400, 200)
        let answer = end == .release ? offer(.up(x: last.0, y: last.1), at: time) : offer(.cancel, at: time)
        let seen: String =
            switch answer {
            case .dropIntoGrid(let photo, let pose) where photo == PhotoID(2): "drops \(Int(pose.offsetY))"
            case .taken where screen.dismiss?.isReturning == true: "returns"
            case .notTaken where screen.dismiss == nil: "not taken"
            default: "\(answer)"
            }
        #expect(seen == outcome)
        #expect(taken == (outcome != "not taken"), "the moves were its own exactly when it took the gesture")
        _ = screen.advance(to: time + 1)
        #expect(screen.dismiss == nil, "sprung back within a second, or never begun")
    }
}
