import PagerEngine
import Testing

@testable import GalleryCore

/// The gesture arena without a renderer: who gets a press (zoom pan or page drag), the hand-over at the photo's edge,
/// taps, and zooms that wait for the pager to rest. Nothing comes back for an adapter to feed in again: each
/// expectation reads the model after the one call.
@Suite struct GestureArenaTests {
    /// Photo 0 of 5 in an 800×600 bounded pager, fitted to 800×600 from a 3200-pixel-wide original.
    static func model() -> GalleryModel {
        GalleryModel(photoCount: 5, mode: .bounded, viewport: Viewport(width: 800, height: 600))
    }

    /// What the adapter knows once photo 0 is decoded: its fit.
    static func facts() -> FrameFacts {
        let fit = PhotoZoom(
            fittedWidth: 800, fittedHeight: 600, viewportWidth: 800, viewportHeight: 600, imageWidth: 3200)
        return FrameFacts(fits: [0: .init(bare: fit, withStatusBar: fit)])
    }

    /// Zoomed to 2× at the centre, at rest.
    static func zoomedModel() -> GalleryModel {
        var model = model()
        _ = model.handle(.report(.facts(facts())), at: model.now)
        let effects = model.handle(.user(.zoom(scale: 2, x: 400, y: 300)), at: 0)
        #expect(effects == [.sharpen], "at rest at once: the sharp region is asked for")
        return model
    }

    /// The pager events in `effects`, in order, whichever effects carry them.
    static func pagerEvents(_ effects: [GalleryEffect]) -> [PagerEvent] {
        effects.flatMap { effect -> [PagerEvent] in
            if case .pagerEvents(let events) = effect { events } else { [] }
        }
    }

    @Test func atFitThePagerTakesTheDrag() {
        var model = Self.model()
        let down = model.handle(.user(.pointerDown(x: 600, y: 300)), at: 1)
        #expect(Self.pagerEvents(down).isEmpty, "a press moves nothing yet")
        #expect(model.screen.pages?.zoom.isPanning == false, "the pan took a press at fit")
        _ = model.handle(.user(.pointerMove(x: 500, y: 300)), at: 1.02)
        #expect(model.phase == .dragging)
        #expect(model.pager?.offset == 96, "the pager follows the finger, less its 4 px drag slop")
        _ = model.handle(.user(.pointerMove(x: 300, y: 300)), at: 1.04)
        _ = model.handle(.user(.pointerUp(x: 300, y: 300)), at: 1.05)
        #expect(model.pager?.targetPage == 1)
    }

    @Test func aZoomedPhotoPansThenHandsOverAtItsEdge() {
        var model = Self.zoomedModel()
        let down = model.handle(.user(.pointerDown(x: 400, y: 300)), at: 1)
        #expect(down.isEmpty, "the pan took the press")
        #expect(model.screen.pages!.zoom.isPanning)
        // Dragging left 100 px pans the photo (its right half is off screen: 400 px of room).
        let pan = model.handle(.user(.pointerMove(x: 300, y: 300)), at: 1.02)
        #expect(pan.isEmpty)
        #expect(model.shownZoom?.zoom.panX == -100)
        #expect(model.phase == .idle)
        // 400 px further reaches the edge: the pager is pressed there and takes the rest.
        let handOver = model.handle(.user(.pointerMove(x: -100, y: 300)), at: 1.04)
        #expect(Self.pagerEvents(handOver).isEmpty, "no page changed yet")
        #expect(model.shownZoom?.zoom.panX == -400)
        #expect(model.phase == .dragging)
        #expect(model.pager?.offset == 96, "the pager takes the 100 px past the photo's edge (less its slop), no more")
        let after = model.handle(.user(.pointerMove(x: -150, y: 300)), at: 1.06)
        #expect(Self.pagerEvents(after).isEmpty)
        #expect(model.pager?.offset == 146, "the pager follows the finger after the hand-over")
        #expect(model.shownZoom?.zoom.panX == -400, "the pan stays at the edge")
        _ = model.handle(.user(.pointerUp(x: -150, y: 300)), at: 1.08)
        #expect(model.screen.pages?.zoom.isPanning == false)
        #expect(model.phase == .settling)
        #expect(model.pager?.targetPage == 1, "the released pager settles on the next photo")
    }

    @Test func releasingAPanGlides() {
        var model = Self.zoomedModel()
        _ = model.handle(.user(.pointerDown(x: 400, y: 300)), at: 1)
        _ = model.handle(.user(.pointerMove(x: 380, y: 300)), at: 1.02)
        let up = model.handle(.user(.pointerUp(x: 360, y: 300)), at: 1.04)
        #expect(up.isEmpty)
        #expect(model.screen.pages!.zoom.isMoving)
        let gliding = model.advance(to: 1.05)
        #expect(
            gliding.isEmpty && model.screen.pages!.zoom.isMoving, "the pager has nothing to say while the zoom glides")
        let stopped = model.advance(to: 10)
        #expect(stopped.contains(.sharpen), "at rest: the sharp region is asked for")
        #expect(model.screen.pages!.zoom.rests)
    }

    @Test("A tap on the right third turns the page in the same call, no click handed back")
    func aTapClicks() {
        var model = Self.model()
        _ = model.handle(.user(.pointerDown(x: 700, y: 300)), at: 1)
        _ = model.handle(.user(.pointerMove(x: 702, y: 301)), at: 1.02)
        let up = model.handle(.user(.pointerUp(x: 702, y: 301)), at: 1.05)
        #expect(model.pager?.targetPage == 1)
        #expect(up.allSatisfy { if case .pagerEvents = $0 { true } else { false } })
    }

    @Test("A tap on a page dot of the last frame goes to that page")
    func aTapOnADot() throws {
        var model = Self.model()
        let layout = SceneLayout(
            width: 800, height: 600, scale: 1, overlay: model.overlay(name: "a", now: 0, panelLines: []))
        _ = model.handle(.report(.facts(FrameFacts(layout: layout))), at: model.now)
        let dot = try #require((0..<800).lazy.compactMap { x in layout.dot(atX: x, y: 590).map { (x, $0) } }.last)
        _ = model.handle(.user(.pointerDown(x: Double(dot.0), y: 590)), at: 1)
        _ = model.handle(.user(.pointerUp(x: Double(dot.0), y: 590)), at: 1.05)
        #expect(dot.1 == 4 && model.pager?.targetPage == 4)
    }

    @Test("A triple-click's third click lets the double-click's zoom go on to 100 %; a drag catches it where it is")
    func aClickOnAZoomAnimationLetsItFinish() {
        for dragged in [false, true] {
            var model = Self.model()
            // The double-click's zoom to 100 % (4 × the fit of a 3200-pixel photo at 800) starts at 1.0.
            _ = model.handle(.report(.facts(Self.facts())), at: model.now)
            _ = model.handle(.command(.zoomActualSize), at: 1)
            model.noteTime(1.1)
            let caught = model.zoomScale
            #expect(caught > 1 && caught < 4)
            _ = model.handle(.user(.pointerDown(x: 400, y: 300)), at: 1.1)
            let end = dragged ? 450.0 : 401
            _ = model.handle(.user(.pointerMove(x: end, y: 300)), at: 1.12)
            _ = model.handle(.user(.pointerUp(x: end, y: 300)), at: 1.15)
            _ = model.advance(to: 10)
            if dragged {
                #expect(abs(model.zoomScale - caught) < 1e-9, "the drag held the zoom at \(caught)")
            } else {
                #expect(model.zoomScale == 4, "rests at \(model.zoomScale)")
            }
        }
    }

    @Test func cancellingAHandedOverPanReleasesThePagerAtTheCentre() {
        var model = Self.zoomedModel()
        _ = model.handle(.user(.pointerDown(x: 400, y: 300)), at: 1)
        _ = model.handle(.user(.pointerMove(x: -100, y: 300)), at: 1.04)
        #expect(model.pager?.offset == 96)
        let cancel = model.handle(.user(.pointerCancel), at: 1.06)
        // Released at the centre, 500 px right of where it was held: past the first photo's end, it springs back.
        #expect(Self.pagerEvents(cancel) == [.reachedEnd(.leading)])
        #expect(model.phase == .settling, "the pager was released")
        #expect(model.pager?.targetPage == 0, "released at the centre, it settles back")
    }

    @Test("A zoom waits for the drag, starts from the fit the adapter measured, and goes on from where it shows")
    func zoomWaitsForTheDragAndStartsFromTheFit() {
        var model = Self.model()
        _ = model.handle(.report(.facts(Self.facts())), at: model.now)
        _ = model.handle(.user(.pointerDown(x: 600, y: 300)), at: 1)
        _ = model.handle(.user(.pointerMove(x: 500, y: 300)), at: 1.05)
        #expect(
            model.handle(.user(.zoom(scale: 2, x: 400, y: 300)), at: 1.06) == [] && model.shownZoom == nil, "mid-drag")
        var idle = Self.model()
        _ = idle.handle(.report(.facts(Self.facts())), at: idle.now)
        let first = idle.perform(.zoomActualSize, at: 1)
        #expect(first == [], "animated: not at rest yet")
        idle.noteTime(1.05)
        #expect(idle.zoomScale > 1)
        // The fits are gone (the page dropped): the zoom goes on from where it is shown.
        _ = idle.handle(.report(.facts(FrameFacts())), at: idle.now)
        _ = idle.perform(.zoomToFit, at: 1.1)
        _ = idle.advance(to: 10)
        #expect(idle.zoomScale == 1)
        var fresh = Self.model()
        #expect(fresh.pinch(to: 2, atX: 400, y: 300, at: 1) == [] && fresh.shownZoom == nil, "not decoded")
    }

    @Test("Settling on another photo resets the zoom and drops the sharp region; the same photo keeps it")
    func settlingOnAnotherPhotoResetsTheZoom() {
        var model = Self.zoomedModel()
        #expect(!model.advance(to: 1).contains(.sharpen))
        #expect(model.screen.pages!.zoom.zoomed != nil)
        _ = model.handle(.command(.next), at: 1)
        let settled = model.advance(to: 5)
        #expect(settled.contains(.sharpen))
        #expect(model.screen.pages!.zoom.zoomed == nil)
    }

    @Test func aModeSwitchResetsTheZoom() {
        var model = Self.zoomedModel()
        _ = model.handle(.show(.endCaps, photo: nil), at: 1)
        #expect(model.screen.pages!.zoom.zoomed == nil)
    }

    @Test func mouseNotchesTurnPagesAndATouchpadStreamDrags() {
        var model = Self.model()
        _ = model.handle(.user(.wheel(dx: 0, dy: -1)), at: 1)
        _ = model.handle(.user(.wheel(dx: 0, dy: -1)), at: 1.05)
        #expect(model.pager?.targetPage == 2, "two notches, two pages")
        var touchpad = Self.model()
        _ = touchpad.wheel(dx: 0.5, dy: 0, at: 2)
        #expect(touchpad.phase == .dragging && touchpad.pager?.offset == 20, "24 px less the drag slop")
        #expect(touchpad.touchpadReleaseTime == 2 + TouchpadScroll.releaseGap)
        _ = touchpad.advance(to: 3)
        #expect(touchpad.touchpadReleaseTime == nil && touchpad.phase != .dragging, "the virtual finger lifted")
        // A resize lifts a stream under way.
        _ = touchpad.wheel(dx: 0.5, dy: 0, at: 4)
        #expect(touchpad.phase == .dragging)
        _ = touchpad.resize(to: Viewport(width: 200, height: 100), at: 4.01)
        #expect(touchpad.touchpadReleaseTime == nil && touchpad.phase != .dragging)
        _ = touchpad.wheel(dx: 0.5, dy: 0, at: 5)
        #expect(touchpad.phase == .dragging, "the next stream presses again")
    }

    /// A touchpad's sideways scroll, which the model turns into a virtual drag itself.
    static func scroll(_ model: inout GalleryModel, dx: Double, at time: Double) {
        _ = model.handle(.user(.wheel(dx: dx, dy: 0)), at: time)
    }

    @Test(
        "One touchpad swipe turns one page however far it goes; whole deltas above one notch are a touchpad's",
        arguments: [5.7, 6.0, -5.7, 0.4])
    func oneSwipeOnePage(dx: Double) {
        var model = GalleryModel(
            photoCount: 12, mode: .bounded, startPage: 5, viewport: Viewport(width: 800, height: 600))
        // 25 deltas 10 ms apart (a fast two-finger swipe: 6840 px at 5.7), then the fingers rest.
        for index in 0..<25 { Self.scroll(&model, dx: dx, at: 1 + Double(index) / 100) }
        #expect(model.phase == .dragging)
        #expect(abs((model.pager?.logicalPosition ?? .nan) - 5) <= 1)
        _ = model.advance(to: 1.4)
        _ = model.advance(to: 3)
        #expect(model.currentPage == (dx > 0 ? 6 : 4))
    }

    @Test("Deltas after a gesture's release, before a pause of gestureGap, are the same gesture: they move nothing")
    func deltasAfterTheReleaseAreTheSameGesture() {
        var model = Self.model()
        Self.scroll(&model, dx: 3, at: 1)
        _ = model.advance(to: 1 + TouchpadScroll.releaseGap)
        #expect(model.touchpadReleaseTime == nil, "released")
        // The fingers go on moving (a pause of more than releaseGap, less than gestureGap): dropped.
        #expect(model.handle(.user(.wheel(dx: 3, dy: 0)), at: 1.1).isEmpty)
        // A whole 1 within the gesture is not a notch.
        #expect(model.handle(.user(.wheel(dx: 1, dy: 0)), at: 1.2).isEmpty)
        // After a real pause, a new gesture presses again.
        #expect(model.touchpadReleaseTime == nil)
        _ = model.handle(.user(.wheel(dx: 3, dy: 0)), at: 1.21 + TouchpadScroll.gestureGap)
        #expect(model.touchpadReleaseTime != nil, "a new stream")
    }
}
