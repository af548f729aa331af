extension EndCapsTopology: PageTopology {
    /// Always `.endCaps`.
    public var kind: TopologyKind { .endCaps }

    /// N pages plus the two caps; a single page has one slot.
    public var slotCount: Int { loops ? pageCount + 2 : 1 }

    /// `nil` (the loop never ends); a single page rests on its slot and rubber-bands at both ends.
    public var restingSlots: ClosedRange<Int>? { loops ? nil : 0...0 }

    /// Pages settle with the paging spring.
    public var releaseBehavior: ReleaseBehavior { .paging }

    /// Slot `k` shows page `k − 1` wrapped, so the caps show the last and the first page; `.empty` outside the strip.
    public func content(ofSlot slot: Int) -> SlotContent {
        guard (0..<slotCount).contains(slot) else { return .empty }
        return .page(PageIndex(loops ? WrapMath.wrap(slot - 1, count: pageCount) : 0))
    }

    /// `position − 1` reduced into `[0, N)`; for a single page the position itself, unclamped while it rubber-bands.
    public func logicalPosition(atSlotPosition position: Double) -> Double {
        loops ? WrapMath.wrap(position - 1, count: pageCount) : position
    }

    /// The slot `near` plus the shorter way round from its page to `page`; it may lie past a cap, where the
    /// position re-bases before the slot is ever drawn.
    public func slot(showing page: PageIndex, near slot: Int) -> Int {
        guard loops else { return 0 }
        let pageNear = WrapMath.wrap(slot - 1, count: pageCount)
        return slot + WrapMath.shortestDelta(from: pageNear, to: page.rawValue, count: pageCount)
    }

    /// Moves the position by whole loops of N slots until it lies in `[0.25, N + 0.75]`; caps need no refill,
    /// since content is keyed by logical page and a cap shares it with its original.
    public mutating func rebase(atSlotPosition position: Double) -> Rebase? {
        guard loops else { return nil }
        let loopsToAdd: Int?
        if position < homeStart {
            loopsToAdd = WrapMath.periodsToAdd(toBring: position, into: homeStart, period: pageCount)
        } else if position > homeEnd {
            // Mirrored, so that the range is closed above: `homeEnd` itself stays put.
            loopsToAdd = WrapMath.periodsToAdd(toBring: -position, into: -homeEnd, period: pageCount).map { -$0 }
        } else {
            loopsToAdd = nil
        }
        guard let loopsToAdd, loopsToAdd != 0 else { return nil }
        return Rebase(shift: loopsToAdd * pageCount)
    }

    /// Raises nothing.
    public mutating func events(atSlotPosition position: Double) -> [PagerEvent] {
        []
    }
}
