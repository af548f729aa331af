import PagerEngine
import Support
import Testing

@testable import GalleryCore

/// What each screen takes of the inputs offered to it before the pager's handling (`Screen.take`), and the grid's
/// pinch, which the grid now keeps itself.
@Suite("Screen input")
struct ScreenInputTests {
    static let viewport = Viewport(width: 1280, height: 720)

    static func grid(sizeStep: Int = GridLayout.defaultSizeStep) -> GridModel {
        GridModel(
            layout: GridLayout(width: 1280, height: 720, sizeStep: sizeStep, photoCount: 100), selection: PhotoID(0))
    }

    @Test(
        "a pinch in the grid steps the thumbnail size by the spread, a few steps an update at most",
        arguments: [
            ([1.0], 2), ([1.25], 3), ([1.25 * 1.25], 4), ([0.8], 1), ([0.6], 0), ([1.2], 2),
            ([1.25, 1.0], 2), ([1.25, 1.25 * 1.25], 4), ([1e9], 4), ([0.0], 2), ([-1.0], 2), ([Double.nan], 2),
            ([Double.infinity], 2),
        ])
    func gridPinch(spreads: [Double], sizeStep: Int) {
        var grid = Self.grid()
        grid.beginPinch()
        for spread in spreads { grid.pinch(spread: spread) }
        #expect(grid.layout.sizeStep == sizeStep)
        grid.endPinch()
        grid.pinch(spread: 100)
        #expect(grid.layout.sizeStep == sizeStep, "no pinch under way after its end")
    }

    @Test("a spread without a pinch begun steps nothing")
    func spreadWithoutPinch() {
        var grid = Self.grid()
        grid.pinch(spread: 2)
        #expect(grid.layout.sizeStep == GridLayout.defaultSizeStep)
    }

    /// What a pager screen reads of the gallery: 12 photos, none decoded yet.
    static let context = PagerContext(
        feedPages: FeedPages(initialCount: 12), fits: [:], showsStatusBar: false, viewport: viewport, now: 2,
        clickSlop: 6)

    /// The screen for `mode` on 12 photos.
    static func screen(_ mode: GalleryMode) -> Screen {
        var model = GalleryModel(photoCount: 12, mode: mode, viewport: viewport)
        if mode == .bounded { _ = model.handle(.command(.compare(.toggle)), at: 1) }
        return model.screen
    }

    @Test(
        "the grid and compare take their input; the wheel its keys and taps; a pager its commands and zooms",
        arguments: [
            (GalleryMode.endCaps, ScreenInput.notches(1), false), (.endCaps, .command(.next), true),
            (.endCaps, .command(.quit), false), (.endCaps, .tap(x: 10, y: 10, layout: nil), false),
            (.endCaps, .pointer(.down(x: 10, y: 10)), false), (.endCaps, .zoomBy(factor: 2, x: 0, y: 0), true),
            (.wheel, .notches(1), false), (.wheel, .command(.next), true), (.wheel, .command(.quit), false),
            (.wheel, .command(.open), true),
            (.wheel, .command(.flipWheel), true), (.wheel, .pointer(.down(x: 10, y: 10)), false),
            (.wheel, .tap(x: 10, y: 10, layout: nil), true), (.grid, .notches(1), true),
            (.grid, .command(.next), true), (.grid, .command(.quit), false), (.grid, .pinchBegin(x: 0, y: 0), true),
            (.grid, .zoomTo(scale: 2, x: 0, y: 0), true), (.bounded, .notches(1), true),
            (.bounded, .command(.next), true), (.bounded, .command(.quit), false),
            (.bounded, .zoomBy(factor: 2, x: 0, y: 0), true),
            // What happened to the photo's view is a pager's alone; the feed's answer the feed's and the grid's.
            (.endCaps, .view(.canvasReset), true), (.wheel, .view(.canvasReset), false), (.grid, .view(.frame), false),
            (.bounded, .view(.turned), false), (.feed, .feed(.failed), true), (.endCaps, .feed(.failed), false),
            (.grid, .feed(.appended(pages: 2, photoCount: 14)), true), (.grid, .feed(.failed), false),
            (.wheel, .feed(.appended(pages: 2, photoCount: 14)), false),
            (.bounded, .feed(.appended(pages: 2, photoCount: 14)), false),
            // The zoomed photo's pan is a pager's recogniser; on a photo at fit it leaves the press to the strip.
            (.endCaps, .zoomPan(.down(x: 10, y: 10)), false), (.wheel, .zoomPan(.down(x: 10, y: 10)), false),
            (.grid, .zoomPan(.down(x: 10, y: 10)), false), (.bounded, .zoomPan(.down(x: 10, y: 10)), false),
        ])
    func takes(mode: GalleryMode, input: ScreenInput, taken: Bool) {
        var screen = Self.screen(mode)
        var settings = ScreenSettings(configuration: .standard)
        var views = PhotoViews()
        #expect(
            (screen.take(input, at: 2, settings: &settings, views: &views, context: Self.context) != .notTaken)
                == taken)
    }

    @Test(
        "the wheel answers what only the gallery can do",
        arguments: [
            (ScreenInput.command(.open), ScreenResponse.open(PhotoID(0), cell: nil)),
            (.command(.flipWheel), .flipWheel), (.command(.pan(.down)), .step(.next)),
            (.command(.pan(.up)), .step(.previous)), (.tap(x: 10, y: 10, layout: nil), .taken),
        ])
    func wheelAnswers(input: ScreenInput, response: ScreenResponse) {
        var screen = Self.screen(.wheel)
        var settings = ScreenSettings(configuration: .standard)
        var views = PhotoViews()
        #expect(screen.take(input, at: 2, settings: &settings, views: &views, context: Self.context) == response)
    }

    @Test("a feed's append while the grid shows adds cells, the selection kept", arguments: [14, 100, 120])
    func gridGrows(photoCount: Int) {
        var screen = Self.screen(.grid)
        var settings = ScreenSettings(configuration: .standard)
        var views = PhotoViews()
        let input = ScreenInput.feed(.appended(pages: photoCount - 12, photoCount: photoCount))
        _ = screen.take(input, at: 2, settings: &settings, views: &views, context: Self.context)
        #expect(screen.grid?.layout.photoCount == photoCount)
        #expect(screen.grid?.selection == PhotoID(0))
    }

    @Test(
        "a screen moves by itself while its strip or rows turn; at rest, and in compare, it does not",
        arguments: [
            (GalleryMode.endCaps, false, false), (.endCaps, true, true), (.feed, true, true), (.wheel, false, false),
            (.wheel, true, true), (.grid, false, false), (.bounded, true, false),
        ])
    func moves(mode: GalleryMode, turned: Bool, moving: Bool) {
        var screen = Self.screen(mode)
        var settings = ScreenSettings(configuration: .standard)
        var views = PhotoViews()
        if turned { _ = screen.take(.command(.next), at: 2, settings: &settings, views: &views, context: Self.context) }
        #expect(screen.isMoving(at: 2.01) == moving)
        _ = screen.advance(to: 60)
        #expect(!screen.isMoving(at: 60), "at rest once the turn is over")
    }

    @Test("the grid keeps its thumbnail size in the settings for its next visit")
    func gridKeepsSize() {
        var screen = Self.screen(.grid)
        var settings = ScreenSettings(configuration: .standard)
        var views = PhotoViews()
        _ = screen.take(
            .zoomBy(factor: 2, x: 0, y: 0), at: 2, settings: &settings, views: &views, context: Self.context)
        #expect(settings.gridSizeStep == GridLayout.defaultSizeStep + 1)
    }

    @Test(
        "Up and Down: the grid and compare pan, the wheel steps its rows, a pager pans only a zoomed photo",
        arguments: [
            (GalleryMode.grid, -1, false, GalleryCommand?.some(.pan(.up))), (.grid, 1, false, .pan(.down)),
            (.wheel, -1, false, .previous), (.wheel, 1, true, .next), (.bounded, 1, true, .pan(.down)),
            (.feed, -1, true, .pan(.up)), (.endCaps, 1, false, nil), (.feed, -1, false, nil),
        ])
    func scrollKeys(mode: GalleryMode, step: Int, zoomed: Bool, command: GalleryCommand?) {
        var screen = Self.screen(mode)
        if zoomed {
            let fit = PhotoZoom(
                fittedWidth: 1280, fittedHeight: 720, viewportWidth: 1280, viewportHeight: 720, imageWidth: 5120)
            screen.withPages { $0.zoom.place(PhotoID(0), at: fit.zoomed(to: 2, atX: 640, y: 360)) }
        }
        #expect(screen.scrollCommand(step, at: 2) == command)
    }
}
