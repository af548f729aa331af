extension FeedTopology: PageTopology {
    /// Always `.feed`.
    public var kind: TopologyKind { .feed }

    /// The pages plus the end slot.
    public var slotCount: Int { pageCount + 1 }

    /// Every page and the end slot, which the pager may rest on while the spinner turns.
    public var restingSlots: ClosedRange<Int>? { 0...pageCount }

    /// Slot `i < N` shows page `i`, slot N the spinner or retry prompt; `.empty` outside the strip.
    public func content(ofSlot slot: Int) -> SlotContent {
        if (0..<pageCount).contains(slot) { return .page(PageIndex(slot)) }
        return slot == pageCount ? .feedEnd : .empty
    }

    /// The slot position capped at the last page, so the end slot counts as the last page (the logical index stays
    /// in `0..<N`); unclamped below 0 while the first page rubber-bands. With no pages yet, 0.
    public func logicalPosition(atSlotPosition position: Double) -> Double {
        position < 0 ? position : min(position, Double(max(pageCount - 1, 0)))
    }

    /// The page's own slot (clamped into range); a feed has one slot per page.
    public func slot(showing page: PageIndex, near slot: Int) -> Int {
        min(max(page.rawValue, 0), max(pageCount - 1, 0))
    }

    /// Never re-bases: appends grow the strip to the right, so no position changes.
    public mutating func rebase(atSlotPosition position: Double) -> Rebase? {
        nil
    }

    /// `[.needsMorePages]` once the position is within a page of the end (`≥ N − 1`) and no request is in
    /// flight; after a failure, only once the position has left the end slot and comes back to it (`≥ N − 0.5`).
    public mutating func events(atSlotPosition position: Double) -> [PagerEvent] {
        startsLoad(atSlotPosition: position) ? [.needsMorePages] : []
    }
}
