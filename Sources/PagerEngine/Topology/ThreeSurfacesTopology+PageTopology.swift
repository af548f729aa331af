extension ThreeSurfacesTopology: PageTopology {
    /// Always `.threeSurfaces`.
    public var kind: TopologyKind { .threeSurfaces }

    /// Three slots; a single page has one.
    public var slotCount: Int { loops ? 3 : 1 }

    /// `nil` (the loop never ends); a single page rests on its slot and rubber-bands at both ends.
    public var restingSlots: ClosedRange<Int>? { loops ? nil : 0...0 }

    /// Pages settle with the paging spring.
    public var releaseBehavior: ReleaseBehavior { .paging }

    /// The middle slot, which shows the start page.
    public var startSlot: Int { loops ? 1 : 0 }

    /// Slots 0, 1, 2 show pages `c − 1, c, c + 1` wrapped; every other slot is `.empty`.
    public func content(ofSlot slot: Int) -> SlotContent {
        guard (0..<slotCount).contains(slot) else { return .empty }
        return .page(PageIndex(loops ? logicalPage(atSlot: slot) : 0))
    }

    /// `c + position − 1` reduced into `[0, N)`; for a single page the position itself, unclamped while it
    /// rubber-bands.
    public func logicalPosition(atSlotPosition position: Double) -> Double {
        loops ? WrapMath.wrap(Double(centrePage) + position - 1, count: pageCount) : position
    }

    /// `near` plus the shorter way round from its page to `page`. The slot may lie outside `0..<3`: the pager
    /// animates toward it and the strip re-bases on the way, shifting the target along with the position.
    public func slot(showing page: PageIndex, near slot: Int) -> Int {
        guard loops else { return 0 }
        return slot + WrapMath.shortestDelta(from: self.logicalPage(atSlot: slot), to: page.rawValue, count: pageCount)
    }

    /// Rotates the triple by whole pages once the position leaves `[0.25, 1.75)`, by as few pages as bring it
    /// back; refills only the slots that come in (slot 2 after one forward step, slot 0 after one backward step,
    /// all three after three or more). The range is wider than a page so that a pointer jittering at the
    /// boundary rotates once, not on every crossing; the neighbours still cover the viewport at its ends.
    public mutating func rebase(atSlotPosition position: Double) -> Rebase? {
        guard loops else { return nil }
        let bringing: Int?
        if position < Self.homeRange.lowerBound {
            bringing = WrapMath.periodsToAdd(toBring: position, into: Self.homeRange.lowerBound, period: 1)
        } else if position >= Self.homeRange.upperBound {
            bringing = WrapMath.periodsToAdd(toBring: position, into: Self.homeRange.upperBound - 1, period: 1)
        } else {
            bringing = nil
        }
        guard let shift = bringing, shift != 0 else { return nil }
        let steps = -shift
        rotate(by: steps)
        let refilledCount = min(abs(steps), 3)
        let refilledSlots = steps > 0 ? (3 - refilledCount)..<3 : 0..<refilledCount
        return Rebase(
            shift: shift,
            refills: refilledSlots.map { SlotRefill(slot: $0, page: PageIndex(logicalPage(atSlot: $0))) }
        )
    }

    /// Raises nothing.
    public mutating func events(atSlotPosition position: Double) -> [PagerEvent] {
        []
    }
}
