import PagerEngine
import Support
import Testing

@testable import GalleryCore

/// Dragging a photo at fit down to go back to the grid, scripted through the model without a renderer: who takes the
/// gesture, the release's threshold and fling, the spring back, and what a zoomed photo or a sideways drag do instead.
@Suite struct DismissDragTests {
    /// Photo 2 of 30 in an 800×600 bounded pager.
    static func model(mode: GalleryMode = .bounded) -> GalleryModel {
        GalleryModel(photoCount: 30, mode: mode, startPage: 2, viewport: Viewport(width: 800, height: 600))
    }

    /// A drag from (400, 200) through `points`, 1/60 s apart, starting at `time`; returns the release's effects.
    static func drag(
        _ model: inout GalleryModel, through points: [(Double, Double)], from start: (Double, Double) = (400, 200),
        at time: Double = 1
    ) -> [GalleryEffect] {
        model.noteTime(time)
        _ = model.handle(.user(.pointerDown(x: start.0, y: start.1)), at: time)
        var now = time
        for (x, y) in points {
            now += 1.0 / 60
            model.noteTime(now)
            _ = model.handle(.user(.pointerMove(x: x, y: y)), at: now)
        }
        now += 1.0 / 60
        model.noteTime(now)
        let (x, y) = points.last ?? start
        return model.handle(.user(.pointerUp(x: x, y: y)), at: now)
    }

    @Test(
        "A slow drag down past the threshold goes to the grid with the photo selected, flying from where it was let go")
    func pastThresholdGoesToTheGrid() throws {
        var model = Self.model()
        // 24 steps of 5 px: 120 px down, slowly, with the last steps still (no fling: the travel alone decides).
        let path = (1...24).map { (400.0, 200 + Double($0) * 5) } + Array(repeating: (400.0, 320.0), count: 8)
        let effects = Self.drag(&model, through: path)
        guard case .zoomIntoGrid(let photo, _, let pose?) = effects.first else {
            Issue.record("no flight into the grid: \(effects)")
            return
        }
        #expect(photo == 2 && pose.photo == 2)
        #expect(pose.offsetY == 120)
        #expect(abs(pose.backgroundOpacity - 0.4) < 1e-9, "a third of 600 px fades it out: 120 px leaves 0.4")
        let cell = try #require(pose.cell)
        #expect(model.mode == .grid)
        #expect(model.screen.grid?.selection == 2)
        #expect(model.screen.grid?.selectionCell(at: model.now) == cell, "the flight lands in the cell the grid shows")
        #expect(model.dismiss == nil && model.dismiss?.grid == nil)
        #expect(model.currentPage == 2)
    }

    @Test("A quick downward flick shorter than the threshold still goes to the grid (the release velocity counts)")
    func flingGoesToTheGrid() {
        var model = Self.model()
        // 6 steps of 8 px in 0.1 s: 48 px at ~480 px/s; 48 + 480 × 0.199 ≈ 144 px, past 0.4 × 200 = 80 px.
        let effects = Self.drag(&model, through: (1...6).map { (400, 200 + Double($0) * 8) })
        #expect(effects.contains(.screenChanged(left: .bounded)), "\(effects)")
        #expect(model.mode == .grid && model.screen.grid?.selection == 2)
    }

    @Test("A short drag down springs back: at rest within half a pixel on the key paging spring's path, no grid")
    func shortDragSpringsBack() throws {
        var model = Self.model()
        // 40 px down, then held still so the release has no velocity.
        let path = (1...8).map { (400.0, 200 + Double($0) * 5) } + Array(repeating: (400.0, 240.0), count: 10)
        let effects = Self.drag(&model, through: path)
        #expect(effects.isEmpty)
        #expect(model.mode == .bounded)
        #expect(model.dismissIsReturning)
        let released = model.now
        let reference = SpringSimulation(spring: .keyPaging, start: 40, end: 0, velocity: 0)
        var previous = 40.0
        for step in 1...12 {
            let time = released + Double(step) / 60
            let pose = try #require(model.dismissPose)
            model.noteTime(time)
            let shown = try #require(model.dismissPose)
            #expect(abs(shown.offsetY - reference.position(at: time - released)) < 1e-9)
            #expect(shown.offsetY <= previous && shown.offsetY >= 0, "critically damped: no overshoot")
            #expect(shown.backgroundOpacity >= pose.backgroundOpacity)
            previous = shown.offsetY
            _ = model.advance(to: time)
            if model.dismiss == nil { break }
        }
        #expect(model.dismiss == nil, "back at rest within 0.2 s")
        #expect(abs(previous) < 0.5)
        #expect(model.currentPage == 2 && model.phase == .idle)
    }

    @Test("A sideways drag turns the page as before, untouched by the drag down", arguments: [-1.0, 1.0])
    func sidewaysDragTurnsThePage(direction: Double) {
        var model = Self.model()
        guard var plain = Self.model().pager else {
            Issue.record("a pager mode shows a pager")
            return
        }
        // Mostly sideways with some downward drift: the first movement past the slop is sideways.
        let path = (1...10).map { (400 - direction * Double($0) * 30, 200 + Double($0) * 4) }
        let effects = Self.drag(&model, through: path)
        #expect(!effects.contains { if case .zoomIntoGrid = $0 { true } else { false } })
        #expect(model.dismissPose == nil)
        #expect(model.pager?.targetPage == PageIndex(2 + Int(direction)))
        // Exactly the pager's own path: the same drag on the pager alone lands at the same offset and velocity.
        var time = 1.0
        _ = plain.handle(.pointerDown(x: 400, y: 200), at: time)
        for point in path {
            time += 1.0 / 60
            _ = plain.handle(.pointerMove(x: point.0, y: point.1), at: time)
        }
        time += 1.0 / 60
        _ = plain.handle(.pointerUp(x: path[9].0, y: path[9].1), at: time)
        #expect(model.pager?.offset == plain.offset && model.pager?.velocity == plain.velocity)
    }

    @Test("A drag up does nothing new: no drag down, the pager stays on the photo")
    func upDragDoesNothing() {
        var model = Self.model()
        let effects = Self.drag(&model, through: (1...10).map { (400, 200 - Double($0) * 15) })
        #expect(effects.allSatisfy { if case .pagerEvents = $0 { true } else { false } })
        #expect(model.dismissPose == nil && model.dismiss == nil)
        #expect(model.mode == .bounded && model.pager?.targetPage == 2)
    }

    @Test("On a zoomed photo a vertical drag pans it and never goes to the grid")
    func zoomedPhotoPans() {
        var model = Self.model()
        let fit = PhotoZoom(
            fittedWidth: 800, fittedHeight: 600, viewportWidth: 800, viewportHeight: 600, imageWidth: 3200)
        _ = model.handle(.report(.facts(FrameFacts(fits: [2: .init(bare: fit, withStatusBar: fit)]))), at: model.now)
        #expect(model.handle(.user(.zoom(scale: 2, x: 400, y: 300)), at: 0.5) == [.sharpen], "the zoom rests at once")
        let effects = Self.drag(&model, through: (1...20).map { (400, 200 + Double($0) * 10) })
        #expect(effects.isEmpty)
        #expect(model.mode == .bounded)
        #expect(model.dismiss == nil)
        #expect(abs(model.shownZoom?.zoom.panY ?? 0) > 100, "the photo panned")
    }

    @Test("While dragged the photo follows the pointer, shrinks toward its cell and fades the background")
    func poseFollowsThePointer() throws {
        var model = Self.model()
        model.noteTime(1)
        _ = model.handle(.user(.pointerDown(x: 400, y: 200)), at: 1)
        _ = model.handle(.user(.pointerMove(x: 402, y: 203)), at: 1.01)
        #expect(model.dismissPose == nil, "within the slop nothing is decided")
        let taken = model.handle(.user(.pointerMove(x: 404, y: 210)), at: 1.02)
        #expect(taken.isEmpty, "the pager's press is cancelled without moving the strip: no event")
        #expect(model.phase == .idle)
        _ = model.handle(.user(.pointerMove(x: 430, y: 350)), at: 1.05)
        let pose = try #require(model.dismissPose)
        #expect(pose.offsetX == 30 && pose.offsetY == 150)
        #expect(abs(pose.shrink - 0.25) < 1e-9 && abs(pose.backgroundOpacity - 0.25) < 1e-9)
        let cell = try #require(pose.cell)
        let rest = LayoutRect(x: 0, y: 0, width: 800, height: 600)
        let shown = pose.rect(atRest: rest)
        let inCell = min(Double(cell.width) / 800, Double(cell.height) / 600) * 800
        #expect(Double(shown.width) < 800 && Double(shown.width) > inCell, "\(shown) between 800 and \(inCell)")
        #expect(abs(shown.x + shown.width / 2 - 430) <= 1 && abs(shown.y + shown.height / 2 - 450) <= 1, "\(shown)")
    }

    @Test("A touchpad's two-finger scroll up or down (a virtual drag) never goes to the grid", arguments: [-1.0, 1.0])
    func touchpadScrollDoesNothingNew(direction: Double) {
        var model = Self.model()
        var time = 1.0
        for _ in 0..<20 {
            time += 0.01
            model.noteTime(time)
            _ = model.handle(.user(.wheel(dx: 0, dy: direction * 0.4)), at: time)
        }
        #expect(model.dismissPose == nil)
        #expect(model.touchpadReleaseTime != nil, "the virtual finger is down")
        time += 1
        _ = model.advance(to: time)
        #expect(model.touchpadReleaseTime == nil, "the virtual finger lifts")
        #expect(model.mode == .bounded && model.dismiss == nil)
        #expect(model.pager?.targetPage == 2)
    }

    @Test(
        "Nothing new in the wheel or the grid: a downward drag scrolls them as before",
        arguments: [GalleryMode.wheel, .grid])
    func wheelAndGridUnchanged(mode: GalleryMode) {
        var model = Self.model(mode: mode)
        let effects = Self.drag(&model, through: (1...20).map { (400, 200 + Double($0) * 10) })
        #expect(model.dismiss == nil && model.dismiss?.grid == nil)
        #expect(!effects.contains { if case .zoomIntoGrid = $0 { true } else { false } })
        #expect(model.mode == mode)
    }
}
