import GalleryCore
import Imaging
import PagerEngine
import Support

/// The pager on the canvas: its pages painted (the feed's spinner and end page too), each photo fading in over its
/// placeholder, the zoomed photo with its sharp detail, a photo dragged down over the grid it goes back to or flying
/// in from its grid cell; and the strip the residency plan keeps decoded.
@MainActor
struct PagerPresenter {
    /// Draws the pages.
    let painter: ScenePainter
    /// Photos fading in over their placeholders: dropped when done by the frame step, noted before painting.
    var fadeIns = FadeIns()

    /// Each slot of `pager` on screen that shows a page, with the photo it shows (`photo` maps a page to it).
    static func shownPages(of pager: Pager, photo: (PageIndex) -> PhotoID) -> [(slot: Int, photo: PhotoID)] {
        pager.visibleSlots().compactMap { visible in
            guard case .page(let page) = visible.content else { return nil }
            return (visible.slot, photo(page))
        }
    }

    /// Draws `pager`, its `shown` slots' textures filled: the flight of a photo opening from its cell when `grid` flies
    /// one, else the pages (over the grid behind a photo dragged down), the zoomed photo as `zoomDetail` holds it sharp,
    /// a far jump's stand-in thumbnail, texts at `scale`.
    mutating func paint(
        _ pager: Pager, shown: [(slot: Int, photo: PhotoID)], grid: GridPresenter, zoomDetail: ZoomDetail,
        scale: Double, in frame: FrameContext
    ) throws {
        let model = frame.model
        if let opening = grid.openingFlight(at: frame.now) {
            try grid.paintOpening(opening, shown: shown, in: frame)
            return
        }
        let feedEnd: FeedEndContent =
            model.feedState == .failed
            ? .failed(reason: model.feed.failure ?? "unknown reason") : .loading(note: model.feed.waitingNote)
        let dismiss = model.dismissPose
        if let dismiss { try grid.paintDismissBackdrop(dismiss, in: frame) }
        let shownZoom = model.shownZoom
        let sights = try painter.prepare(
            pager: pager, store: frame.store, renderer: frame.renderer, photo: model.photo(ofPage:), feedEnd: feedEnd,
            photoBox: frame.photoBox, scale: scale, zoomed: shownZoom.flatMap { $0.zoom.isZoomed ? $0.photo : nil },
            orientation: model.orientation(of:), dismiss: dismiss)
        fadeIns.record(sights, at: frame.now)
        let thumbnails = frame.thumbnails
        try painter.paint(
            pager: pager, store: frame.store, renderer: frame.renderer, photo: model.photo(ofPage:), feedEnd: feedEnd,
            time: frame.now, photoBox: frame.photoBox, scale: scale,
            zoom: shownZoom.map { ($0.photo, $0.zoom, zoomDetail.sharp(of: $0.photo)) },
            thumbnail: { thumbnails.box == GalleryController.standInBox ? thumbnails.texture(for: $0) : nil },
            marked: model.marks.contains, orientation: model.orientation(of:), dismiss: dismiss, fades: fadeIns)
    }

    /// Where the residency plan keeps pages decoded around: `pager`'s position and velocity in pages, its page count,
    /// whether it wraps, and a far jump's stand-in (kept decoded while it slides out).
    static func strip(of pager: Pager) -> ResidencyStrip {
        ResidencyStrip(
            position: pager.logicalPosition, velocity: pager.velocity / pager.extent, pageCount: pager.pageCount,
            wraps: pager.topology.kind.wraps, standIn: pager.standInPage)
    }
}
