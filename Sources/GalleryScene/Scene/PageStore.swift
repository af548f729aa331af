import GalleryCore
import Imaging
import PagerEngine
import Support

/// Decoded pages on their way to the screen: decode requests, textures, failures and damage notes, keyed by photo
/// (`PhotoID`), under byte budgets. On the main actor, as stores hold textures.
///
/// Two schemes share this interface: `LogicalPageStore` (a texture per logical page, so an end-cap duplicate and its
/// original share one; recently shown pages stay cached within the texture budget) and `RecycledSlotStore` (three
/// slot textures refilled from decoded surfaces, for three-surface mode). Both ask the library for a page's source when
/// they request it, so a library that grows while running (the feed) needs nothing else.
@MainActor
protocol PageStore: AnyObject {
    /// The decode bookkeeping shared by both schemes.
    var decodes: PageDecodes { get }
    /// Whether textures live in three recycled slots rather than one per logical page.
    var recyclesSlots: Bool { get }

    /// Applies a residency plan: re-checks pages shown again whose file changed, decodes what is missing in priority
    /// order, cancels what is no longer wanted and keeps the caches within their budgets.
    func apply(_ plan: ResidencyPlan<PhotoID>)

    /// Forgets every decoded page (the drawn size or the renderer changed): what is shown next is decoded anew at
    /// `box`; results of earlier requests are recognised by their generation and dropped.
    func reset(box: PixelSize, renderer: (any Canvas)?)

    /// Takes finished decodes from the worker; uploads at most `budget` textures (all when nil).
    /// Returns whether anything changed on screen.
    @discardableResult
    func receive(uploadBudget budget: Int?) throws -> Bool

    /// Whether decoded surfaces still wait for an upload budget.
    var hasPendingUploads: Bool { get }

    /// Pages decoded and held (textures, surfaces).
    var decodedCount: Int { get }

    /// The upload step before painting: gives each slot shown this frame its page's texture (`shown` lists them in
    /// the strip's order). Painting then uploads no page (`texture(forPhoto:slot:)` only looks one up), though it is
    /// not read-only: the animated photo's frame is written into its texture, text and wheel cards are made as they are
    /// first drawn (`TextCache`, `WheelPainter`), and `ScenePainter` notes when each arriving photo starts to fade in.
    func fillSlots(_ shown: [(slot: Int, photo: PhotoID)]) throws

    /// The texture to draw for a page in a slot, as the uploads left it.
    func texture(forPhoto page: PhotoID, slot: Int) -> (any CanvasTexture)?

    /// The size a page is drawn at, once its texture (or surface) is ready.
    func textureSize(forPhoto page: PhotoID) -> PixelSize?

    /// Gives up every page texture, by page, for the store of the next texture scheme to adopt, so a mode switch
    /// never shows a placeholder for a photo that was on screen.
    func handOverTextures() -> [PhotoID: any CanvasTexture]

    /// Page-content textures held.
    var textureCount: Int { get }

    /// Bytes of page-content textures held.
    var textureBytes: Int { get }

    /// Bytes of decoded surfaces held (waiting for an upload, or kept to refill recycled slots).
    var decodedBytes: Int { get }
}

extension PageStore {
    /// The size each page is decoded at: exactly the size it is drawn at.
    var box: PixelSize { decodes.box }

    /// Decodes requested and not back yet.
    var pendingCount: Int { decodes.inFlight.count }

    /// Why a page could not be shown, if it failed.
    func failure(forPhoto page: PhotoID) -> DecodeFailure? { decodes.failures[page] }

    /// The placeholder's shape for a page not decoded yet: its header's size fitted into `pageBox` (the box pages
    /// are shown in), else that box.
    func placeholderSize(forPhoto page: PhotoID, in pageBox: PixelSize) -> PixelSize {
        decodes.statedSizes[page].map { $0.fitted(inside: pageBox) } ?? pageBox
    }

    /// The size a page texture of `size` is drawn at in `pageBox`. A texture fitted to the decode box (as wide or as
    /// tall) is scaled in proportion when the page box differs (the status bar, a larger scale's gap, or pages decoded
    /// at a smaller box than they are shown in, `PageBudget`). One smaller than the decode box both ways is the photo
    /// at its own pixels (`--fit down`): drawn pixel for pixel while it fits the page box, else fitted into it.
    func drawnSize(of size: PixelSize, in pageBox: PixelSize) -> PixelSize {
        guard box != pageBox, box.width > 0, box.height > 0 else { return size }
        if size.width < box.width, size.height < box.height {
            return size.width <= pageBox.width && size.height <= pageBox.height ? size : size.fitted(inside: pageBox)
        }
        let scale = min(Double(pageBox.width) / Double(box.width), Double(pageBox.height) / Double(box.height))
        return PixelSize(
            width: min(max(Int((Double(size.width) * scale).rounded()), 1), pageBox.width),
            height: min(max(Int((Double(size.height) * scale).rounded()), 1), pageBox.height))
    }

    /// The plan's pages this store keeps: `plan` itself when the pinned pages fit the store's budget at `box`, else
    /// its first pages (the current one, then the neighbour ahead) as many as fit (`PageBudget`).
    func kept(_ plan: ResidencyPlan<PhotoID>, budgetBytes: Int) -> ResidencyPlan<PhotoID> {
        let keep = PageBudget.pagesKept(box: box, budgetBytes: budgetBytes)
        return keep < PageBudget.pinnedPages
            ? ResidencyPlan<PhotoID>(required: Array(plan.required.prefix(keep))) : plan
    }

    /// Why a shown page may be incomplete (a damaged file), if it is.
    func damageNote(forPhoto page: PhotoID) -> String? { decodes.notes.damage[page] }
}

/// Makes the store for a texture scheme around `decodes` (a fresh one, or the previous store's when the scheme
/// changes, so requests in flight still land), adopting `textures` handed over by the previous store: all of them
/// per page, or those of `slotPages` (the pages the three slots show, in slot order; nil where a slot shows no
/// photo) as slot textures.
/// The store's budgets, for its textures and for its surfaces each, are the pages' share of `cacheBytes`
/// (`PageBudget.pagesShare`); the zoom and the thumbnails have shares of their own on top.
@MainActor
func makePageStore(
    recyclingSlots: Bool, decodes: PageDecodes, renderer: any Canvas, cacheBytes: Int,
    adopting textures: [PhotoID: any CanvasTexture] = [:], slotPages: [PhotoID?] = []
) -> any PageStore {
    let share = PageBudget.pagesShare(of: cacheBytes)
    return recyclingSlots
        ? RecycledSlotStore(
            decodes: decodes, renderer: renderer, surfaceBudget: share, adopting: textures, slotPages: slotPages)
        : LogicalPageStore(
            decodes: decodes, renderer: renderer, textureBudget: share, surfaceBudget: share, adopting: textures)
}
