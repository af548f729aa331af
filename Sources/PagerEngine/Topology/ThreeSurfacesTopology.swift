/// An endless loop for any number of pages with exactly three slots showing `[c − 1, c, c + 1]` (F4).
///
/// When the position leaves the home range `[0.25, 1.75)` the triple rotates one page and the position shifts one
/// slot back, mid-flight too: the two slots that stay visible keep their content (it moves with the shift) and
/// only the slot that comes in is refilled. A single page does not loop: one slot that rubber-bands at both ends.
public struct ThreeSurfacesTopology: Equatable, Sendable {
    /// The number of pages, at least one.
    public let pageCount: Int
    /// Slot positions that need no rotation (see `rebase(atSlotPosition:)`).
    static let homeRange = 0.25..<1.75
    /// The logical page shown in the middle slot.
    public private(set) var centrePage: Int

    /// Creates a loop of `pageCount` pages (at least one) centred on `startPage`, wrapped into range.
    public init(pageCount: Int, startPage: Int = 0) {
        precondition(pageCount > 0, "a pager needs at least one page")
        self.pageCount = pageCount
        self.centrePage = WrapMath.wrap(startPage, count: pageCount)
    }

    /// Whether the strip loops: a single page stays put instead of spinning through copies of itself.
    var loops: Bool { pageCount > 1 }

    /// The logical page slot `slot` would show if the strip went on for ever (slot 1 shows the centre page).
    func logicalPage(atSlot slot: Int) -> Int {
        WrapMath.wrap(centrePage + slot - 1, count: pageCount)
    }

    /// Turns the triple `steps` pages forward (backward when negative).
    mutating func rotate(by steps: Int) {
        centrePage = WrapMath.wrap(centrePage + steps % pageCount, count: pageCount)
    }
}
