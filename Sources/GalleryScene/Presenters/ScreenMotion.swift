import GalleryCore
import PagerEngine
import Support

/// How a screen moves, as the trace records it and the information panel shows it: its velocity, its strip's offset,
/// the page in each slot, and the wheel's row.
struct ScreenMotion {
    /// The strip's velocity, in pixels per second.
    let velocity: Double
    /// The strip's offset, in pixels.
    let offsetPixels: Double
    /// The logical page in each slot of the strip; for strips longer than 32 slots, the three around the centre.
    let slots: [Int]
    /// The wheel's current row, nil elsewhere.
    let row: Int?

    /// The motion of `pager`'s strip (the wheel's rows have one too), with the wheel's `row`.
    init(of pager: Pager, row: Int? = nil) {
        let slots: ClosedRange<Int>
        if pager.topology.slotCount <= 32 {
            slots = 0...(pager.topology.slotCount - 1)
        } else {
            let centre = Int((pager.slotPosition + 0.5).rounded(.down))
            slots = (centre - 1)...(centre + 1)
        }
        self.init(
            velocity: pager.velocity, offsetPixels: pager.offset,
            slots: slots.map { TraceRecord.slotValue(for: pager.content(ofSlot: $0)) }, row: row)
    }

    /// A screen without a strip (the grid, the compare screen), traced as a bounded strip at rest on the current
    /// photo, one slot per photo.
    init(atRestIn model: GalleryModel) {
        let count = model.photoCount, selection = model.currentPage.rawValue
        let slots = count <= 32 ? 0...max(count - 1, 0) : (selection - 1)...(selection + 1)
        self.init(
            velocity: 0, offsetPixels: model.tracePosition * model.viewport.width,
            slots: slots.map { (0..<count).contains($0) ? $0 : TraceRecord.nonPageSlot }, row: nil)
    }

    /// The motion as given.
    private init(velocity: Double, offsetPixels: Double, slots: [Int], row: Int?) {
        self.velocity = velocity
        self.offsetPixels = offsetPixels
        self.slots = slots
        self.row = row
    }
}
