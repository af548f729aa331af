import PagerEngine
import Testing

@Suite("WheelTopology")
struct WheelTopologyTests {
    @Test("every integer slot shows its row wrapped", arguments: [2, 3, 7, 1000])
    func content(rowCount: Int) {
        let wheel = WheelTopology(rowCount: rowCount)
        #expect(wheel.slotCount == rowCount)
        #expect(wheel.restingSlots == nil)
        for slot in -3 * rowCount...3 * rowCount where slot % max(rowCount / 50, 1) == 0 {
            #expect(wheel.content(ofSlot: slot) == .page(PageIndex(WrapMath.wrap(slot, count: rowCount))))
        }
    }

    @Test(
        "re-bases by whole turns into [0, N)",
        arguments: [(-0.1, 5), (0.0, 0), (4.99, 0), (5.0, -5), (17.2, -15), (-10.0, 10), (-10.5, 15)]
    )
    func rebase(position: Double, expectedShift: Int) {
        var wheel = WheelTopology(rowCount: 5)
        let rebase = wheel.rebase(atSlotPosition: position)
        #expect((rebase?.shift ?? 0) == expectedShift)
        #expect(rebase?.refills.isEmpty ?? true)
        #expect(rebase?.shift != 0, "an empty re-base is reported as nil")
    }

    @Test("free deceleration, snapping to a row or not", arguments: [true, false])
    func releaseBehavior(snaps: Bool) {
        #expect(WheelTopology(rowCount: 4, snapsToRow: snaps).releaseBehavior == .freeScroll(snapsToSlot: snaps))
    }

    @Test("start row wraps", arguments: [(0, 0), (6, 1), (-1, 4)])
    func startSlot(startRow: Int, expected: Int) {
        #expect(WheelTopology(rowCount: 5, startRow: startRow).startSlot == expected)
    }

    @Test("a row's slot goes the shorter way round", arguments: [(1, 9, 11), (9, 0, -1), (5, 0, 5), (2, 13, 12)])
    func slotShowingRow(row: Int, near: Int, expected: Int) {
        #expect(WheelTopology(rowCount: 10).slot(showing: PageIndex(row), near: near) == expected)
    }

    @Test("re-bases are seamless", arguments: [2, 3, 5, 1000])
    func seamless(rowCount: Int) {
        expectSeamlessLoop(
            WheelTopology(rowCount: rowCount, startRow: rowCount - 1), steps: loopWalkSteps(pageCount: rowCount))
    }

    @Test("one row does not spin: one slot that rubber-bands", arguments: [-0.4, 0.0, 0.45, 3.0])
    func singleRow(position: Double) {
        var wheel = WheelTopology(rowCount: 1, startRow: 5)
        #expect(wheel.startSlot == 0)
        #expect(wheel.restingSlots == 0...0)
        #expect([-1, 0, 1].map(wheel.content(ofSlot:)) == [.empty, .page(0), .empty])
        #expect(wheel.logicalPosition(atSlotPosition: position) == position)
        #expect(wheel.rebase(atSlotPosition: position) == nil)
    }
}

@Suite("Paging axis")
struct PagingAxisTests {
    @Test("the wheel pages vertically, every other arrangement sideways", arguments: TopologyKind.allCases)
    func axis(kind: TopologyKind) {
        let pager = Pager.make(kind, pages: 5)
        #expect(pager.topology.axis == (kind == .wheel ? .vertical : .horizontal))
    }
}
