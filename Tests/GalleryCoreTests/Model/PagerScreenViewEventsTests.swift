import PagerEngine
import Support
import Testing

@testable import GalleryCore

/// What a pager screen does when told what happened to its photo's view (`ViewEvent`): the zoom's world, now the
/// screen's input rather than the gallery reaching into its zoom.
@Suite("Pager screen view events")
struct PagerScreenViewEventsTests {
    static let fit = PagerScreenZoomTests.fit
    static let doubled = fit.zoomed(to: 2, atX: 400, y: 300)

    @Test(
        "the zoom follows the canvas, the turns, the library, the page box, the clock and the page settled on",
        arguments: [
            (ViewEvent.canvasReset, 2.0, ScreenResponse.taken, 1.0), (.turned, 2, .taken, 1),
            (.renumbered, 2, .taken, 1), (.turnSaved(PhotoID(2)), 2, .taken, 1), (.turnSaved(PhotoID(3)), 2, .taken, 2),
            (.settled(PageIndex(2)), 2, .taken, 2), (.settled(PageIndex(3)), 2, .leftZoom(PhotoID(2), doubled), 1),
            (.pageBoxChanged, 2, .sharpen, 2), (.pageBoxChanged, 1, .taken, 1), (.frame, 2, .taken, 2),
            (.fitModeChosen(.fit), 1, .taken, 1),
        ])
    func zoomFollows(event: ViewEvent, scale: Double, response: ScreenResponse, after: Double) {
        var screen = PagerScreenZoomTests.screen(zoomedTo: scale)
        var views = PhotoViews()
        let context = PagerScreenZoomTests.context()
        #expect(screen.take(.view(event), at: 1, views: &views, context: context) == response)
        #expect(abs((screen.zoom.shown(at: 1)?.zoom.scale ?? 1) - after) < 1e-9)
    }

    @Test("a double-click springs to 100 % and back to fit", arguments: [(1.0, 4.0), (2, 1), (4, 1)])
    func doubleClick(scale: Double, after: Double) {
        var screen = PagerScreenZoomTests.screen(zoomedTo: scale)
        var views = PhotoViews()
        let input = ScreenInput.view(.toggleActualSize(x: 400, y: 300))
        _ = screen.take(input, at: 1, views: &views, context: PagerScreenZoomTests.context())
        #expect(abs((screen.zoom.shown(at: 5)?.zoom.scale ?? 1) - after) < 1e-9)
    }

    @Test(
        "the photo arrived at takes the zoom the views carried over the page turn, once, and only once decoded",
        arguments: [(true, true, ScreenResponse.sharpen, 2.0), (false, true, .taken, 1), (true, false, .taken, 1)])
    func arrival(carried: Bool, decoded: Bool, response: ScreenResponse, scale: Double) {
        var screen = PagerScreenZoomTests.screen()
        var views = PhotoViews()
        if carried { views.carriedZoom = CarriedZoom(Self.doubled) }
        let context = PagerScreenZoomTests.context(decoded: decoded)
        #expect(screen.take(.view(.carriedZoomOffered), at: 1, views: &views, context: context) == response)
        #expect(abs((screen.zoom.shown(at: 1)?.zoom.scale ?? 1) - scale) < 1e-9)
        #expect((views.carriedZoom == nil) == (response == .sharpen || !carried), "taken once")
    }
}
