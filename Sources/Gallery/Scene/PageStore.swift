import PagerEngine

/// Decoded pages on their way to the screen: decode requests, textures and failures, keyed by logical page.
///
/// Textures are keyed by logical page, never by slot, so an end-cap duplicate and its original share
/// one. In three-surface mode the store instead keeps exactly three slot textures, refilled from the
/// decoded surfaces it keeps for the resident pages. Main thread only.
final class PageStore {
    private let worker: DecodeWorker
    /// Where each page's pixels come from (grows when a feed adds files).
    var library: PageLibrary
    /// The renderer textures are made on; replaced, with a reset, when a headless target changes size.
    private var renderer: Renderer
    /// The size each page is decoded at: exactly the size it is drawn at.
    private(set) var box: PixelSize
    /// Whether textures live in three recycled slots (three-surface mode) rather than one per logical page.
    private(set) var recyclesSlots: Bool
    private var generation = 0

    private var textures: [Int: Texture] = [:]
    private var surfaces: [Int: Surface] = [:]
    private var failures: [Int: DecodeFailure] = [:]
    private var inFlight: Set<Int> = []
    private var slots: [SlotTexture?] = [nil, nil, nil]

    /// A texture that a recycled slot holds, with the page it shows.
    private struct SlotTexture {
        var page: Int
        var texture: Texture
    }

    init(worker: DecodeWorker, library: PageLibrary, renderer: Renderer, box: PixelSize, recyclesSlots: Bool) {
        self.worker = worker
        self.renderer = renderer
        self.library = library
        self.box = box
        self.recyclesSlots = recyclesSlots
    }

    // MARK: Residency

    /// Pages decoded or waiting to be uploaded (failures count as resident: they are not retried).
    private var resident: Set<Int> {
        Set(textures.keys).union(surfaces.keys).union(failures.keys).union(slots.compactMap { $0?.page })
    }

    /// When each page's picture arrived, for its fade-in.
    private(set) var arrivals: [Int: Double] = [:]

    /// Applies a residency plan: decode what is missing in priority order, drop and cancel the rest.
    func apply(_ plan: ResidencyPlan) {
        let changes = plan.changes(resident: resident, inFlight: inFlight)
        if !changes.cancel.isEmpty {
            worker.cancel(pages: changes.cancel)
            inFlight.subtract(changes.cancel)
        }
        for page in changes.drop {
            textures[page] = nil
            surfaces[page] = nil
            arrivals[page] = nil
        }
        for page in changes.load {
            inFlight.insert(page)
            worker.submit(
                DecodeRequest(page: page, source: library.source(forPage: page), box: box, generation: generation))
        }
    }

    /// Changes the texture scheme keeping what is decoded, so the photo on screen never blinks: slot textures become
    /// per-page textures, or the textures of the pages the three slots show (`slotPages`, slot order) become the
    /// slot textures; other per-page textures are let go (three-surface mode holds three).
    func changeScheme(recyclesSlots newScheme: Bool, slotPages: [Int]) {
        guard newScheme != recyclesSlots else { return }
        recyclesSlots = newScheme
        if newScheme {
            slots = slotPages.prefix(3).map { page in textures[page].map { SlotTexture(page: page, texture: $0) } }
            while slots.count < 3 { slots.append(nil) }
            textures.removeAll()
        } else {
            for held in slots.compactMap({ $0 }) { textures[held.page] = held.texture }
            slots = [nil, nil, nil]
        }
    }

    /// Forgets every decoded page (the drawn size or the texture scheme changed): what is shown next is decoded
    /// anew at `box`; results of earlier requests are recognised by their generation and dropped.
    func reset(box newBox: PixelSize, recyclesSlots newScheme: Bool? = nil, renderer newRenderer: Renderer? = nil) {
        worker.cancelAll()
        renderer = newRenderer ?? renderer
        generation += 1
        box = newBox
        recyclesSlots = newScheme ?? recyclesSlots
        textures.removeAll()
        surfaces.removeAll()
        failures.removeAll()
        arrivals.removeAll()
        inFlight.removeAll()
        slots = [nil, nil, nil]
    }

    /// Takes finished decodes from the worker at `time`; uploads at most `budget` textures (all when nil).
    /// Returns whether anything changed on screen.
    @discardableResult
    func receive(uploadBudget budget: Int?, at time: Double) throws -> Bool {
        var changed = false
        for result in worker.drainResults() {
            guard result.request.generation == generation, inFlight.remove(result.page) != nil else { continue }
            switch result.outcome {
            case .success(let surface):
                surfaces[result.page] = surface
                arrivals[result.page] = time
            case .failure(let failure): failures[result.page] = failure
            }
            changed = true
        }
        guard !recyclesSlots else { return changed }
        // One texture per logical page: upload, then let the surface go.
        var uploads = 0
        for page in surfaces.keys.sorted() {
            if let budget, uploads >= budget { break }
            guard let surface = surfaces.removeValue(forKey: page) else { continue }
            textures[page] = try renderer.makeTexture(from: surface)
            uploads += 1
            changed = true
        }
        return changed
    }

    /// Whether decoded surfaces still wait for an upload budget.
    var hasPendingUploads: Bool { !recyclesSlots && !surfaces.isEmpty }

    /// Decodes requested and not back yet.
    var pendingCount: Int { inFlight.count }

    /// Pages decoded and held (textures, surfaces).
    var decodedCount: Int { textures.count + surfaces.count }

    // MARK: Drawing

    /// The texture to draw for a page in a slot, refilling a recycled slot from the decoded surfaces.
    func texture(forPage page: Int, slot: Int) throws -> Texture? {
        guard recyclesSlots else { return textures[page] }
        guard slots.indices.contains(slot) else { return nil }
        if let held = slots[slot], held.page == page { return held.texture }
        if let adopted = slots.firstIndex(where: { $0?.page == page }), let held = slots[adopted] {
            // The page moved to another slot (the strip rotated): its texture moves with it.
            slots[adopted] = slots[slot]
            slots[slot] = held
            return held.texture
        }
        guard let surface = surfaces[page] else { return nil }
        if let held = slots[slot], held.texture.size == surface.size {
            try held.texture.update(from: surface)
            slots[slot] = SlotTexture(page: page, texture: held.texture)
        } else {
            slots[slot] = nil  // Release the old texture before making its replacement.
            slots[slot] = SlotTexture(page: page, texture: try renderer.makeTexture(from: surface))
        }
        return slots[slot]?.texture
    }

    /// The size a page is drawn at, once it is decoded.
    func textureSize(forPage page: Int) -> PixelSize? {
        if let texture = textures[page] { return texture.size }
        return surfaces[page]?.size ?? slots.first { $0?.page == page }??.texture.size
    }

    /// Why a page could not be shown, if it failed.
    func failure(forPage page: Int) -> DecodeFailure? { failures[page] }

    /// Page-content textures held (three at most when slots are recycled).
    var textureCount: Int { recyclesSlots ? slots.compactMap { $0 }.count : textures.count }

    /// Bytes of page-content textures held.
    var textureBytes: Int {
        recyclesSlots
            ? slots.compactMap { $0?.texture.byteCount }.reduce(0, +)
            : textures.values.map(\.byteCount).reduce(0, +)
    }
}
