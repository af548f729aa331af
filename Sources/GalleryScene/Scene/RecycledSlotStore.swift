import GalleryCore
import Imaging
import PagerEngine
import Support

/// Three-surface mode's store: exactly three slot textures, refilled from the decoded surfaces kept for the pages the
/// plan requires (within their byte budget, the current page and its neighbours always kept).
/// On the main actor, as it holds textures.
@MainActor
final class RecycledSlotStore: PageStore {
    /// A texture that a recycled slot holds, with the page it shows.
    private struct SlotTexture {
        var page: PhotoID
        var texture: any CanvasTexture
    }

    let decodes: PageDecodes
    var recyclesSlots: Bool { true }
    private var renderer: any Canvas
    private var surfaces: ByteBoundedCache<DecodedPicture>
    private var slots: [SlotTexture?] = [nil, nil, nil]
    /// The current page and its neighbours: never evicted.
    private var pinned: Set<PhotoID> = []
    /// When the budget keeps fewer pages than the plan asks for, the pages it keeps: the slots' textures of other
    /// pages go when a kept page's texture is made, not before (the photo just left stays until its replacement is
    /// ready, and comes back at once if the user turns back first).
    private var budgetKeeps: Set<PhotoID>?

    init(
        decodes: PageDecodes, renderer: any Canvas, surfaceBudget: Int, adopting: [PhotoID: any CanvasTexture] = [:],
        slotPages: [PhotoID?] = []
    ) {
        self.decodes = decodes
        self.renderer = renderer
        surfaces = ByteBoundedCache(budgetBytes: surfaceBudget)
        for (slot, page) in slotPages.prefix(3).enumerated() {
            guard let page else { continue }
            slots[slot] = adopting[page].map { SlotTexture(page: page, texture: $0) }
        }
    }

    func apply(_ fullPlan: ResidencyPlan<PhotoID>) {
        // At huge sizes only the pages that fit the budget are decoded, and the slots let go of the others' textures.
        let plan = kept(fullPlan, budgetBytes: surfaces.budgetBytes)
        budgetKeeps = plan.required.count < fullPlan.required.count ? Set(plan.required) : nil
        // Pages a slot holds need no decode until they leave the slots (a texture handed over by a mode switch).
        let resident = surfaces.photos.union(decodes.failures.keys).union(slots.compactMap { $0?.page })
            .subtracting(decodes.previewing)
        // Pages shown again are re-examined off the main thread; their pixels stay until a changed file's arrive.
        decodes.revalidate(shownAgainIn: plan, resident: resident)
        let changes = plan.changes(resident: resident, inFlight: decodes.inFlight)
        decodes.cancel(changes.cancel)
        // Memory stays bounded by the plan in this mode: what leaves it goes.
        for page in changes.drop {
            surfaces.remove(page)
        }
        decodes.request(changes.load)
        pinned = Set(plan.required.prefix(3))
        surfaces.touch(plan.required)
        surfaces.evict(keeping: pinned)
        decodes.keepAnimations(of: surfaces.photos)
    }

    func reset(box newBox: PixelSize, renderer newRenderer: (any Canvas)?) {
        decodes.reset(box: newBox)
        renderer = newRenderer ?? renderer
        surfaces.removeAll()
        slots = [nil, nil, nil]
    }

    @discardableResult
    func receive(uploadBudget budget: Int?) throws -> Bool {
        let taken = decodes.takeDecoded(into: &surfaces, keeping: pinned, holding: Set(slots.compactMap { $0?.page }))
        // A slot showing a page whose changed file arrived (or failed) is refilled: its texture is kept for the
        // refill, under a page number no page has.
        let replaced = Set(taken.arrived + taken.failed)
        for index in slots.indices where slots[index].map({ replaced.contains($0.page) }) == true {
            slots[index]?.page = -1
        }
        decodes.keepAnimations(of: surfaces.photos)
        return taken.changed
    }

    var hasPendingUploads: Bool { false }

    var decodedCount: Int { surfaces.count - surfaces.photos.intersection(decodes.previewing).count }

    /// Refills each shown slot that showed another page from the page's decoded surface, in the strip's order.
    func fillSlots(_ shown: [(slot: Int, photo: PhotoID)]) throws {
        for (slot, page) in shown {
            try fill(slot: slot, with: page)
        }
    }

    /// Gives `slot` the texture of `page`: kept when it already shows it, moved when another slot does, else
    /// uploaded from the page's surface (reusing the slot's texture when the size matches).
    private func fill(slot: Int, with page: PhotoID) throws {
        guard slots.indices.contains(slot) else { return }
        if let held = slots[slot], held.page == page { return }
        if let other = slots.firstIndex(where: { $0?.page == page }), let held = slots[other] {
            // The strip rotated: the page's texture moves to its new slot with it, uploading nothing.
            slots[other] = slots[slot]
            slots[slot] = held
            return
        }
        guard let picture = surfaces[page] else { return }
        // The replacement is ready: the budget's room goes to it, so slots showing pages it no longer keeps let go.
        if let budgetKeeps {
            for index in slots.indices where index != slot && !budgetKeeps.contains(slots[index]?.page ?? -1) {
                slots[index] = nil
            }
        }
        decodes.uploads += 1
        if let held = slots[slot], held.texture.size == picture.size {
            try held.texture.update(from: picture.pixels)
            slots[slot] = SlotTexture(page: page, texture: held.texture)
        } else {
            slots[slot] = nil  // Release the old texture before making its replacement.
            slots[slot] = SlotTexture(page: page, texture: try renderer.makeTexture(from: picture.pixels))
        }
    }

    /// The slot's texture when it shows `page` (after `fillSlots`).
    func texture(forPhoto page: PhotoID, slot: Int) -> (any CanvasTexture)? {
        guard slots.indices.contains(slot), let held = slots[slot], held.page == page else { return nil }
        return held.texture
    }

    func textureSize(forPhoto page: PhotoID) -> PixelSize? {
        slots.first { $0?.page == page }??.texture.size ?? surfaces[page]?.size
    }

    func handOverTextures() -> [PhotoID: any CanvasTexture] {
        defer { slots = [nil, nil, nil] }
        return Dictionary(
            slots.compactMap { $0.map { ($0.page, $0.texture) } }, uniquingKeysWith: { first, _ in first })
    }

    var textureCount: Int { slots.compactMap { $0 }.count }

    var textureBytes: Int { slots.compactMap { $0?.texture.byteCount }.reduce(0, +) }

    var decodedBytes: Int { surfaces.totalBytes }
}
