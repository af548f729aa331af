/// A re-base of a looping strip: every position the pager holds moves by `shift` slots, in the same frame.
public struct Rebase: Equatable, Sendable {
    /// Slots to add to the position, the drag origin, animation targets and simulations.
    public var shift: Int
    /// Slots whose content changed and must be refilled (three surfaces only), with their new logical page.
    public var refills: [SlotRefill]

    /// Creates a re-base.
    public init(shift: Int, refills: [SlotRefill] = []) {
        self.shift = shift
        self.refills = refills
    }
}

/// A slot that now shows another logical page.
public struct SlotRefill: Equatable, Sendable {
    /// The slot index in the strip.
    public var slot: Int
    /// The logical page it must show now.
    public var page: PageIndex

    /// Creates a refill.
    public init(slot: Int, page: PageIndex) {
        self.slot = slot
        self.page = page
    }
}
