import GalleryCore
import Imaging
import PagerEngine
import Support

/// A texture per logical page, so an end-cap duplicate and its original share one; pages that leave the plan stay
/// cached, least recently used evicted first, while the textures fit their byte budget.
/// On the main actor, as it holds textures.
@MainActor
final class LogicalPageStore: PageStore {
    let decodes: PageDecodes
    var recyclesSlots: Bool { false }
    private var renderer: any Canvas
    private var textures: ByteBoundedCache<any CanvasTexture>
    /// Decoded surfaces waiting for an upload budget.
    private var surfaces: ByteBoundedCache<DecodedPicture>
    /// The last plan's pages, most urgent first.
    private var required: [PhotoID] = []
    /// The current page and its neighbours: never evicted.
    private var pinned: Set<PhotoID> = []

    init(
        decodes: PageDecodes, renderer: any Canvas, textureBudget: Int, surfaceBudget: Int,
        adopting: [PhotoID: any CanvasTexture] = [:]
    ) {
        self.decodes = decodes
        self.renderer = renderer
        textures = ByteBoundedCache(budgetBytes: textureBudget)
        surfaces = ByteBoundedCache(budgetBytes: surfaceBudget)
        for (page, texture) in adopting { textures.insert(texture, bytes: texture.byteCount, forPhoto: page) }
    }

    func apply(_ fullPlan: ResidencyPlan<PhotoID>) {
        // At huge sizes only the pages that fit the budget are decoded (PageBudget).
        let plan = kept(fullPlan, budgetBytes: textures.budgetBytes)
        let resident = textures.photos.union(surfaces.photos).union(decodes.failures.keys).subtracting(
            decodes.previewing)
        // Pages shown again are re-examined off the main thread; their pixels stay until a changed file's arrive.
        decodes.revalidate(shownAgainIn: plan, resident: resident)
        let changes = plan.changes(resident: resident, inFlight: decodes.inFlight)
        decodes.cancel(changes.cancel)
        // Surfaces no longer wanted are not worth an upload; textures stay cached until the budget needs their bytes.
        for page in changes.drop {
            surfaces.remove(page)
        }
        decodes.request(changes.load)
        required = plan.required
        pinned = Set(plan.required.prefix(3))
        textures.touch(plan.required)
        surfaces.touch(plan.required)
        textures.evict(keeping: pinned)
        surfaces.evict(keeping: pinned)
        decodes.keepAnimations(of: textures.photos.union(surfaces.photos))
    }

    func reset(box newBox: PixelSize, renderer newRenderer: (any Canvas)?) {
        decodes.reset(box: newBox)
        renderer = newRenderer ?? renderer
        textures.removeAll()
        surfaces.removeAll()
    }

    @discardableResult
    func receive(uploadBudget budget: Int?) throws -> Bool {
        let taken = decodes.takeDecoded(into: &surfaces, keeping: pinned, holding: textures.photos)
        // A changed file that now fails shows its error, not the old picture.
        for page in taken.failed { textures.remove(page) }
        var changed = taken.changed
        // Most urgent first: the plan's order, then anything else waiting.
        let waiting = surfaces.photos
        let order = required.filter(waiting.contains) + waiting.subtracting(required).sorted()
        var uploads = 0
        for page in order {
            if let budget, uploads >= budget { break }
            guard let picture = surfaces.remove(page) else { continue }
            // An animation's frames count against the texture budget with its texture (one texture, updated per frame).
            let frameBytes = picture.animation?.byteCount ?? 0
            textures.insert(
                try renderer.makeTexture(from: picture.pixels), bytes: picture.size.area * 4 + frameBytes,
                forPhoto: page)
            uploads += 1
            decodes.uploads += 1
            changed = true
        }
        textures.evict(keeping: pinned)
        decodes.keepAnimations(of: textures.photos.union(surfaces.photos))
        return changed
    }

    var hasPendingUploads: Bool { surfaces.count > 0 }

    var decodedCount: Int {
        textures.count + surfaces.count - textures.photos.union(surfaces.photos).intersection(decodes.previewing).count
    }

    /// Nothing to do: textures are per page, uploaded as decodes arrive (`receive(uploadBudget:)`).
    func fillSlots(_ shown: [(slot: Int, photo: PhotoID)]) {}

    func texture(forPhoto page: PhotoID, slot: Int) -> (any CanvasTexture)? { textures[page] }

    func textureSize(forPhoto page: PhotoID) -> PixelSize? { textures[page]?.size ?? surfaces[page]?.size }

    func handOverTextures() -> [PhotoID: any CanvasTexture] {
        let pages = textures.photos
        return Dictionary(uniqueKeysWithValues: pages.compactMap { page in textures.remove(page).map { (page, $0) } })
    }

    var textureCount: Int { textures.count }

    var textureBytes: Int { textures.totalBytes }

    var decodedBytes: Int { surfaces.totalBytes }
}
