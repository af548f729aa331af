import PagerEngine
import Testing

@Suite("Pager loops")
struct PagerLoopTests {
    /// Every frame's logical position is within `limit` pages of the previous one (mod N): no seam jumps.
    static func expectContinuous(_ frames: [FrameSample], pages: Int, limit: Double) {
        for (previous, frame) in zip(frames, frames.dropFirst()) {
            let distance = circularDistance(previous.logicalPosition, frame.logicalPosition, count: pages)
            #expect(distance <= limit, "jump of \(distance) pages at t = \(frame.time)")
        }
    }

    @Test(
        "Dragging slowly across the end-cap seam is continuous and re-bases mid-drag",
        arguments: [1, -1])
    func slowDragAcrossSeam(direction: Double) {
        var harness = PagerHarness(.make(.endCaps, pages: 3, startPage: direction > 0 ? 0 : 2))
        // Pointer right (positive) goes back across the seam from page 0; left goes forward from page 2.
        harness.run(Gesture.drag(at: 0.1, by: direction * 1100, duration: 1.0, steps: 60, release: false), fps: 60)
        // One crossing, one re-base: the drag's origin moved with the strip, so it does not re-base again.
        #expect(harness.events.filter { if case .rebased = $0 { true } else { false } }.count == 1)
        #expect(harness.pager.phase == .dragging)
        Self.expectContinuous(harness.frames, pages: 3, limit: 0.05)
    }

    @Test("A fast fling across the seam is continuous and lands on the right page", arguments: [2, 3, 12])
    func flingAcrossSeam(pages: Int) {
        var harness = PagerHarness(.make(.endCaps, pages: pages, startPage: pages - 1))
        harness.run(Gesture.drag(at: 0.1, by: -400, duration: 0.06, steps: 6), fps: 60)
        #expect(harness.pager.currentPage == 0)
        Self.expectContinuous(harness.frames, pages: pages, limit: 0.25)
    }

    @Test("Three surfaces rotate one slot per page and report only the slot that needs content")
    func threeSurfaceRefills() {
        var harness = PagerHarness(.make(.threeSurfaces, pages: 10, startPage: 0))
        harness.run([Gesture.key(.next, at: 0.1)], fps: 60)
        let rebases = harness.events.compactMap { event -> Rebase? in
            if case .rebased(let rebase) = event { rebase } else { nil }
        }
        #expect(rebases == [Rebase(shift: -1, refills: [SlotRefill(slot: 2, page: 2)])])
        #expect(harness.pager.currentPage == 1)
        let slots = (0..<3).map { harness.pager.topology.content(ofSlot: $0) }
        #expect(slots == [.page(0), .page(1), .page(2)])
    }

    @Test("Loops of one page do not spin", arguments: [TopologyKind.endCaps, .threeSurfaces, .wheel])
    func singlePage(kind: TopologyKind) {
        var harness = PagerHarness(.make(kind, pages: 1))
        harness.run(
            Gesture.drag(at: 0.1, by: -600, duration: 0.1, vertical: kind == .wheel)
                + [Gesture.key(.next, at: 2), Gesture.key(.previous, at: 2.1)], fps: 60)
        #expect(harness.pager.currentPage == 0)
        #expect(harness.pager.offset == Double(harness.pager.topology.startSlot) * harness.pager.extent)
        #expect(!harness.events.contains { if case .rebased = $0 { true } else { false } })
    }

    @Test("One million page advances in a loop stay exact", arguments: [TopologyKind.endCaps, .threeSurfaces])
    func millionAdvances(kind: TopologyKind) {
        let pages = 7
        var pager = Pager.make(kind, pages: pages)
        var time = 0.0
        for _ in 0..<1_000_000 {
            _ = pager.handle(.command(.next), at: time)
            time += 2  // Long enough for every settle to finish: each advance snaps exactly.
            _ = pager.advance(to: time)
        }
        #expect(pager.currentPage.rawValue == 1_000_000 % pages)
        #expect(pager.phase == .idle)
        #expect(pager.logicalPosition == Double(1_000_000 % pages))
        #expect(pager.slotPosition == pager.slotPosition.rounded())
        #expect(abs(pager.slotPosition) <= Double(pager.topology.slotCount))
    }
}
