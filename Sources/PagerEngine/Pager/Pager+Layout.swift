extension Pager {
    /// The slots that overlap the viewport along the paging axis, leading first.
    public func visibleSlots() -> [VisibleSlot] {
        let size = axisDimension
        let centre = size / 2
        // Slot i spans [i·e − e/2, i·e + e/2] in strip pixels; the viewport spans offset ± size/2.
        let first = Int(saturating: ((offset - centre) / extent + 0.5).rounded(.down))
        let last = Int(saturating: ((offset + centre) / extent + 0.5).rounded(.up)) - 1
        guard first <= last else { return [] }
        return (first...last).compactMap { slot in
            let origin = Double(slot) * extent - extent / 2 - offset + centre
            guard origin < size, origin + extent > 0 else { return nil }
            return VisibleSlot(slot: slot, content: content(ofSlot: slot), origin: origin, extent: extent)
        }
    }
}
