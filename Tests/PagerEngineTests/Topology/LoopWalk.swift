import PagerEngine
import Testing

/// Moves a looping topology by `steps` slots at a time, re-basing after each move as the pager does, and checks
/// that the viewer never notices: the logical position moves by exactly the step, the slots on screen show the
/// pages of the loop at that position (never `.empty`), content the re-base carries along stays put, refills show
/// their page, and one re-base settles.
func expectSeamlessLoop<Topology: PageTopology>(
    _ topology: Topology, steps: [Double], sourceLocation: SourceLocation = #_sourceLocation
) {
    var topology = topology
    var position = Double(topology.startSlot)
    let count = topology.pageCount
    for step in steps {
        let previousLogical = topology.logicalPosition(atSlotPosition: position)
        position += step
        let logicalBefore = topology.logicalPosition(atSlotPosition: position)
        #expect(
            wrappedDistance(logicalBefore, previousLogical + step, count: count) < 1e-9,
            "the logical position moves by the step", sourceLocation: sourceLocation)

        // Slots overlapping the viewport (centre ± half a slot) are `floor(p)` and `floor(p) + 1`.
        let base = Int(position.rounded(.down))
        let seenBefore = [topology.content(ofSlot: base), topology.content(ofSlot: base + 1)]
        let stripBefore = (0..<topology.slotCount).map(topology.content(ofSlot:))
        let rebase = topology.rebase(atSlotPosition: position)
        let shift = rebase?.shift ?? 0
        position += Double(shift)
        #expect(topology.rebase(atSlotPosition: position) == nil, "one re-base settles", sourceLocation: sourceLocation)

        let logicalAfter = topology.logicalPosition(atSlotPosition: position)
        #expect(wrappedDistance(logicalAfter, logicalBefore, count: count) < 1e-9, sourceLocation: sourceLocation)
        #expect(logicalAfter >= 0 && logicalAfter < Double(count), sourceLocation: sourceLocation)

        // On screen: the loop's pages at the logical position, whatever the strip looked like before.
        let pageAtBase = Int((logicalAfter - (position - position.rounded(.down))).rounded())
        let seenAfter = [topology.content(ofSlot: base + shift), topology.content(ofSlot: base + shift + 1)]
        let expected = [pageAtBase, pageAtBase + 1].map { SlotContent.page(PageIndex(WrapMath.wrap($0, count: count))) }
        #expect(seenAfter == expected, "on screen after a step of \(step)", sourceLocation: sourceLocation)
        if !seenBefore.contains(.empty) {
            #expect(seenAfter == seenBefore, "a re-base moves nothing on screen", sourceLocation: sourceLocation)
        }

        // Refilled slots show their new page; every other slot carries the content that moved into it.
        guard let rebase else { continue }
        for refill in rebase.refills {
            #expect(topology.content(ofSlot: refill.slot) == .page(refill.page), sourceLocation: sourceLocation)
        }
        let refilled = Set(rebase.refills.map(\.slot))
        let carried = (0..<topology.slotCount).filter {
            !refilled.contains($0) && stripBefore.indices.contains($0 - shift)
        }
        #expect(
            carried.map(topology.content(ofSlot:)) == carried.map { stripBefore[$0 - shift] },
            "content not refilled moves with the shift", sourceLocation: sourceLocation)
    }
}

/// The distance between two logical positions the shorter way round a loop of `count` pages.
func wrappedDistance(_ first: Double, _ second: Double, count: Int) -> Double {
    let difference = WrapMath.wrap(first - second, count: count)
    return min(difference, Double(count) - difference)
}

/// Creeping forward and back across the seam next to the last page, then jumps of many pages in one frame both
/// ways, then creeping again; start the walk on the last page.
func loopWalkSteps(pageCount: Int) -> [Double] {
    let loop = Double(pageCount)
    let creepForward = Array(repeating: 0.05, count: 70)
    let creepBack = Array(repeating: -0.07, count: 100)
    let jumps = [0.3, 1.7, 2.5, -0.2, -0.45, -3.3, 3 * loop + 0.4, -7 * loop - 0.9, 0.5, -0.5, 1, -1, 2.25]
    return creepForward + creepBack + jumps + creepForward
}
