import PagerEngine
import Testing

@Suite("Pager key turns and far jumps")
struct PagerKeyTurnTests {
    /// Advances at 240 Hz until the pager rests (at most `limit` seconds); returns the frames' visible pages.
    static func run(_ pager: inout Pager, from start: Double, limit: Double = 3) -> (end: Double, pages: [Set<Int>]) {
        var time = start
        var seen: [Set<Int>] = []
        while pager.isAnimating, time < start + limit {
            time += 1.0 / 240
            _ = pager.advance(to: time)
            seen.append(
                Set(
                    pager.visibleSlots().compactMap { slot in
                        if case .page(let page) = slot.content { return page.rawValue }
                        return nil
                    }))
        }
        return (time, seen)
    }

    @Test("A key turns a 1280 px page within 0.2 s with the key spring; it lands exactly")
    func quickKeyTurn() {
        var pager = Pager.make(.bounded, pages: 5)
        _ = pager.handle(.command(.next), at: 0)
        var time = 0.0
        while time < 0.2 {
            time += 1.0 / 240
            _ = pager.advance(to: time)
        }
        #expect(abs(pager.offset - 1280) <= 0.5)
        _ = Self.run(&pager, from: time)
        #expect(pager.offset == 1280)
        #expect(SpringDescription.keyPaging.dampingRatio > 0.999 && SpringDescription.keyPaging.dampingRatio < 1.001)
    }

    @Test("With no transition a key swaps the page at once")
    func instant() {
        var configuration = PagerConfiguration()
        configuration.commandTransition = .instant
        var pager = Pager(
            topology: EndCapsTopology(pageCount: 4), viewport: Viewport(width: 320, height: 240),
            configuration: configuration)
        let events = pager.handle(.command(.previous), at: 0)
        #expect(pager.currentPage == 3)
        #expect(!pager.isAnimating)
        #expect(events.contains(.pageChanged(from: 0, to: 3)))
        #expect(events.contains(.settled(page: 3)))
        _ = pager.handle(.command(.first), at: 1)
        #expect(pager.currentPage == 0)
        #expect(pager.standInPage == nil)
    }

    @Test(
        "Home and End slide the target in beside the photo on screen: no third photo in any frame",
        arguments: [TopologyKind.bounded, .endCaps, .threeSurfaces])
    func farJumpShowsTwoPhotos(kind: TopologyKind) {
        var pager = Pager.make(kind, pages: 12, startPage: 11, width: 320, height: 240)
        _ = pager.handle(.command(.goTo(page: 5)), at: 0)
        #expect(pager.standInPage == 11)
        let jump = Self.run(&pager, from: 0)
        #expect(jump.pages.allSatisfy { $0.isSubset(of: [11, 5]) })
        #expect(jump.pages.contains { $0 == [11, 5] })
        #expect(pager.currentPage == 5)
        #expect(pager.standInPage == nil)

        _ = pager.handle(.command(.first), at: jump.end)
        let home = Self.run(&pager, from: jump.end)
        #expect(home.pages.allSatisfy { $0.isSubset(of: [5, 0]) })
        #expect(pager.currentPage == 0)
        // At rest the real neighbours are back: a drag shows page 5 and 7, not the photo left behind.
        let restingSlot = Int(pager.slotPosition)
        #expect(pager.content(ofSlot: restingSlot + 1) == .page(1))
    }

    @Test("Queued commands report how far ahead they are, and where they are heading")
    func queued() {
        var pager = Pager.make(.bounded, pages: 10)
        _ = pager.handle(.command(.next), at: 0)
        _ = pager.handle(.command(.next), at: 0)
        #expect(pager.slotsAhead == 2)
        #expect(pager.commandTargetPage == 2)
        _ = Self.run(&pager, from: 0)
        #expect(pager.slotsAhead == 0)
        #expect(pager.commandTargetPage == nil)
        _ = pager.handle(.pointerDown(x: 600, y: 10), at: 5)
        _ = pager.handle(.pointerMove(x: 500, y: 10), at: 5.05)
        _ = pager.handle(.pointerUp(x: 400, y: 10), at: 5.07)
        #expect(pager.commandTargetPage == nil)  // A fling is not a command.
    }
}

@Suite("Pager re-base rounding")
struct PagerRebaseRoundingTests {
    /// Found by the soak (seed 445): a wheel of 12 rows on a 240 px viewport (34.2857… px rows) re-based back and forth
    /// forever between 12.0 and −1.7e−15 when a far jump and a key landed on the same instant.
    @Test("A wheel key storm at one instant terminates and rests on a row")
    func wheelKeyStorm() {
        var pager = Pager(topology: WheelTopology(rowCount: 12), viewport: Viewport(width: 320, height: 240))
        _ = pager.advance(to: 1.0 / 60)
        _ = pager.handle(.command(.next), at: 2.108091)
        _ = pager.handle(.command(.last), at: 2.108091)
        _ = pager.handle(.command(.previous), at: 2.151014)
        _ = pager.handle(.command(.first), at: 2.151014)
        var time = 2.151014
        while pager.isAnimating, time < 10 {
            time += 1.0 / 60
            _ = pager.advance(to: time)
        }
        #expect(!pager.isAnimating)
        #expect(pager.currentPage == 0)
        #expect((0..<12.0).contains(pager.slotPosition))
    }
}
