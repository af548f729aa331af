/// A slot that overlaps the viewport, with where to draw it.
public struct VisibleSlot: Equatable, Sendable {
    /// The slot index in the strip (unwrapped in the wheel).
    public var slot: Int
    /// What it shows.
    public var content: SlotContent
    /// The slot's leading edge along the paging axis, in viewport pixels (may be negative).
    public var origin: Double
    /// The slot's size along the paging axis, in pixels.
    public var extent: Double
}
