import PagerEngine
import Testing

@Suite("Pager gestures")
struct PagerGestureTests {
    @Test(
        "A slow 30 % drag goes back; a slow 60 % drag goes on",
        arguments: [(0.3, 2), (0.6, 1), (-0.3, 2), (-0.6, 3)])
    func slowDrag(fraction: Double, expected: Int) {
        var harness = PagerHarness(.make(.bounded, pages: 5, startPage: 2))
        // The pointer moving right (positive) shows earlier pages.
        harness.run(Gesture.slowDrag(at: 0.1, by: fraction * 1280), fps: 60)
        #expect(harness.pager.currentPage.rawValue == expected)
        #expect(harness.pager.phase == .idle)
        #expect(harness.pager.offset == Double(expected) * 1280)
    }

    @Test("A fast short flick turns the page; a flick under 18 px does not")
    func flick() {
        var flick = PagerHarness(.make(.bounded, pages: 5))
        flick.run(Gesture.drag(at: 0.1, by: -60, duration: 0.05, steps: 6), fps: 60)
        #expect(flick.pager.currentPage == 1)
        #expect(flick.events.contains(.pageChanged(from: 0, to: 1)))

        var tiny = PagerHarness(.make(.bounded, pages: 5))
        tiny.run(Gesture.drag(at: 0.1, by: -16, duration: 0.01, steps: 4), fps: 60)
        #expect(tiny.pager.currentPage == 0)
    }

    @Test("The content waits out the 4 px slop, then follows the pointer 1:1 without a jump")
    func slop() {
        var pager = Pager.make(.bounded, pages: 3)
        _ = pager.handle(.pointerDown(x: 600, y: 300), at: 0)
        _ = pager.handle(.pointerMove(x: 597, y: 300), at: 0.01)
        #expect(pager.offset == 0)
        _ = pager.handle(.pointerMove(x: 590, y: 300), at: 0.02)
        #expect(pager.offset == 6)
        _ = pager.handle(.pointerMove(x: 500, y: 300), at: 0.03)
        #expect(pager.offset == 96)
    }

    @Test("A click that did not drag moves nothing")
    func click() {
        var pager = Pager.make(.bounded, pages: 3, startPage: 1)
        var events = pager.handle(.pointerDown(x: 600, y: 300), at: 0)
        events += pager.handle(.pointerMove(x: 602, y: 301), at: 0.05)
        events += pager.handle(.pointerUp(x: 602, y: 301), at: 0.1)
        events += pager.advance(to: 0.2)
        #expect(events.isEmpty)
        #expect(pager.phase == .idle)
        #expect(pager.offset == 1280)
    }

    @Test(
        "Rubber band at the first page shows the design's values",
        arguments: [(320.0, 100.0, 46.9333), (960.0, 400.0, 178.9831)])
    func rubberBand(width: Double, pull: Double, shown: Double) {
        var pager = Pager.make(.bounded, pages: 3, width: width, height: 480)
        var events = pager.handle(.pointerDown(x: 10, y: 100), at: 0)
        // The slop is passed first, then the full pull is overscroll.
        events += pager.handle(.pointerMove(x: 14.5, y: 100), at: 0.01)
        events += pager.handle(.pointerMove(x: 14 + pull, y: 100), at: 0.02)
        #expect(abs(-pager.offset - shown) < 1e-4)
        #expect(events.contains(.reachedEnd(.leading)))
        #expect(pager.logicalPosition < 0)
        // Released, it springs back to the first page exactly.
        _ = pager.handle(.pointerUp(x: 14 + pull, y: 100), at: 0.5)
        _ = pager.advance(to: 3)
        #expect(pager.offset == 0)
        #expect(pager.phase == .idle)
    }

    @Test("Grabbing mid-bounce continues the same stretch")
    func grabMidBounce() {
        var pager = Pager.make(.bounded, pages: 3)
        _ = pager.handle(.pointerDown(x: 100, y: 100), at: 0)
        _ = pager.handle(.pointerMove(x: 405, y: 100), at: 0.1)
        _ = pager.handle(.pointerUp(x: 405, y: 100), at: 0.3)
        _ = pager.advance(to: 0.35)
        let shown = pager.offset
        #expect(shown < 0)
        _ = pager.handle(.pointerDown(x: 300, y: 100), at: 0.36)
        #expect(pager.offset == shown)
        // 10 px right, less the 4 px slop: the raw overscroll under the shown stretch grows by 6 px.
        _ = pager.handle(.pointerMove(x: 310, y: 100), at: 0.37)
        let raw = RubberBand.overscroll(forOffset: shown, dimension: 1280) - 6
        #expect(abs(pager.offset - RubberBand.offset(forOverscroll: raw, dimension: 1280)) < 1e-9)
    }

    @Test("A press during any animation catches the content where it is shown", arguments: TopologyKind.allCases)
    func interruption(kind: TopologyKind) {
        var pager = Pager.make(kind, pages: 6, startPage: 2)
        let vertical = kind == .wheel
        var harness = PagerHarness(pager)
        harness.run(Gesture.drag(at: 0.1, by: -300, duration: 0.08, vertical: vertical), fps: 60, end: 0.25)
        pager = harness.pager
        #expect(pager.isAnimating)
        let shown = pager.offset
        _ = pager.handle(vertical ? .pointerDown(x: 400, y: 300) : .pointerDown(x: 300, y: 360), at: 0.26)
        #expect(pager.offset == shown)
        #expect(pager.phase == .dragging)
        // Still held a frame later: nothing moves under a still finger.
        _ = pager.advance(to: 0.3)
        #expect(pager.offset == shown)
    }

    @Test("A repeated flick while settling adds a page")
    func repeatedFlick() {
        var harness = PagerHarness(.make(.bounded, pages: 6))
        var inputs = Gesture.drag(at: 0.1, by: -80, duration: 0.05, steps: 5)
        inputs += Gesture.drag(at: 0.25, by: -80, duration: 0.05, steps: 5)
        harness.run(inputs, fps: 60)
        #expect(harness.pager.currentPage == 2)
    }
}
