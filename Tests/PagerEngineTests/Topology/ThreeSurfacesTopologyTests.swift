import PagerEngine
import Testing

@Suite("ThreeSurfacesTopology")
struct ThreeSurfacesTopologyTests {
    /// The logical pages the three slots show.
    private func pages(_ topology: ThreeSurfacesTopology) -> [SlotContent] {
        (0..<3).map(topology.content(ofSlot:))
    }

    @Test("three slots show [c − 1, c, c + 1] wrapped", arguments: [(10, 0), (10, 9), (10, 13), (2, 0), (3, 2)])
    func layout(pageCount: Int, startPage: Int) {
        let topology = ThreeSurfacesTopology(pageCount: pageCount, startPage: startPage)
        let centre = WrapMath.wrap(startPage, count: pageCount)
        #expect(topology.centrePage == centre)
        #expect(topology.slotCount == 3)
        #expect(topology.startSlot == 1)
        #expect(topology.restingSlots == nil)
        #expect(pages(topology) == [-1, 0, 1].map { .page(PageIndex(WrapMath.wrap(centre + $0, count: pageCount))) })
        #expect([-1, 3, 5].map(topology.content(ofSlot:)) == [.empty, .empty, .empty])
    }

    @Test(
        "rotations refill only the slots that come in",
        arguments: [
            // position, new centre, shift, refilled slots and their pages (N = 10, c = 0)
            (1.75, 1, -1, [SlotRefill(slot: 2, page: 2)]),
            (0.24, 9, 1, [SlotRefill(slot: 0, page: 8)]),
            (2.6, 1, -1, [SlotRefill(slot: 2, page: 2)]),
            (2.8, 2, -2, [SlotRefill(slot: 1, page: 2), SlotRefill(slot: 2, page: 3)]),
            (3.8, 3, -3, [SlotRefill(slot: 0, page: 2), SlotRefill(slot: 1, page: 3), SlotRefill(slot: 2, page: 4)]),
            (-1.2, 8, 2, [SlotRefill(slot: 0, page: 7), SlotRefill(slot: 1, page: 8)]),
            (26.0, 5, -25, [SlotRefill(slot: 0, page: 4), SlotRefill(slot: 1, page: 5), SlotRefill(slot: 2, page: 6)]),
        ]
    )
    func rotations(position: Double, centre: Int, shift: Int, refills: [SlotRefill]) {
        var topology = ThreeSurfacesTopology(pageCount: 10)
        #expect(topology.rebase(atSlotPosition: position) == Rebase(shift: shift, refills: refills))
        #expect(topology.centrePage == centre)
        #expect(pages(topology) == [-1, 0, 1].map { .page(PageIndex(WrapMath.wrap(centre + $0, count: 10))) })
    }

    @Test(
        "no rotation inside [0.25, 1.75): a pointer jittering at the seam rotates once",
        arguments: [0.25, 0.4, 1.0, 1.6, 1.7499])
    func home(position: Double) {
        var topology = ThreeSurfacesTopology(pageCount: 10, startPage: 4)
        #expect(topology.rebase(atSlotPosition: position) == nil)
        #expect(topology.centrePage == 4)
    }

    @Test(
        "a rotation refills exactly the slots whose content cannot move in",
        arguments: [-2.3, -0.7, 0.2, 1.8, 2.5, 3.9, 40.1]
    )
    func refillsExactlyTheIncomingSlots(position: Double) throws {
        var topology = ThreeSurfacesTopology(pageCount: 7, startPage: 3)
        let maybeRebase = topology.rebase(atSlotPosition: position)
        let rebase = try #require(maybeRebase)
        let incoming = (0..<3).filter { !(0..<3).contains($0 - rebase.shift) }
        #expect(rebase.refills.map(\.slot) == incoming)
    }

    @Test("N = 2 loops as [1, 0, 1] → [0, 1, 0]")
    func twoPages() {
        var topology = ThreeSurfacesTopology(pageCount: 2)
        #expect(pages(topology) == [.page(1), .page(0), .page(1)])
        #expect(topology.rebase(atSlotPosition: 1.75) == Rebase(shift: -1, refills: [SlotRefill(slot: 2, page: 0)]))
        #expect(pages(topology) == [.page(0), .page(1), .page(0)])
    }

    @Test(
        "logical position is c + position − 1 wrapped",
        arguments: [(0, 1.0, 0.0), (0, 0.75, 9.75), (9, 1.25, 9.25), (9, 2.0, 0.0), (4, 0.5, 3.5)]
    )
    func logicalPosition(centre: Int, position: Double, expected: Double) {
        let topology = ThreeSurfacesTopology(pageCount: 10, startPage: centre)
        #expect(topology.logicalPosition(atSlotPosition: position) == expected)
    }

    @Test("re-bases are seamless, mid-flight and over many pages in one frame", arguments: [2, 3, 5, 10_000])
    func seamless(pageCount: Int) {
        expectSeamlessLoop(
            ThreeSurfacesTopology(pageCount: pageCount, startPage: pageCount - 1),
            steps: loopWalkSteps(pageCount: pageCount))
    }

    @Test(
        "a page's slot goes the shorter way round from the page at `near`, even outside 0..<3",
        arguments: [(4, 0, 5), (4, 2, 5), (9, 2, 0), (0, -3, 1), (1, 1, 2), (8, 1, -1)]
    )
    func slotShowingPage(page: Int, near: Int, expected: Int) {
        #expect(ThreeSurfacesTopology(pageCount: 10).slot(showing: PageIndex(page), near: near) == expected)
    }

    @Test(
        "animating toward a far page's slot re-bases on the way and lands on it",
        arguments: [(10, 0, 4), (10, 0, 6), (10, 0, 5), (10, 7, 2), (3, 0, 2), (2, 0, 1), (1000, 998, 3)]
    )
    func animatesToFarSlot(pageCount: Int, startPage: Int, page: Int) {
        var topology = ThreeSurfacesTopology(pageCount: pageCount, startPage: startPage)
        var position = 1.0
        var target = topology.slot(showing: PageIndex(page), near: 1)
        let expectedDistance = WrapMath.shortestDelta(from: startPage, to: page, count: pageCount)
        #expect(target == 1 + expectedDistance)
        // Step toward the target a quarter slot per frame, shifting the position and target on every re-base.
        while position != Double(target) {
            let remaining = Double(target) - position
            position += remaining.magnitude < 0.25 ? remaining : (remaining > 0 ? 0.25 : -0.25)
            if let rebase = topology.rebase(atSlotPosition: position) {
                position += Double(rebase.shift)
                target += rebase.shift
            }
            let base = Int(position.rounded(.down))
            #expect(topology.content(ofSlot: base) != .empty && topology.content(ofSlot: base + 1) != .empty)
        }
        #expect(topology.content(ofSlot: target) == .page(PageIndex(page)))
        #expect(topology.logicalPosition(atSlotPosition: position) == Double(page))
        #expect(topology.centrePage == page)
    }

    @Test("one page does not loop: one slot that rubber-bands", arguments: [-0.4, 0.0, 0.45, 3.0])
    func singlePage(position: Double) {
        var topology = ThreeSurfacesTopology(pageCount: 1)
        #expect(topology.slotCount == 1)
        #expect(topology.startSlot == 0)
        #expect(topology.restingSlots == 0...0)
        #expect([-1, 0, 1].map(topology.content(ofSlot:)) == [.empty, .page(0), .empty])
        #expect(topology.logicalPosition(atSlotPosition: position) == position)
        #expect(topology.slot(showing: 0, near: 0) == 0)
        #expect(topology.rebase(atSlotPosition: position) == nil)
    }
}
