import GalleryCore
import Imaging
import PagerEngine
import Support

/// What is decoded and kept: pages by the residency plan, thumbnails for the wheel, the grid and a far jump's stand-in.
extension GalleryController {
    /// Asks for what the mode shows and is about to: the wheel's or the grid's thumbnails, the pages the residency
    /// plan keeps (decoded ahead of a fling, dropped far behind).
    func updateResidency() {
        let frame = frameContext, presenter = shownPresenter
        if let strip = presenter.wantDecodes(with: drawing, in: frame),
            let plan = drawing.residency.update(
                logicalPosition: strip.position, velocity: strip.velocity, pageCount: strip.pageCount,
                wraps: strip.wraps)
        {
            // A far jump's stand-in stays decoded while it slides out.
            let pages = (plan.required + (strip.standIn.map { [$0] } ?? [])).map(photo(ofPage:))
            store.apply(ResidencyPlan<PhotoID>(required: Self.unique((strip.leading.map { [$0] } ?? []) + pages)))
        }
        presenter.keepSharp(
            detail: drawing.zoomDetail, budgetBytes: PageBudget.detailShare(of: budget.bytes), in: frame)
    }

    /// The box of a photo's stand-in thumbnail: the desktop cache's large size, stretched over the photo's shape.
    static let standInBox = PixelSize(width: 256, height: 256)

    /// A far jump lands on `page` before its photo is decoded: the screen's thumbnail of it stands in until it comes
    /// (`PagerPresenter.wantStandIn`).
    func wantStandIn(forPage page: PageIndex) {
        shownPresenter.wantStandIn(forPage: page, in: frameContext)
    }

    /// `values` without repeats, in their first order.
    static func unique<Value: Hashable>(_ values: [Value]) -> [Value] {
        var seen = Set<Value>()
        return values.filter { seen.insert($0).inserted }
    }
}
