import GalleryCore
import Imaging
import PagerEngine
import Support

/// What is decoded and kept: pages by the residency plan, thumbnails for the wheel, the grid and a far jump's stand-in.
extension GalleryController {
    /// Asks for what the mode shows and is about to: the wheel's or the grid's thumbnails, the pages the residency
    /// plan keeps (decoded ahead of a fling, dropped far behind).
    func updateResidency() {
        let strip: ResidencyStrip
        switch model.screen {
        case .wheel(let wheel):
            drawing.wheel.wantThumbnails(of: wheel, in: frameContext)
            return
        case .grid(let grid, _):
            // The grid's cells, and its selection decoded at rest for the zoom into it: once the cells on screen are
            // in, since on two cores the page's decode would hold the first screen of thumbnails back.
            let wanted = drawing.grid.wantThumbnails(in: frameContext)
            guard thumbnails.hasShown(wanted.prefix(grid.layout.mostVisibleCells)) else { return }
            strip = ResidencyStrip(
                position: Double(grid.selection.rawValue), velocity: 0, pageCount: model.photoCount, wraps: false,
                standIn: nil)
        case .compare(let compare, _):
            let frame = frameContext
            drawing.compare.wantPages(of: compare, residency: &drawing.residency, in: frame)
            drawing.compare.sharpen(
                compare, detail: drawing.zoomDetail, budgetBytes: PageBudget.detailShare(of: budget.bytes), in: frame)
            return
        case .pager(let pages):
            // Behind a photo dragged down, the grid it goes back to wants its thumbnails too.
            if model.dismiss?.grid != nil { drawing.grid.wantThumbnails(in: frameContext) }
            strip = PagerPresenter.strip(of: pages.pager)
        }
        if let plan = drawing.residency.update(
            logicalPosition: strip.position, velocity: strip.velocity, pageCount: strip.pageCount, wraps: strip.wraps)
        {
            // A far jump's stand-in stays decoded while it slides out.
            let pages = plan.required + (strip.standIn.map { [$0] } ?? [])
            store.apply(ResidencyPlan<PhotoID>(required: Self.unique(pages.map(photo(ofPage:)))))
        }
    }

    /// The box of a photo's stand-in thumbnail: the desktop cache's large size, stretched over the photo's shape.
    static let standInBox = PixelSize(width: 256, height: 256)

    /// A far jump lands on `page` before its photo is decoded: the photo's thumbnail (the desktop's cache, else a small
    /// decode, much quicker than the page's) stands in until it comes. Asked on a jump only, so paging page by page
    /// decodes nothing more; the last jump's stand-in is dropped.
    func wantStandIn(forPage page: PageIndex) {
        guard case .pager(let pages) = model.screen, page.rawValue < pages.pager.pageCount else { return }
        let photo = photo(ofPage: page)
        guard photo.rawValue < library.count, store.textureSize(forPhoto: photo) == nil,
            store.failure(forPhoto: photo) == nil
        else { return }
        if thumbnails.texture(for: photo) == nil { thumbnails.removeAll(box: Self.standInBox) }
        thumbnails.want([photo], size: Self.standInBox)
    }

    /// `values` without repeats, in their first order.
    static func unique<Value: Hashable>(_ values: [Value]) -> [Value] {
        var seen = Set<Value>()
        return values.filter { seen.insert($0).inserted }
    }
}
