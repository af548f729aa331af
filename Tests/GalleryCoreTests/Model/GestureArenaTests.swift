import GalleryCore
import PagerEngine
import Testing

/// The gesture arena without a renderer: who gets a press (zoom pan or page drag), the hand-over at the photo's edge,
/// taps, and zooms that wait for the pager to rest.
@Suite struct GestureArenaTests {
    /// Photo 0 of 5 in an 800×600 bounded pager, fitted to 800×600 from a 3200-pixel-wide original.
    static func model() -> GalleryModel {
        GalleryModel(photoCount: 5, mode: .bounded, viewport: Viewport(width: 800, height: 600))
    }

    static func fit() -> (photo: PhotoID, zoom: PhotoZoom)? {
        (
            photo: 0,
            zoom: PhotoZoom(
                fittedWidth: 800, fittedHeight: 600, viewportWidth: 800, viewportHeight: 600, imageWidth: 3200)
        )
    }

    /// Zoomed to 2× at the centre, at rest.
    static func zoomedModel() -> GalleryModel {
        var model = model()
        let rests = model.zoom(to: 2, atX: 400, y: 300, at: 0, animated: false, fit: fit())
        #expect(rests == true)
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
        let down = model.pointerDown(x: 600, y: 300, at: 1)
        #expect(Self.pagerEvents(down).isEmpty, "a press moves nothing yet")
        #expect(!model.zoom.isPanning, "the pan took a press at fit")
        _ = model.pointerMove(x: 500, y: 300, at: 1.02)
        #expect(model.pager.phase == .dragging)
        #expect(model.pager.offset == 96, "the pager follows the finger, less its 4 px drag slop")
        _ = model.pointerMove(x: 300, y: 300, at: 1.04)
        let up = model.pointerUp(x: 300, y: 300, at: 1.05)
        #expect(!up.contains(.click(x: 300, y: 300)), "a drag is not a tap")
        #expect(model.pager.targetPage == 1)
    }

    @Test func aZoomedPhotoPansThenHandsOverAtItsEdge() {
        var model = Self.zoomedModel()
        let down = model.pointerDown(x: 400, y: 300, at: 1)
        #expect(down.isEmpty, "the pan took the press")
        #expect(model.zoom.isPanning)
        // Dragging left 100 px pans the photo (its right half is off screen: 400 px of room).
        let pan = model.pointerMove(x: 300, y: 300, at: 1.02)
        #expect(pan.isEmpty)
        #expect(model.shownZoom?.zoom.panX == -100)
        #expect(model.pager.phase == .idle)
        // 400 px further reaches the edge: the pager is pressed there and takes the rest.
        let handOver = model.pointerMove(x: -100, y: 300, at: 1.04)
        #expect(Self.pagerEvents(handOver).isEmpty, "no page changed yet")
        #expect(model.shownZoom?.zoom.panX == -400)
        #expect(model.pager.phase == .dragging)
        #expect(model.pager.offset == 96, "the pager takes the 100 px past the photo's edge (less its slop), no more")
        let after = model.pointerMove(x: -150, y: 300, at: 1.06)
        #expect(Self.pagerEvents(after).isEmpty)
        #expect(model.pager.offset == 146, "the pager follows the finger after the hand-over")
        #expect(model.shownZoom?.zoom.panX == -400, "the pan stays at the edge")
        _ = model.pointerUp(x: -150, y: 300, at: 1.08)
        #expect(!model.zoom.isPanning)
        #expect(model.pager.phase == .settling)
        #expect(model.pager.targetPage == 1, "the released pager settles on the next photo")
    }

    @Test func releasingAPanGlides() {
        var model = Self.zoomedModel()
        _ = model.pointerDown(x: 400, y: 300, at: 1)
        _ = model.pointerMove(x: 380, y: 300, at: 1.02)
        let up = model.pointerUp(x: 360, y: 300, at: 1.04)
        #expect(up.isEmpty)
        #expect(model.zoom.isMoving)
        let gliding = model.advanceZoom(to: 1.05)
        #expect(gliding == .moving)
        let stopped = model.advanceZoom(to: 10)
        #expect(stopped == .rested)
        #expect(model.zoom.rests)
    }

    @Test func aTapClicks() {
        var model = Self.model()
        _ = model.pointerDown(x: 100, y: 300, at: 1)
        _ = model.pointerMove(x: 102, y: 301, at: 1.02)
        let up = model.pointerUp(x: 102, y: 301, at: 1.05)
        #expect(up.last == .click(x: 102, y: 301))
    }

    @Test("A triple-click's third click lets the double-click's zoom go on to 100 %; a drag catches it where it is")
    func aClickOnAZoomAnimationLetsItFinish() {
        for dragged in [false, true] {
            var model = Self.model()
            // The double-click's zoom to 100 % (4 × the fit of a 3200-pixel photo at 800) starts at 1.0.
            _ = model.zoom(to: 4, atX: 400, y: 300, at: 1, animated: true, fit: Self.fit())
            model.noteTime(1.1)
            let caught = model.zoomScale
            #expect(caught > 1 && caught < 4)
            _ = model.pointerDown(x: 400, y: 300, at: 1.1)
            let end = dragged ? 450.0 : 401
            _ = model.pointerMove(x: end, y: 300, at: 1.12)
            let up = model.pointerUp(x: end, y: 300, at: 1.15)
            #expect(!up.contains(.click(x: end, y: 300)), "a press on moving content is not a click")
            model.noteTime(10)
            _ = model.advanceZoom(to: 10)
            if dragged {
                #expect(abs(model.zoomScale - caught) < 1e-9, "the drag held the zoom at \(caught)")
            } else {
                #expect(model.zoomScale == 4, "rests at \(model.zoomScale)")
            }
        }
    }

    @Test func cancellingAHandedOverPanReleasesThePagerAtTheCentre() {
        var model = Self.zoomedModel()
        _ = model.pointerDown(x: 400, y: 300, at: 1)
        _ = model.pointerMove(x: -100, y: 300, at: 1.04)
        #expect(model.pager.offset == 96)
        let cancel = model.pointerCancel(at: 1.06)
        // Released at the centre, 500 px right of where it was held: past the first photo's end, it springs back.
        #expect(Self.pagerEvents(cancel) == [.reachedEnd(.leading)])
        #expect(model.pager.phase == .settling, "the pager was released")
        #expect(model.pager.targetPage == 0, "released at the centre, it settles back")
    }

    @Test func zoomWaitsForTheDragAndAsksForTheFitOnlyWhenNeeded() {
        var model = Self.model()
        _ = model.pointerDown(x: 600, y: 300, at: 1)
        _ = model.pointerMove(x: 500, y: 300, at: 1.05)
        let midDrag = model.zoom(to: 2, atX: 400, y: 300, at: 1.06, animated: false, fit: Self.fit())
        #expect(midDrag == nil)
        var idle = Self.model()
        #expect(idle.zoomStartsAtFit)
        let first = idle.zoom(to: 2, atX: 400, y: 300, at: 1, animated: true, fit: Self.fit())
        #expect(first == false, "animated: not at rest yet")
        #expect(!idle.zoomStartsAtFit, "the zoomed photo zooms on from where it is shown")
        let back = idle.zoom(to: 1, atX: 400, y: 300, at: 1.1, animated: true, fit: nil)
        #expect(back == false)
        var fresh = Self.model()
        let notDecoded = fresh.zoom(to: 2, atX: 400, y: 300, at: 1, animated: false, fit: nil)
        #expect(notDecoded == nil)
    }

    @Test func settlingOnAnotherPhotoResetsTheZoom() {
        var model = Self.zoomedModel()
        let same = model.resetZoomIfLeft(settledOn: 0)
        #expect(!same)
        let other = model.resetZoomIfLeft(settledOn: 1)
        #expect(other)
        #expect(model.zoom.zoomed == nil)
    }

    @Test func aModeSwitchResetsTheZoom() {
        var model = Self.zoomedModel()
        _ = model.switchMode(to: .endCaps, at: 1, showing: nil)
        #expect(model.zoom.zoomed == nil)
    }

    @Test func mouseNotchesTurnPagesAndATouchpadStreamDrags() {
        var model = Self.model()
        let notches = model.wheel(dx: 0, dy: -1, at: 1) + model.wheel(dx: 0, dy: -1, at: 1.05)
        #expect(notches == [.command(.next), .command(.next)])
        let first = model.wheel(dx: 0.5, dy: 0, at: 2)
        #expect(first == [.input(.pointerDown(x: 400, y: 300)), .input(.pointerMove(x: 376, y: 300))])
        #expect(model.touchpadReleaseTime == 2 + TouchpadScroll.releaseGap)
        let release = model.expireTouchpad(at: 3)
        #expect(release?.input == .pointerUp(x: 376, y: 300))
        #expect(release?.time == 2, "stamped at the last delta")
        // A resize lifts a stream under way and centres the next one in the new viewport.
        _ = model.wheel(dx: 0.5, dy: 0, at: 4)
        let lifted = model.resizeTouchpad(width: 200, height: 100, at: 4.01)
        #expect(lifted == [.input(.pointerUp(x: 376, y: 300))])
        let next = model.wheel(dx: 0.5, dy: 0, at: 5)
        #expect(next.first == .input(.pointerDown(x: 100, y: 50)))
    }

    /// Carries out the touchpad's pointer inputs on the model, as the adapter does.
    static func scroll(_ model: inout GalleryModel, dx: Double, at time: Double) {
        for effect in model.wheel(dx: dx, dy: 0, at: time) {
            guard case .input(let input) = effect else { continue }
            switch input {
            case .pointerDown(let x, let y): _ = model.pointerDown(x: x, y: y, at: time)
            case .pointerMove(let x, let y): _ = model.pointerMove(x: x, y: y, at: time)
            case .pointerUp(let x, let y): _ = model.pointerUp(x: x, y: y, at: time)
            default: break
            }
        }
    }

    @Test(
        "One touchpad swipe turns one page however far it goes; whole deltas above one notch are a touchpad's",
        arguments: [5.7, 6.0, -5.7, 0.4])
    func oneSwipeOnePage(dx: Double) {
        var model = GalleryModel(
            photoCount: 12, mode: .bounded, startPage: 5, viewport: Viewport(width: 800, height: 600))
        // 25 deltas 10 ms apart (a fast two-finger swipe: 6840 px at 5.7), then the fingers rest.
        for index in 0..<25 { Self.scroll(&model, dx: dx, at: 1 + Double(index) / 100) }
        #expect(model.pager.phase == .dragging)
        #expect(abs(model.pager.logicalPosition - 5) <= 1)
        if let release = model.expireTouchpad(at: 1.4) {
            if case .pointerUp(let x, let y) = release.input { _ = model.pointerUp(x: x, y: y, at: release.time) }
        }
        _ = model.pager.advance(to: 3)
        #expect(model.pager.currentPage == (dx > 0 ? 6 : 4))
    }

    @Test("Deltas after a gesture's release, before a pause of gestureGap, are the same gesture: they move nothing")
    func deltasAfterTheReleaseAreTheSameGesture() {
        var model = Self.model()
        Self.scroll(&model, dx: 3, at: 1)
        #expect(model.expireTouchpad(at: 1 + TouchpadScroll.releaseGap) != nil)
        // The fingers go on moving (a pause of more than releaseGap, less than gestureGap): dropped.
        #expect(model.wheel(dx: 3, dy: 0, at: 1.1).isEmpty)
        #expect(model.wheel(dx: 1, dy: 0, at: 1.2).isEmpty)  // A whole 1 within the gesture is not a notch.
        // After a real pause, a new gesture presses again.
        let next = model.wheel(dx: 3, dy: 0, at: 1.21 + TouchpadScroll.gestureGap)
        #expect(next.first == .input(.pointerDown(x: 400, y: 300)))
    }
}
