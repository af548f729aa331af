extension BoundedTopology: PageTopology {
    /// Always `.bounded`.
    public var kind: TopologyKind { .bounded }

    /// One slot per page.
    public var slotCount: Int { pageCount }

    /// Every page; past the first and the last the strip rubber-bands.
    public var restingSlots: ClosedRange<Int>? { 0...(pageCount - 1) }

    /// Pages settle with the paging spring.
    public var releaseBehavior: ReleaseBehavior { .paging }

    /// Page `slot` inside the strip, `.empty` outside it.
    public func content(ofSlot slot: Int) -> SlotContent {
        (0..<pageCount).contains(slot) ? .page(PageIndex(slot)) : .empty
    }

    /// The slot position itself, unclamped: below 0 or above N−1 while an end rubber-bands.
    public func logicalPosition(atSlotPosition position: Double) -> Double {
        position
    }

    /// The page's own slot (clamped into range); a bounded strip has one slot per page.
    public func slot(showing page: PageIndex, near slot: Int) -> Int {
        min(max(page.rawValue, 0), pageCount - 1)
    }

    /// Never re-bases.
    public mutating func rebase(atSlotPosition position: Double) -> Rebase? {
        nil
    }

    /// Raises nothing.
    public mutating func events(atSlotPosition position: Double) -> [PagerEvent] {
        []
    }
}
