import PagerEngine
import Support
import Testing

@testable import GalleryCore

/// What the gallery asks the screen shown instead of switching on it: whether its photo is a view of its own (turned,
/// saved turned, described), whether it has page dots, whether a slideshow plays on it, what Escape means on it, how
/// far a touchpad's swipe reaches, whether the library may be renumbered under it; and the wheel turning its own rows.
@Suite("Screen questions")
struct ScreenQuestionsTests {
    static let viewport = Viewport(width: 1280, height: 720)

    /// The screen `name` names on 12 photos at time 1 ("compare": from a bounded pager; "zoomed": a bounded pager,
    /// its photo 2× zoomed).
    static func model(_ name: String) -> GalleryModel {
        let mode: GalleryMode =
            switch name {
            case "wheel": .wheel
            case "grid": .grid
            case "feed": .feed
            default: .bounded
            }
        var model = GalleryModel(photoCount: 12, mode: mode, viewport: viewport)
        if name == "compare" { _ = model.handle(.command(.compare(.toggle)), at: 1) }
        if name == "zoomed" {
            let fit = PhotoZoom(
                fittedWidth: 1280, fittedHeight: 720, viewportWidth: 1280, viewportHeight: 720, imageWidth: 5120)
            _ = model.handle(.report(.facts(FrameFacts(fits: [0: .init(bare: fit, withStatusBar: fit)]))), at: 1)
            _ = model.handle(.user(.zoom(scale: 2, x: 640, y: 360)), at: 1)
        }
        return model
    }

    @Test(
        "each screen answers for itself: its photo a view, page dots, the slideshow, Escape, a swipe, a renumbering",
        arguments: [
            ("bounded", true, true, true, GalleryCommand?.none, true, true),
            ("zoomed", true, true, true, .zoomToFit, true, true), ("feed", true, true, true, nil, true, false),
            ("wheel", false, false, true, .open, false, true), ("grid", false, false, false, .open, false, true),
            ("compare", false, false, false, .open, false, true),
        ])
    func answers(
        name: String, view: Bool, dots: Bool, slideshow: Bool, back: GalleryCommand?, swipes: Bool, renumbers: Bool
    ) {
        let screen = Self.model(name).screen
        #expect(screen.showsPhotoView == view)
        #expect(screen.hasPageDots == dots)
        #expect(screen.playsSlideshow == slideshow)
        #expect(screen.backCommand(at: 1) == back)
        #expect((screen.swipeReach != nil) == swipes)
        #expect(screen.acceptsRenumbering == renumbers)
    }

    @Test(
        "the model follows the answers: Escape, and the slideshow where its turns show and on opening compare",
        arguments: ["bounded", "zoomed", "wheel", "grid", "compare"])
    func modelFollows(name: String) {
        var model = Self.model(name)
        _ = model.handle(.command(.back), at: 2)
        #expect(model.window.quitRequested == (name == "bounded"), "Escape quits only a pager at fit")
        #expect(model.mode.topology != nil && model.compare == nil, "Escape leaves the grid, the wheel, compare")
        _ = model.advance(to: 10)
        #expect(model.shownZoom == nil, "and a zoom")
        var slides = GalleryModel(
            photoCount: 12, mode: name == "grid" ? .grid : .bounded, viewport: Self.viewport, slideshowInterval: 3)
        #expect(slides.slideshow.isRunning == (name != "grid"), "a slideshow plays where its turns show")
        _ = slides.handle(.command(.compare(.toggle)), at: 1)
        #expect(!slides.slideshow.isRunning, "nor in compare")
    }

    @Test(
        "the wheel turns its own rows on the page commands, as a pager its pages (ten rows on, round the circle)",
        arguments: [
            (GalleryCommand.next, 6), (.previous, 4), (.first, 0), (.last, 11), (.goToPage(PageIndex(8)), 8),
            (.goToPhoto(PhotoID(3)), 3), (.pageForward, 3), (.pageBackward, 7),
        ])
    func wheelTurns(command: GalleryCommand, row: Int) {
        var model = GalleryModel(photoCount: 12, mode: .wheel, startPage: 5, viewport: Self.viewport)
        _ = model.handle(.command(command), at: 1)
        #expect(model.pager?.targetPage == PageIndex(row))
    }
}
