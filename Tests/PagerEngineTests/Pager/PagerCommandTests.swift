import PagerEngine
import Testing

@Suite("Pager commands")
struct PagerCommandTests {
    @Test(
        "Five \"next\" within 100 ms advance exactly five pages, across a loop seam too",
        arguments: [
            (TopologyKind.bounded, 10, 0, 5), (.endCaps, 3, 1, 0), (.threeSurfaces, 4, 2, 3),
            (.endCaps, 12, 9, 2), (.threeSurfaces, 10_000, 9_998, 3), (.feed, 12, 0, 5),
        ])
    func fiveNext(kind: TopologyKind, pages: Int, start: Int, expected: Int) {
        var harness = PagerHarness(.make(kind, pages: pages, startPage: start))
        let keys = (0..<5).map { Gesture.key(.next, at: 0.1 + Double($0) * 0.02) }
        harness.run(keys, fps: 60)
        #expect(harness.pager.currentPage.rawValue == expected)
        #expect(harness.pager.phase == .idle)
        #expect(harness.events.contains(.settled(page: PageIndex(expected))))
    }

    @Test("Keys pressed mid-animation queue from the page being settled to")
    func queuesMidAnimation() {
        var harness = PagerHarness(.make(.endCaps, pages: 5))
        let inputs = [Gesture.key(.previous, at: 0.1), Gesture.key(.previous, at: 0.3), Gesture.key(.next, at: 0.35)]
        harness.run(inputs, fps: 60)
        #expect(harness.pager.currentPage == 4)
    }

    @Test("Bounded ends clamp and report the end")
    func clampsAtEnds() {
        var pager = Pager.make(.bounded, pages: 3, startPage: 2)
        let events = pager.handle(.command(.next), at: 0)
        #expect(events.contains(.reachedEnd(.trailing)))
        #expect(!pager.isAnimating)
        #expect(pager.currentPage == 2)
    }

    @Test(
        "Jumps take the shorter way round and land on the page",
        arguments: [
            (TopologyKind.endCaps, 10, 9, PagerCommand.goTo(page: 1), 1),
            (.threeSurfaces, 10_000, 0, .last, 9_999), (.threeSurfaces, 10_000, 5, .goTo(page: 5_000), 5_000),
            (.bounded, 50, 3, .last, 49), (.bounded, 50, 30, .first, 0), (.wheel, 40, 0, .goTo(page: 39), 39),
        ])
    func jumps(kind: TopologyKind, pages: Int, start: Int, command: PagerCommand, expected: Int) {
        var harness = PagerHarness(.make(kind, pages: pages, startPage: start))
        harness.run([Gesture.key(command, at: 0.1)], fps: 60)
        #expect(harness.pager.currentPage.rawValue == expected)
        // A jump slides in one page at most: no frame moves the logical position by more than a page.
        let jumpFrame = harness.frames.firstIndex { frame in
            frame.events.contains { if case .jumped = $0 { true } else { false } }
        }
        let start = (jumpFrame ?? 0)
        var previous = harness.frames[start].logicalPosition
        for frame in harness.frames[(start + 1)...] {
            #expect(circularDistance(previous, frame.logicalPosition, count: pages) <= 1.0001)
            previous = frame.logicalPosition
        }
    }

    @Test("The shortest jump from 9 to 1 of 10 goes forward by two")
    func shortestJump() throws {
        var pager = Pager.make(.endCaps, pages: 10, startPage: 9)
        let before = pager.slotPosition
        _ = pager.handle(.command(.goTo(page: 1)), at: 0)
        let target = try #require(pager.targetSlot)
        // Animating toward the neighbour-then-target arrangement, forward.
        #expect(Double(target) > before - 10)
        _ = pager.advance(to: 3)
        #expect(pager.currentPage == 1)
    }
}
