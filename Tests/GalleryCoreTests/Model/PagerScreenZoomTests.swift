import PagerEngine
import Support
import Testing

@testable import GalleryCore

/// The zoom is the pager screen's own (`PagerScreen+Zoom`, `PagerScreen+Pan`): its zoom keys, Ctrl + wheel and pinches,
/// its pan keys and the zoomed photo's pan, the zoom left behind on a page turn, and a library relaid under it.
@Suite("Pager screen zoom")
struct PagerScreenZoomTests {
    static let viewport = Viewport(width: 800, height: 600)

    /// Photo 2's fit: 800×600 from a 3200-pixel-wide original (100 % is 4×).
    static let fit = PhotoZoom(
        fittedWidth: 800, fittedHeight: 600, viewportWidth: 800, viewportHeight: 600, imageWidth: 3200)

    /// A bounded strip of 12 photos on photo 2, zoomed to `scale` (1: at fit).
    static func screen(zoomedTo scale: Double = 1) -> PagerScreen {
        var screen = PagerScreen(
            Pager(
                topology: TopologyKind.bounded.makeTopology(pageCount: 12, startPage: 2), viewport: viewport,
                configuration: .standard, time: 0))
        screen.zoom.place(PhotoID(2), at: fit.zoomed(to: scale, atX: 400, y: 300))
        return screen
    }

    /// What the screen reads at time 1: photo 2 decoded or not.
    static func context(decoded: Bool = true) -> PagerContext {
        PagerContext(
            feedPages: FeedPages(initialCount: 12),
            fits: decoded ? [PhotoID(2): .init(bare: fit, withStatusBar: fit)] : [:],
            showsStatusBar: false, viewport: viewport, now: 1, clickSlop: 6)
    }

    @Test(
        "zoom keys, Ctrl + wheel and a script's zoom zoom its photo once decoded; at once asks for the sharp region",
        arguments: [
            (ScreenInput.command(.zoomIn), true, ScreenResponse.sharpen, 2),
            (.zoomBy(factor: 2, x: 400, y: 300), true, .sharpen, 2),
            (.zoomTo(scale: 3, x: 100, y: 100), true, .sharpen, 3),
            // 100 % springs there: not at rest yet.
            (.command(.zoomActualSize), true, .taken, 1), (.command(.zoomIn), false, .taken, 1),
            (.zoomBy(factor: 2, x: 400, y: 300), false, .taken, 1),
        ])
    func zooms(input: ScreenInput, decoded: Bool, response: ScreenResponse, scale: Double) {
        var screen = Self.screen()
        var views = PhotoViews()
        #expect(screen.take(input, at: 1, views: &views, context: Self.context(decoded: decoded)) == response)
        #expect(abs((screen.zoom.shown(at: 1)?.zoom.scale ?? 1) - scale) < 1e-9)
        if case .command(.zoomActualSize) = input, decoded {
            #expect(abs((screen.zoom.shown(at: 5)?.zoom.scale ?? 1) - 4) < 1e-9, "springs to 100 %")
        }
    }

    @Test(
        "a pan key pans a zoomed photo until its edge; at fit or at the edge it is the gallery's page turn",
        arguments: [(2.0, PanDirection.right, true), (2, .up, true), (1, .right, false), (1, .down, false)])
    func panKeys(scale: Double, direction: PanDirection, pans: Bool) {
        var screen = Self.screen(zoomedTo: scale)
        var views = PhotoViews()
        let response = screen.take(.command(.pan(direction)), at: 1, views: &views, context: Self.context())
        #expect(response == (pans ? .taken : .notTaken))
        #expect(screen.pager.targetPage == PageIndex(2), "the screen itself never turns the page on a pan key")
    }

    @Test("a drag on the zoomed photo pans it, then presses the strip at its edge and hands it the rest")
    func panHandsOver() {
        var screen = Self.screen(zoomedTo: 2)
        let context = Self.context()
        #expect(screen.zoomPan(.down(x: 400, y: 300), at: 1, context: context) == .taken)
        #expect(screen.zoomPan(.move(x: 300, y: 300), at: 1.02, context: context) == .taken)
        #expect(screen.zoom.isPanning && screen.pager.phase == .idle, "panned, the strip untouched")
        guard case .pagerEvents = screen.zoomPan(.move(x: -300, y: 300), at: 1.04, context: context) else {
            Issue.record("the edge hands the drag over")
            return
        }
        #expect(screen.pager.phase == .dragging)
        #expect(screen.zoomPan(.move(x: -350, y: 300), at: 1.06, context: context) == .notTaken, "the strip's now")
    }

    @Test("at fit the pan claims no press: the page drag takes it")
    func fitClaimsNothing() {
        var screen = Self.screen()
        #expect(screen.zoomPan(.down(x: 400, y: 300), at: 1, context: Self.context()) == .notTaken)
    }

    @Test(
        "settling on another photo resets the zoom and gives back the one left; the same photo keeps it",
        arguments: [(2, false), (3, true)])
    func leaves(page: Int, leaves: Bool) {
        var screen = Self.screen(zoomedTo: 2)
        let left = screen.leaveZoom(settledOn: PageIndex(page), context: Self.context())
        #expect((left?.photo == PhotoID(2)) == leaves)
        #expect((screen.zoom.zoomed == nil) == leaves)
    }

    @Test("a library relaid under the pager keeps the photo's zoom")
    func relaidKeepsZoom() {
        let screen = Screen.pager(Self.screen(zoomedTo: 2))
        let relaid = screen.relaid(
            photoCount: 10, start: 2, viewport: Self.viewport, configuration: .standard, time: 1,
            grid: {
                GridModel(
                    layout: GridLayout(width: 800, height: 600, sizeStep: GridLayout.defaultSizeStep, photoCount: 10),
                    selection: $0)
            })
        #expect(relaid.pages?.zoom.zoomed?.photo == PhotoID(2))
        #expect(relaid.pages.map { abs(($0.zoom.zoomed?.zoom.scale ?? 1) - 2) < 1e-9 } == true)
    }
}
