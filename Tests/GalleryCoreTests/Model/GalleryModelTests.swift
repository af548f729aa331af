import PagerEngine
import Testing

@testable import GalleryCore

/// The gallery model without a renderer: keys and the typed number, modes, the feed, slideshow, overlays, clicks.
@Suite struct GalleryModelTests {
    /// A model of `count` photos in `mode` on an 800×600 viewport, showing `page`.
    static func model(_ mode: GalleryMode = .bounded, count: Int = 12, page: Int = 0) -> GalleryModel {
        GalleryModel(photoCount: count, mode: mode, startPage: page, viewport: Viewport(width: 800, height: 600))
    }

    @Test(arguments: [
        ("Right", GalleryCommand.pan(.right) as GalleryCommand?),
        ("q", .quit),
        ("2", nil),  // A digit only starts a number.
        ("Tab", nil),  // Unbound.
    ])
    func keysBecomeCommands(name: String, command: GalleryCommand?) {
        var model = Self.model()
        let result = model.command(forKey: Key(name: name).map(GalleryKey.init) ?? .unbound, isRepeat: false, at: 1)
        #expect(result == command)
    }

    @Test(arguments: [
        ("Right", GalleryKey.command(.pan(.right))),
        ("right", .command(.pan(.right))),
        ("3", .digit(3)),
        ("7", .digit(7)),
        ("F4", .command(.mode(.threeSurfaces))),
        ("+", .command(.zoomIn)),
        ("A", .unbound),
    ])
    func keyNamesAreTranslatedOnceAtTheEdge(name: String, key: GalleryKey) {
        #expect(GalleryKey.named(name) == key)
    }

    @Test("Digits typed as a number never switch the mode; G goes there, clamped to the last photo")
    func typedNumberDoesNotSwitchModes() {
        var model = Self.model(.bounded)
        for (index, digit) in ["1", "1", "4"].enumerated() {
            #expect(
                model.handle(.user(.key(GalleryKey.named(digit), isRepeat: false)), at: 1 + 0.3 * Double(index)) == [])
            let forgotten = model.expireCount(at: 1.2 + 0.3 * Double(index))
            #expect(!forgotten)
        }
        #expect(model.countPrompt == "114… — g, G or Enter: photo 12")
        #expect(model.overlay(name: "x", now: 5, panelLines: []).info == model.countPrompt)
        #expect(model.command(forKey: .named("G"), isRepeat: false, at: 2) == .goToPage(11))
        #expect(model.countPrefix.value == nil && model.countPrompt == nil)
    }

    @Test(
        "A count before g, G or Enter goes to that photo, clamped; g and G alone go to the first and last",
        arguments: [
            (["9", "9"], "G", GalleryCommand.goToPage(11)), (["3"], "g", .goToPage(2)), (["0"], "G", .goToPage(0)),
            (["5"], "Return", .goToPage(4)), ([], "G", .last), ([], "g", .first),
        ])
    func countKeys(digits: [String], key: String, command: GalleryCommand) {
        var model = Self.model(.endCaps)
        for digit in digits { _ = model.handle(.user(.key(GalleryKey.named(digit), isRepeat: false)), at: 1) }
        #expect(model.command(forKey: GalleryKey.named(key), isRepeat: false, at: 1.2) == command)
    }

    @Test func typedNumberTimesOut() {
        var model = Self.model(.endCaps)
        _ = model.handle(.user(.key(.named("7"), isRepeat: false)), at: 1)
        _ = model.handle(.user(.key(.named("1"), isRepeat: false)), at: 1.1)
        let forgotten = model.expireCount(at: 1.1 + CountPrefix.timeout)
        #expect(forgotten)
        #expect(model.command(forKey: .named("Return"), isRepeat: false, at: 1.2 + CountPrefix.timeout) == .open)
    }

    @Test("The panel names the photo's own size and the size drawn at the zoom")
    func panelSizeLines() {
        #expect(
            GalleryModel.sizeLines(image: (600, 400), fitted: (1032, 688), scale: 600.0 / 1032) == [
                "photo     600×400 px", "shown     600×400 · zoom 100 %",
            ])
        #expect(
            GalleryModel.sizeLines(image: (1411, 1411), fitted: (688, 688), scale: 2) == [
                "photo     1411×1411 px", "shown     1376×1376 · zoom 98 %",
            ])
        // A 16000×12000 JPEG decoded at 1/8 and fitted 917×688 in a 1280×720 window, at 100 %: its own size, not
        // the fitted height scaled back up (12004).
        #expect(
            GalleryModel.sizeLines(image: (16000, 12000), fitted: (917, 688), scale: 16000.0 / 917) == [
                "photo     16000×12000 px", "shown     16000×12000 · zoom 100 %",
            ])
    }

    @Test func heldKeyQueuesAtMostOnePageAhead() {
        var model = Self.model()
        #expect(model.command(forKey: .named("Right"), isRepeat: true, at: 1) == .pan(.right))
        _ = model.handle(.command(.next), at: 1)
        #expect(model.pager?.slotsAhead != 0)
        #expect(model.command(forKey: .named("Right"), isRepeat: true, at: 1.05) == nil)
        #expect(model.command(forKey: .named("Right"), isRepeat: false, at: 1.05) == .pan(.right))
    }

    @Test func movesReportThePagerEvents() throws {
        var model = Self.model()
        let effects = model.handle(.command(.last), at: 1)
        #expect(effects.count == 1, "the pager's events, and no call back into the model")
        let events = try #require(
            effects.first.flatMap { if case .pagerEvents(let events) = $0 { events } else { nil } })
        // A key turn starts at once and lands on the last page when it settles.
        #expect(model.pager?.targetPage == 11)
        #expect(!events.contains(.settled(page: 0)))
    }

    @Test(arguments: [GalleryMode.bounded, .wheel])
    func wheelOnlyCommands(mode: GalleryMode) {
        var model = Self.model(mode, page: 3)
        do {
            let result = model.handle(.command(.flipWheel), at: 1)
            #expect(result == [])
        }
        #expect(model.settings.wheelDirection == (mode == .wheel ? .anticlockwise : .clockwise))
        let result = model.handle(.command(.open), at: 1)
        // Enter opens the wheel's row, and in a pager the grid (nsxiv).
        #expect(model.mode == (mode == .wheel ? .endCaps : .grid) && model.currentPhoto == 3)
        #expect(result.contains(.screenChanged(left: mode)))
    }

    @Test(arguments: [GalleryMode.bounded, .wheel])
    func upAndDownStepTheWheelOnly(mode: GalleryMode) {
        var model = Self.model(mode, page: 3)
        let down = model.command(forKey: .named("Down"), isRepeat: false, at: 1)
        let up = model.command(forKey: .named("Up"), isRepeat: false, at: 1)
        #expect(down == (mode == .wheel ? .next : nil))
        #expect(up == (mode == .wheel ? .previous : nil))
    }

    @Test func togglesAndRequests() {
        var model = Self.model()
        _ = model.handle(.command(.toggleHelp), at: 1)
        #expect(model.overlays.showsHelp)
        do {
            let result = model.closeHelp()
            #expect(result)
        }
        do {
            let result = model.closeHelp()
            #expect(!result)
        }
        _ = model.handle(.command(.toggleInfoPanel), at: 1)
        #expect(model.overlay(name: "a.jpg", now: 1, panelLines: ["x"]).panel == ["x"])
        // Each toggle asks the window for one; three leave it filling the screen.
        let toggles = (0..<3).flatMap { _ in model.handle(.command(.toggleFullscreen), at: 1) }
        #expect(toggles == [.toggleFullscreen, .toggleFullscreen, .toggleFullscreen] && model.window.isFullscreen)
        do {
            // Nothing is decoded, so nothing zooms.
            let result = model.handle(.command(.zoomIn), at: 1)
            #expect(result == [] && model.shownZoom == nil)
        }
        do {
            let result = model.handle(.command(.retry), at: 1)
            #expect(result == [])
        }
        do {
            let result = model.handle(.command(.mode(.wheel)), at: 1)
            #expect(result == [.screenChanged(left: .bounded), .sharpen] && model.mode == .wheel)
        }
        #expect(!model.window.quitRequested)
        _ = model.handle(.command(.quit), at: 1)
        #expect(model.window.quitRequested)
    }

    @Test func slideshowTogglesAndShowsTheInformation() {
        var model = Self.model()
        #expect(!model.slideshow.isRunning)
        _ = model.handle(.command(.toggleSlideshow), at: 20)
        #expect(model.slideshow.isRunning)
        #expect(model.overlays.infoShownAt == 20)
        #expect(
            model.overlay(name: "a.jpg", now: 20, panelLines: []).info == "1 / 12 — a.jpg · bounded · slideshow 5 s")
        _ = model.handle(.command(.toggleSlideshow), at: 21)
        #expect(!model.slideshow.isRunning)
    }

    @Test func slideshowFromTheStart() {
        let model = GalleryModel(
            photoCount: 3, mode: .bounded, viewport: Viewport(width: 800, height: 600), slideshowInterval: 2.5)
        #expect(model.slideshow.isRunning)
        #expect(model.slideshow.interval == 2.5)
    }

    @Test func informationFadesThenGoes() {
        var model = Self.model()
        #expect(model.overlays.infoShownAt == 0)
        do {
            let result = model.advanceInfo(to: InfoFade.hold / 2)
            #expect(!result)
        }
        #expect(model.infoFadeStart(after: 0) == InfoFade.hold)
        do {
            let result = model.advanceInfo(to: InfoFade.hold + InfoFade.fade / 2)
            #expect(result)
        }
        #expect(model.infoIsFading(at: InfoFade.hold + InfoFade.fade / 2))
        do {
            let result = model.advanceInfo(to: InfoFade.hold + InfoFade.fade)
            #expect(result)
        }
        #expect(model.overlays.infoShownAt == nil)
        do {
            let result = model.advanceInfo(to: 100)
            #expect(!result)
        }
    }

    @Test(arguments: [(12, true), (21, false), (1, false)])
    func dotsForSmallGalleries(count: Int, shown: Bool) {
        let model = Self.model(count: count)
        #expect(model.overlay(name: "", now: 0, panelLines: []).dots == (shown ? .init(count: count, current: 0) : nil))
    }

    @Test func clickThirdsAndDoubleClick() {
        var model = Self.model()
        do {
            let result = model.tapMeaning(x: 100, y: 300, at: 1)
            #expect(result == .turn(.previous))
        }
        do {
            let result = model.tapMeaning(x: 700, y: 300, at: 2)
            #expect(result == .turn(.next))
        }
        do {
            let result = model.tapMeaning(x: 400, y: 300, at: 3)
            #expect(result == nil)
        }
        do {
            let result = model.tapMeaning(x: 403, y: 302, at: 3.3)
            #expect(result == .toggleActualSize(x: 403, y: 302))
        }
        // The double-click is used up: a third click starts anew.
        do {
            let result = model.tapMeaning(x: 403, y: 302, at: 3.5)
            #expect(result == nil)
        }
        // Too far apart in time or space.
        do {
            let result = model.tapMeaning(x: 403, y: 302, at: 4.5)
            #expect(result == nil)
        }
        do {
            let result = model.tapMeaning(x: 420, y: 302, at: 4.6)
            #expect(result == nil)
        }
    }

    @Test("A click on a side third never starts a double-click; quick clicks there each turn a page")
    func sideClicksAreNeverSwallowed() {
        var model = Self.model()
        #expect(model.tapMeaning(x: 700, y: 300, at: 1) == .turn(.next))
        #expect(model.tapMeaning(x: 700, y: 300, at: 1.15) == .turn(.next))
        // A side click then a middle click at once is not a double-click.
        #expect(model.tapMeaning(x: 534, y: 300, at: 1.3) == .turn(.next))
        #expect(model.tapMeaning(x: 532, y: 300, at: 1.4) == nil)
    }

    @Test("A click during a key's page turn is a click; a press that stops a fling is not")
    func clickDuringATurn() {
        var model = Self.model()
        _ = model.handle(.command(.next), at: 1)
        #expect(model.pager?.isAnimating == true)
        _ = model.handle(.user(.pointerDown(x: 700, y: 300)), at: 1.15)
        _ = model.handle(.user(.pointerUp(x: 700, y: 300)), at: 1.18)
        // The press caught the turn and its release settles on the nearest page, 0; the click turns from there.
        #expect(model.pager?.targetPage == 1, "the click on the right third turned a page")
        // A fling: a quick drag released.
        var flung = Self.model()
        _ = flung.pointerDown(x: 600, y: 300, at: 1)
        _ = flung.pointerMove(x: 400, y: 300, at: 1.02)
        _ = flung.pointerUp(x: 300, y: 300, at: 1.04)
        #expect(flung.pager?.isAnimating == true && flung.pager?.commandTargetPage == nil)
        _ = flung.pointerDown(x: 700, y: 300, at: 1.1)
        _ = flung.pointerUp(x: 700, y: 300, at: 1.12)
        #expect(flung.pager?.commandTargetPage == nil, "the press that stopped the fling turned no page")
    }

    @Test func titleAndInformation() {
        let model = Self.model(.endCaps, count: 12, page: 2)
        #expect(model.title(name: "c.jpg") == "3 / 12 — c.jpg")
        #expect(model.overlay(name: "c.jpg", now: 0, panelLines: []).info == "3 / 12 — c.jpg · loop")
        #expect(GalleryModel.seconds(2.5) == "2.5 s")
        #expect(GalleryModel.decimal(12.34) == "12.3")
    }

    @Test("Both loops are \"loop\" in the information and the status bar; the panel names how each is built")
    func loopsAreLoops() {
        for kind in [GalleryMode.endCaps, .threeSurfaces] {
            let model = Self.model(kind, count: 12, page: 2)
            #expect(model.overlay(name: "c.jpg", now: 0, panelLines: []).info.hasSuffix(" · loop"))
            #expect(model.statusLine(name: "c.jpg", photo: (nil, nil)).text.hasSuffix("loop"))
        }
        #expect(GalleryMode.endCaps.panelName == "loop (end caps)")
        #expect(GalleryMode.threeSurfaces.panelName == "loop (three surfaces)")
    }

    @Test func wheelOpensInThePagerModeUsedBeforeIt() {
        var model = Self.model(.threeSurfaces, page: 4)
        let left = model.handle(.show(.wheel, photo: nil), at: 1)
        #expect(left.contains(.screenChanged(left: .threeSurfaces)))
        #expect(model.mode == .wheel)
        #expect(model.currentPage == 4)
        #expect(model.pagerMode == .threeSurfaces)
        let unchanged = model.handle(.show(.wheel, photo: nil), at: 2)
        #expect(unchanged.isEmpty, "the same mode, no photo asked for")
        let opened = model.handle(.show(GalleryMode(model.pagerMode), photo: 7), at: 3)
        #expect(opened.contains(.screenChanged(left: .wheel)))
        #expect(model.mode == .threeSurfaces)
        #expect(model.currentPage == 7)
    }

    @Test func feedKeepsItsPagesAndStateWhileOtherModesShow() {
        var model = Self.model(.feed, count: 3, page: 2)
        // The feed shows photos 0, 1, 2, then what it appends (here photo 1 again and a new file, photo 3).
        _ = model.handle(.report(.feedAppended([1, 3], photoCount: 4)), at: 1)
        #expect(model.pageCount == 5)
        #expect((0..<5).map { model.photo(ofPage: PageIndex($0)) } == [0, 1, 2, 1, 3])
        _ = model.handle(.command(.last), at: 2)
        _ = model.advance(to: 10)
        #expect(model.currentPage == 4)
        // Another mode pages through the library: photo 3 is its page 3.
        _ = model.handle(.show(.bounded, photo: nil), at: 11)
        #expect(model.pageCount == 4)
        #expect(model.currentPage == 3)
        // A failure while away is kept for the feed's return, with its reason.
        let failed = model.handle(.report(.feedFailed(reason: "offline")), at: 12)
        #expect(failed == [])
        #expect(model.feedState == .failed)
        _ = model.handle(.show(.feed, photo: nil), at: 13)
        #expect(model.currentPage == 4, "back on the feed page that showed photo 3")
        #expect(model.feedState == .failed)
        #expect(model.feed.failure == "offline")
        let retried = model.handle(.command(.retry), at: 14)
        #expect(!retried.isEmpty)
        #expect(model.feedState == .loading)
    }

    @Test func retryOnlyAfterAFailureInTheFeed() {
        var model = Self.model(.bounded)
        let inBounded = model.handle(.command(.retry), at: 1)
        #expect(inBounded == [])
        model = Self.model(.feed)
        let beforeAnyFailure = model.handle(.command(.retry), at: 1)
        #expect(beforeAnyFailure == [])
        #expect(model.feedState == .idle)
    }

    @Test("B keeps a status bar: index / count, name, own size, zoom, mode; the information still fades")
    func statusBarStays() {
        var model = Self.model(count: 12, page: 2)
        let photo: (size: (width: Int, height: Int)?, zoomPercent: Int?) = ((4000, 3000), 26)
        #expect(model.overlay(name: "03-chelsea.jpg", now: 0, panelLines: [], photo: photo).status == nil)
        #expect(model.command(forKey: GalleryKey.named("b"), isRepeat: false, at: 1) == .toggleStatusBar)
        _ = model.handle(.command(.toggleStatusBar), at: 1)
        let later = model.overlay(name: "03-chelsea.jpg", now: 60, panelLines: [], photo: photo)
        #expect(later.status == "3 / 12  ·  03-chelsea.jpg  ·  4000×3000  ·  26 %  ·  bounded")
        #expect(later.infoOpacity == 0)
        // Not decoded yet: the fields it cannot know are left out; marks get their own field when any photo is marked.
        #expect(
            model.statusLine(name: "03-chelsea.jpg", photo: (nil, nil)).text == "3 / 12  ·  03-chelsea.jpg  ·  bounded")
        var marked = model.statusLine(name: "a.jpg", photo: (nil, nil))
        marked.marks = 2
        #expect(marked.text.hasSuffix("  ·  bounded  ·  2 marked"))
        _ = model.handle(.command(.toggleStatusBar), at: 2)
        #expect(model.overlay(name: "03-chelsea.jpg", now: 60, panelLines: [], photo: photo).status == nil)
    }

    @Test("Up and Down scroll a help longer than the window, within its range; closing it starts over")
    func helpScrolls() {
        var model = Self.model()
        #expect(GalleryKey.named("Down") == .scroll(1) && GalleryKey.named("up") == .scroll(-1))
        _ = model.handle(.command(.toggleHelp), at: 0)
        _ = model.handle(.report(.facts(FrameFacts(helpMaxScroll: 10))), at: 0)
        for _ in 0..<3 { _ = model.handle(.user(.key(.scroll(1))), at: 0) }
        #expect(model.overlay(name: "a", now: 0, panelLines: []).helpScroll == 3)
        for _ in 0..<10 { _ = model.handle(.user(.wheel(dx: 0, dy: -1)), at: 0) }
        #expect(model.overlays.helpScroll == 10)
        for _ in 0..<30 { _ = model.handle(.user(.key(.scroll(-1))), at: 0) }
        #expect(model.overlays.helpScroll == 0)
        _ = model.handle(.user(.key(.scroll(1))), at: 0)
        #expect(model.overlays.helpScroll == 1 && model.currentPage == 0, "the help took the key")
        // Any other key closes the help and does nothing else: the page stays.
        #expect(model.handle(.user(.key(.command(.next))), at: 0) == [])
        #expect(!model.overlays.showsHelp && model.overlays.helpScroll == 0 && model.pager?.targetPage == 0)
    }
}
