import GalleryCore
import PagerEngine
import Testing

/// The touchpad's gestures in the model (Wayland's story of the fingers): scrolling drags the strip 1:1 and resting
/// holds it, the lift flings or springs back as a mouse drag's release does, a hold catches what moves and never
/// clicks, a pinch zooms with a rubber band past the limits and settles, and in the grid steps the thumbnail size.
@Suite("Touchpad gestures")
struct TouchpadGestureTests {
    /// Photo 0 of 5 in an 800×600 bounded pager, decoded: fitted to 800×600 from a 3200-pixel-wide original.
    static func model() -> GalleryModel {
        var model = GalleryModel(photoCount: 5, mode: .bounded, viewport: Viewport(width: 800, height: 600))
        let fit = PhotoZoom(
            fittedWidth: 800, fittedHeight: 600, viewportWidth: 800, viewportHeight: 600, imageWidth: 3200)
        _ = model.handle(.report(.facts(FrameFacts(fits: [0: .init(bare: fit, withStatusBar: fit)]))), at: model.now)
        return model
    }

    /// Fingers scroll `steps` times by `dx` pixels, `interval` seconds apart from `start`; returns the last time.
    @discardableResult
    static func scroll(_ model: inout GalleryModel, dx: Double, steps: Int, interval: Double, from start: Double)
        -> Double
    {
        var time = start
        for step in 0..<steps {
            time = start + Double(step) * interval
            _ = model.handle(.user(.touchpad(.scroll(dx: dx, dy: 0))), at: time)
            _ = model.advance(to: time)
        }
        return time
    }

    @Test("Fingers move the strip 1:1 (less the drag slop) and hold it while they rest")
    func scrollAndRest() {
        var model = Self.model()
        let last = Self.scroll(&model, dx: -10, steps: 12, interval: 0.008, from: 1)
        #expect(model.phase == .dragging)
        #expect(model.pager?.offset == 116, "120 px of fingers, less the 4 px slop")
        _ = model.advance(to: last + 0.5)
        #expect(model.phase == .dragging && model.pager?.offset == 116, "resting fingers hold the photo")
    }

    @Test(
        "The lift lets go as a mouse's release does: a still lift springs back, a flick turns one page",
        arguments: [
            // (step, steps, interval, pause before the lift, page arrived at)
            (-10.0, 12, 0.008, 0.5, 0),  // 120 px, then rest, then lift: back
            (-40.0, 4, 0.008, 0.0, 1),  // 160 px in 32 ms: one page
            (-10.0, 22, 0.008, 0.0, 1),  // 220 px at 1250 px/s: one page
            (-80.0, 12, 0.008, 0.0, 1),  // 960 px, fast: still one page
            (40.0, 4, 0.008, 0.0, 0),  // a flick back from the first photo: the bounded strip's edge
        ])
    func lift(step: Double, steps: Int, interval: Double, pause: Double, page: Int) {
        var model = Self.model()
        let last = Self.scroll(&model, dx: step, steps: steps, interval: interval, from: 1)
        _ = model.advance(to: last + pause)
        _ = model.handle(.user(.touchpad(.lift)), at: last + pause)
        #expect(model.phase != .dragging)
        _ = model.advance(to: last + pause + 5)
        #expect(model.phase == .idle && model.currentPage == PageIndex(page))
    }

    @Test("Fingers touching the pad catch a fling where it is; lifting them unmoved settles on the nearest page")
    func holdCatchesAFling() {
        var model = Self.model()
        let last = Self.scroll(&model, dx: -40, steps: 4, interval: 0.008, from: 1)
        _ = model.handle(.user(.touchpad(.lift)), at: last)
        _ = model.advance(to: last + 0.05)
        let moving = model.pager?.offset ?? 0
        #expect(model.phase != .idle && moving > 120)
        _ = model.handle(.user(.touchpad(.hold)), at: last + 0.05)
        _ = model.advance(to: last + 0.4)
        #expect(model.phase == .dragging && model.pager?.offset == moving, "held where it was")
        _ = model.handle(.user(.touchpad(.holdEnd(cancelled: false))), at: last + 0.4)
        _ = model.advance(to: last + 5)
        #expect(model.phase == .idle)
        #expect(model.currentPage == PageIndex(moving > 400 ? 1 : 0))
    }

    @Test("A hold and its end never click: no page turn on a side third, no zoom from a double tap")
    func holdsNeverClick() {
        var model = Self.model()
        for time in [1.0, 1.1, 1.2, 1.3] {
            _ = model.handle(.user(.touchpad(.hold)), at: time)
            _ = model.handle(.user(.touchpad(.holdEnd(cancelled: false))), at: time + 0.02)
        }
        _ = model.advance(to: 3)
        #expect(model.currentPage == 0 && model.zoomScale == 1 && model.phase == .idle)
    }

    @Test("A cancelled hold gives way to the scroll that follows it, without a jump")
    func cancelledHoldThenScroll() {
        var model = Self.model()
        _ = model.handle(.user(.touchpad(.hold)), at: 1)
        _ = model.handle(.user(.touchpad(.holdEnd(cancelled: true))), at: 1.05)
        Self.scroll(&model, dx: -10, steps: 12, interval: 0.008, from: 1.06)
        #expect(model.phase == .dragging && model.pager?.offset == 116)
    }

    @Test("A pinch zooms about its centre, stretches past 800 % and settles there on release")
    func pinchPastTheLimit() {
        var model = Self.model()
        _ = model.handle(.user(.touchpad(.pinchBegin(x: 400, y: 300))), at: 1)
        _ = model.handle(.user(.touchpad(.pinch(scale: 2, dx: 0, dy: 0))), at: 1.02)
        #expect(abs(model.zoomScale - 2) < 1e-9)
        _ = model.handle(.user(.touchpad(.pinch(scale: 100, dx: 0, dy: 0))), at: 1.04)
        let max = model.shownZoom?.zoom.maxScale ?? 0
        #expect(model.zoomScale > max && model.zoomScale < 2 * max, "stretched past 800 %: \(model.zoomScale)")
        let end = model.handle(.user(.touchpad(.pinchEnd)), at: 1.06)
        #expect(!end.contains(.sharpen) && model.screen.pages!.zoom.isMoving, "springing back")
        let rest = model.advance(to: 5)
        #expect(rest.contains(.sharpen) && abs(model.zoomScale - max) < 1e-9)
    }

    @Test("A pinch below fit shrinks the photo a little and springs back to fit")
    func pinchBelowFit() {
        var model = Self.model()
        _ = model.handle(.user(.touchpad(.pinchBegin(x: 400, y: 300))), at: 1)
        _ = model.handle(.user(.touchpad(.pinch(scale: 0.5, dx: 0, dy: 0))), at: 1.02)
        #expect(model.zoomScale < 1 && model.zoomScale > 0.5)
        _ = model.handle(.user(.touchpad(.pinchEnd)), at: 1.04)
        _ = model.advance(to: 5)
        #expect(model.shownZoom == nil, "back at fit")
    }

    @Test("A pinch pans with its centre: the photo point under the fingers goes where they go")
    func pinchPans() {
        var model = Self.model()
        _ = model.handle(.user(.touchpad(.pinchBegin(x: 500, y: 300))), at: 1)
        _ = model.handle(.user(.touchpad(.pinch(scale: 2, dx: -60, dy: 20))), at: 1.02)
        let zoom = model.shownZoom!.zoom
        // The photo point under (500, 300) at fit is 100 px right of the centre; at 2× it is 200 px right of the
        // photo's centre, and lies under (440, 320).
        #expect(abs(zoom.panX - (440 - 400 - 200)) < 1e-9 && abs(zoom.panY - 20) < 1e-9)
        let ended = model.handle(.user(.touchpad(.pinchEnd)), at: 1.04)
        #expect(ended == [.sharpen], "within the limits: at rest at once")
    }

    @Test("In the grid a pinch steps the thumbnail size, a step per Ctrl + wheel notch's spread")
    func pinchInTheGrid() {
        var model = GalleryModel(photoCount: 100, mode: .grid, viewport: Viewport(width: 1280, height: 720))
        let before = model.screen.grid!.layout.cellSide
        _ = model.handle(.user(.touchpad(.pinchBegin(x: 640, y: 360))), at: 1)
        _ = model.handle(.user(.touchpad(.pinch(scale: 1.1, dx: 0, dy: 0))), at: 1.02)
        #expect(model.screen.grid!.layout.cellSide == before, "less than a step")
        _ = model.handle(.user(.touchpad(.pinch(scale: 1.3, dx: 0, dy: 0))), at: 1.04)
        let larger = model.screen.grid!.layout.cellSide
        #expect(larger > before)
        _ = model.handle(.user(.touchpad(.pinch(scale: 0.7, dx: 0, dy: 0))), at: 1.06)
        #expect(model.screen.grid!.layout.cellSide < larger)
        _ = model.handle(.user(.touchpad(.pinchEnd)), at: 1.08)
    }

    @Test("In the grid the fingers scroll the thumbnails 1:1, hold them while they rest, and fling on the lift")
    func fingersInTheGrid() {
        var model = GalleryModel(photoCount: 500, mode: .grid, viewport: Viewport(width: 1280, height: 720))
        let start = model.screen.grid!.offset(at: 1)
        var time = 1.0
        for _ in 0..<12 {
            time += 0.008
            _ = model.handle(.user(.touchpad(.scroll(dx: 0, dy: -20))), at: time)
        }
        let held = model.screen.grid!.offset(at: time)
        #expect(held - start > 200 && held - start <= 240, "240 px of fingers, less the slop: \(held - start)")
        _ = model.advance(to: time + 0.5)
        #expect(model.screen.grid!.offset(at: time + 0.5) == held, "resting fingers hold the grid")
        _ = model.handle(.user(.touchpad(.lift)), at: time + 0.5)
        _ = model.advance(to: time + 0.6 + 2)
        let settled = model.screen.grid!.offset(at: time + 2.6)
        #expect(
            abs(settled - held) < Double(model.screen.grid!.layout.cellSide) / 2, "a still lift only settles on a row")
        for _ in 0..<6 {
            time += 0.008
            _ = model.handle(.user(.touchpad(.scroll(dx: 0, dy: -40))), at: time + 3)
        }
        let flicked = model.screen.grid!.offset(at: time + 3)
        _ = model.handle(.user(.touchpad(.lift)), at: time + 3)
        _ = model.advance(to: time + 8)
        #expect(model.screen.grid!.offset(at: time + 8) > flicked + 100, "a flick glides on")
    }
}
