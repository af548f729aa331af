/// How a strip of slots maps to logical pages, where it ends, and how it re-bases when it loops.
///
/// Slot positions are in slot units: slot `i` is centred on the viewport when the position is `i`.
/// The pager keeps its position in this space (times the page extent, in pixels) and asks the
/// topology, after every move, whether the strip must re-base.
public protocol PageTopology: Sendable {
    /// Which arrangement this is, as named in traces.
    var kind: TopologyKind { get }
    /// The number of logical pages N; logical indices are always in `0..<pageCount`.
    var pageCount: Int { get }
    /// The number of slots in the strip (N, N+2, 3, N+1 …).
    var slotCount: Int { get }
    /// The slots the pager may rest on; past them a rubber band applies. `nil` when the strip never ends.
    var restingSlots: ClosedRange<Int>? { get }
    /// What happens on release.
    var releaseBehavior: ReleaseBehavior { get }
    /// The direction the strip pages along.
    var axis: PagingAxis { get }
    /// The slot on which the strip starts when showing `page`.
    var startSlot: Int { get }

    /// What `slot` shows. Slots outside `0..<slotCount` show `.empty`, except in the wheel, where every integer wraps.
    func content(ofSlot slot: Int) -> SlotContent
    /// The logical page position at a slot position: reduced into `[0, N)` in loop modes, unclamped in bounded ones.
    func logicalPosition(atSlotPosition position: Double) -> Double
    /// The slot that shows `page` nearest to `slot`, going the shorter way round in loops.
    func slot(showing page: PageIndex, near slot: Int) -> Int
    /// Re-bases a looping strip whose position left its home range; `nil` when nothing changes.
    mutating func rebase(atSlotPosition position: Double) -> Rebase?
    /// Events the topology raises once the position is here (the feed asks for more pages).
    mutating func events(atSlotPosition position: Double) -> [PagerEvent]
}

extension PageTopology {
    /// Horizontal: every arrangement but the wheel pages sideways.
    public var axis: PagingAxis { .horizontal }
}
