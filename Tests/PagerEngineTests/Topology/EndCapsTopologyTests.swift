import PagerEngine
import Testing

@Suite("EndCapsTopology")
struct EndCapsTopologyTests {
    @Test("N+2 slots [N−1, 0, 1 … N−1, 0]", arguments: [2, 3, 5])
    func layout(pageCount: Int) {
        let topology = EndCapsTopology(pageCount: pageCount)
        #expect(topology.slotCount == pageCount + 2)
        #expect(topology.restingSlots == nil)
        #expect(topology.releaseBehavior == .paging)
        let pages = (0..<topology.slotCount).map(topology.content(ofSlot:))
        let expected: [SlotContent] =
            [.page(PageIndex(pageCount - 1))] + (0..<pageCount).map { SlotContent.page(PageIndex($0)) } + [.page(0)]
        #expect(pages == expected)
        #expect(topology.content(ofSlot: -1) == .empty)
        #expect(topology.content(ofSlot: pageCount + 2) == .empty)
    }

    @Test("the strip starts on the start page's own slot", arguments: [(0, 1), (4, 5), (5, 1), (-1, 5)])
    func startSlot(startPage: Int, expected: Int) {
        #expect(EndCapsTopology(pageCount: 5, startPage: startPage).startSlot == expected)
    }

    @Test(
        "re-bases by whole loops into [0.25, N + 0.75], with hysteresis around the seam",
        arguments: [
            (0.24, 5), (0.25, 0), (0.4, 0), (3.0, 0), (5.6, 0), (5.75, 0), (5.76, -5), (6.0, -5), (0.0, 5),
            (-4.76, 10), (-4.75, 5), (16.2, -15), (15.75, -10),
        ]
    )
    func rebase(position: Double, expectedShift: Int) {
        var topology = EndCapsTopology(pageCount: 5)
        let rebase = topology.rebase(atSlotPosition: position)
        #expect((rebase?.shift ?? 0) == expectedShift)
        #expect(rebase?.refills.isEmpty ?? true, "caps share content with their originals")
        #expect(rebase?.shift != 0, "an empty re-base is reported as nil")
    }

    @Test("non-finite and absurd positions do not re-base", arguments: [Double.nan, .infinity, -.infinity, 1e300])
    func rebaseRejectsNonsense(position: Double) {
        var topology = EndCapsTopology(pageCount: 5)
        #expect(topology.rebase(atSlotPosition: position) == nil)
    }

    @Test(
        "logical position is position − 1 wrapped",
        arguments: [(1.0, 0.0), (0.75, 4.75), (5.0, 4.0), (5.25, 4.25), (6.0, 0.0), (3.5, 2.5)]
    )
    func logicalPosition(position: Double, expected: Double) {
        #expect(EndCapsTopology(pageCount: 5).logicalPosition(atSlotPosition: position) == expected)
    }

    @Test(
        "a page's slot goes the shorter way round from the page at `near`",
        arguments: [(1, 10, 12), (9, 1, 0), (5, 1, 6), (3, 4, 4), (0, 10, 11)]
    )
    func slotShowingPage(page: Int, near: Int, expected: Int) {
        let topology = EndCapsTopology(pageCount: 10)
        #expect(topology.slot(showing: PageIndex(page), near: near) == expected)
    }

    @Test("re-bases are seamless, mid-flight and over many pages in one frame", arguments: [2, 3, 5, 16, 1000])
    func seamless(pageCount: Int) {
        expectSeamlessLoop(
            EndCapsTopology(pageCount: pageCount, startPage: pageCount - 1), steps: loopWalkSteps(pageCount: pageCount))
    }

    @Test("one page does not loop: one slot that rubber-bands", arguments: [-0.4, 0.0, 0.45, 3.0])
    func singlePage(position: Double) {
        var topology = EndCapsTopology(pageCount: 1, startPage: 3)
        #expect(topology.slotCount == 1)
        #expect(topology.startSlot == 0)
        #expect(topology.restingSlots == 0...0)
        #expect([-1, 0, 1].map(topology.content(ofSlot:)) == [.empty, .page(0), .empty])
        #expect(topology.logicalPosition(atSlotPosition: position) == position)
        #expect(topology.slot(showing: 0, near: 0) == 0)
        #expect(topology.rebase(atSlotPosition: position) == nil)
    }
}
