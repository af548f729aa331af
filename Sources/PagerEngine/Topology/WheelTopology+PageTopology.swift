extension WheelTopology: PageTopology {
    /// Always `.wheel`.
    public var kind: TopologyKind { .wheel }

    /// The number of rows.
    public var pageCount: Int { rowCount }

    /// Vertical: the rows ride up and down the arc.
    public var axis: PagingAxis { .vertical }

    /// One slot per row; slots outside `0..<N` repeat them.
    public var slotCount: Int { rowCount }

    /// `nil` (the list never ends); a single row rests on its slot and rubber-bands at both ends.
    public var restingSlots: ClosedRange<Int>? { spins ? nil : 0...0 }

    /// Free deceleration (UIKit's table), snapping to a row if asked.
    public var releaseBehavior: ReleaseBehavior { .freeScroll(snapsToSlot: snapsToRow) }

    /// Row `slot` wrapped, for every integer; a single row shows only in slot 0.
    public func content(ofSlot slot: Int) -> SlotContent {
        if spins { return .page(PageIndex(WrapMath.wrap(slot, count: rowCount))) }
        return slot == 0 ? .page(0) : .empty
    }

    /// The position reduced into `[0, N)`; for a single row the position itself, unclamped while it rubber-bands.
    public func logicalPosition(atSlotPosition position: Double) -> Double {
        spins ? WrapMath.wrap(position, count: rowCount) : position
    }

    /// `near` plus the shorter way round from its row to `page`.
    public func slot(showing page: PageIndex, near slot: Int) -> Int {
        guard spins else { return 0 }
        let rowNear = WrapMath.wrap(slot, count: rowCount)
        return slot + WrapMath.shortestDelta(from: rowNear, to: page.rawValue, count: rowCount)
    }

    /// Moves the position by whole turns of N rows until it lies in `[0, N)`; nothing needs a refill.
    public mutating func rebase(atSlotPosition position: Double) -> Rebase? {
        guard spins,
            let turns = WrapMath.periodsToAdd(toBring: position, into: 0, period: rowCount),
            turns != 0
        else { return nil }
        return Rebase(shift: turns * rowCount)
    }

    /// Raises nothing.
    public mutating func events(atSlotPosition position: Double) -> [PagerEvent] {
        []
    }
}
