import PagerEngine
import Testing

@Suite("BoundedTopology")
struct BoundedTopologyTests {
    @Test("slot i shows page i; nothing outside", arguments: [1, 2, 5])
    func content(pageCount: Int) {
        let topology = BoundedTopology(pageCount: pageCount)
        #expect(topology.slotCount == pageCount)
        #expect(topology.restingSlots == 0...(pageCount - 1))
        #expect(topology.releaseBehavior == .paging)
        #expect(topology.kind == .bounded)
        let expected = [.empty] + (0..<pageCount).map { SlotContent.page(PageIndex($0)) } + [.empty]
        #expect((-1...pageCount).map(topology.content(ofSlot:)) == expected)
    }

    @Test("the start page is clamped into range", arguments: [(-3, 0), (0, 0), (3, 3), (4, 4), (9, 4)])
    func startSlot(startPage: Int, expected: Int) {
        #expect(BoundedTopology(pageCount: 5, startPage: startPage).startSlot == expected)
    }

    @Test("the logical position is the slot position, unclamped past the ends", arguments: [-0.4, 0, 2.5, 4, 4.3])
    func logicalPosition(position: Double) {
        #expect(BoundedTopology(pageCount: 5).logicalPosition(atSlotPosition: position) == position)
    }

    @Test("never re-bases nor raises events", arguments: [-3.0, 0.2, 4.0, 7.5])
    func neverRebases(position: Double) {
        var topology = BoundedTopology(pageCount: 5)
        #expect(topology.rebase(atSlotPosition: position) == nil)
        #expect(topology.events(atSlotPosition: position).isEmpty)
    }

    @Test("a page's slot is its index, clamped", arguments: [(2, 0, 2), (4, 1, 4), (7, 1, 4), (-2, 3, 0)])
    func slotShowingPage(page: Int, near: Int, expected: Int) {
        #expect(BoundedTopology(pageCount: 5).slot(showing: PageIndex(page), near: near) == expected)
    }
}
