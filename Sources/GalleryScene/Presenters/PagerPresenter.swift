import GalleryCore
import Imaging
import PagerEngine
import Support

/// The pager on the canvas: its pages painted (the feed's spinner and end page too), each photo fading in over its
/// placeholder, the zoomed photo with its sharp detail, a photo dragged down over the grid it goes back to or flying
/// in from its grid cell; and the strip the residency plan keeps decoded.
@MainActor
struct PagerPresenter: ScreenPresenter {
    /// Draws the pages.
    let painter: ScenePainter
    /// Photos fading in over their placeholders: dropped when done by the frame step, noted before painting.
    let fadeIns = FadeInsRecord()

    /// The pager shown, when the screen is a pager.
    private static func pager(in frame: FrameContext) -> Pager? {
        guard case .pager(let pages) = frame.model.screen else { return nil }
        return pages.pager
    }

    /// Each slot of `pager` on screen that shows a page, with the photo it shows (`photo` maps a page to it).
    static func shownPages(of pager: Pager, photo: (PageIndex) -> PhotoID) -> [(slot: Int, photo: PhotoID)] {
        pager.visibleSlots().compactMap { visible in
            guard case .page(let page) = visible.content else { return nil }
            return (visible.slot, photo(page))
        }
    }

    /// The page upload step before painting: the slots shown get their pages' textures (and `upload` an animation's
    /// frame), so painting uploads no page (it still makes text textures and notes fades: `PageStore.fillSlots`).
    func paint(
        with drawing: SceneDrawing, scale: Double, in frame: FrameContext,
        upload: ([(slot: Int, photo: PhotoID)]) throws -> Void
    ) throws {
        guard let pager = Self.pager(in: frame) else { return }
        let shown = Self.shownPages(of: pager, photo: frame.model.photo(ofPage:))
        try frame.store.fillSlots(shown)
        try upload(shown)
        try paint(pager, shown: shown, grid: drawing.grid, zoomDetail: drawing.zoomDetail, scale: scale, in: frame)
    }

    /// Draws `pager`, its `shown` slots' textures filled: the flight of a photo opening from its cell when `grid` flies
    /// one, else the pages (over the grid behind a photo dragged down), the zoomed photo as `zoomDetail` holds it sharp,
    /// a far jump's stand-in thumbnail, texts at `scale`.
    private func paint(
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
        fadeIns.fades.record(sights, at: frame.now)
        let thumbnails = frame.thumbnails
        try painter.paint(
            pager: pager, store: frame.store, renderer: frame.renderer, photo: model.photo(ofPage:), feedEnd: feedEnd,
            time: frame.now, photoBox: frame.photoBox, scale: scale,
            zoom: shownZoom.map { ($0.photo, $0.zoom, zoomDetail.sharp(of: $0.photo)) },
            thumbnail: { thumbnails.box == GalleryController.standInBox ? thumbnails.texture(for: $0) : nil },
            marked: model.marks.contains, orientation: model.orientation(of:), dismiss: dismiss, fades: fadeIns.fades)
    }

    /// Where the residency plan keeps pages decoded around: `pager`'s position and velocity in pages, its page count,
    /// whether it wraps, and a far jump's stand-in (kept decoded while it slides out).
    /// Behind a photo dragged down, the grid it goes back to wants its thumbnails too.
    func wantDecodes(with drawing: SceneDrawing, in frame: FrameContext) -> ResidencyStrip? {
        if frame.model.dismiss?.grid != nil { drawing.grid.wantThumbnails(in: frame) }
        guard let pager = Self.pager(in: frame) else { return nil }
        return ResidencyStrip(
            position: pager.logicalPosition, velocity: pager.velocity / pager.extent, pageCount: pager.pageCount,
            wraps: pager.topology.kind.wraps, standIn: pager.standInPage)
    }

    /// The fits of the decoded photos at the centre (the current photo, and the one queued keys head for, which a
    /// settling strip arrives at): what the model zooms from.
    func decodedFits(
        in frame: FrameContext, fit: (PhotoID, PixelSize) -> FrameFacts.Fit
    ) -> [PhotoID: FrameFacts.Fit] {
        var fits: [PhotoID: FrameFacts.Fit] = [:]
        for photo in [frame.model.currentPhoto, frame.model.targetPhoto] where fits[photo] == nil {
            guard frame.store.failure(forPhoto: photo) == nil, let decoded = frame.store.textureSize(forPhoto: photo)
            else { continue }
            fits[photo] = fit(photo, decoded)
        }
        return fits
    }

    /// The pager's strip as it moves.
    func motion(in frame: FrameContext) -> ScreenMotion {
        Self.pager(in: frame).map { ScreenMotion(of: $0) } ?? ScreenMotion(atRestIn: frame.model)
    }

    /// The photos in the pager's first three slots.
    func slotPhotos(in frame: FrameContext) -> [PhotoID?] {
        Self.slotPhotos(of: Self.pager(in: frame), in: frame)
    }

    /// The photo each of `pager`'s first three slots shows (nil: none, or no pager).
    static func slotPhotos(of pager: Pager?, in frame: FrameContext) -> [PhotoID?] {
        (0..<3).map { slot in
            if case .page(let page)? = pager?.content(ofSlot: slot) { return frame.model.photo(ofPage: page) }
            return nil
        }
    }

    /// A far jump lands on `page` before its photo is decoded: the photo's thumbnail (the desktop's cache, else a
    /// small decode, much quicker than the page's) stands in until it comes. Asked on a jump only, so paging page by
    /// page decodes nothing more; the last jump's stand-in is dropped.
    func wantStandIn(forPage page: PageIndex, in frame: FrameContext) {
        guard let pager = Self.pager(in: frame), page.rawValue < pager.pageCount else { return }
        let photo = frame.model.photo(ofPage: page)
        guard photo.rawValue < frame.library.count, frame.store.textureSize(forPhoto: photo) == nil,
            frame.store.failure(forPhoto: photo) == nil
        else { return }
        let box = GalleryController.standInBox
        if frame.thumbnails.texture(for: photo) == nil { frame.thumbnails.removeAll(box: box) }
        frame.thumbnails.want([photo], size: box)
    }

    /// Drops the fades complete at `time`.
    func advanceFades(to time: Double) -> Bool { fadeIns.fades.advance(to: time) }

    /// Whether a photo is still fading in at `time`.
    func isFadingIn(at time: Double) -> Bool { fadeIns.fades.isFadingIn(at: time) }

    /// Brings the sharp region in line with the zoom (`GalleryEffect.sharpen`): nothing zoomed drops it; once a zoom
    /// rests, the photo's visible region is decoded again at the size it is drawn at (at most its own pixels), so
    /// zooming in sharpens; until then, and around the region, the page texture is drawn scaled. The region keeps
    /// within `budgetBytes` (the zoom's share of `--cache-mb`) and the renderer's texture limit (`ZoomDetail.plan`).
    func sharpen(detail: ZoomDetail, budgetBytes: Int, in frame: FrameContext) {
        let model = frame.model
        // A turned or mirrored photo is drawn from its page texture only (the region is cut from the stored picture).
        let pagerZoom = model.screen.pages?.zoom
        guard pagerZoom?.rests == true, let zoomed = pagerZoom?.zoomed, model.orientation(of: zoomed.photo) == .upright,
            let pager = Self.pager(in: frame)
        else {
            if pagerZoom?.zoomed == nil { detail.clear() }
            return
        }
        let zoom = zoomed.zoom
        // A photo's own pixels end its sharpening; an SVG is drawn again at any zoom (within the region's budget).
        let source = frame.library.source(forPhoto: zoomed.photo)
        let scale = source.isVector ? zoom.scale : min(zoom.scale, zoom.actualSizeScale)
        guard scale > 1 + 1e-6 else { return }
        // The zoomed picture in the current slot's coordinates (the pager is at rest when a zoom rests).
        let (left, top, drawnWidth, drawnHeight) = zoom.drawnFrame(
            inSlotX: 0, y: 0, width: pager.extent, height: pager.viewport.height)
        let full = PixelSize(
            width: max(Int((zoom.fittedWidth * scale).rounded()), 1),
            height: max(Int((zoom.fittedHeight * scale).rounded()), 1))
        // What the slot shows of it, in the pixels of the picture at `full`, widened to whole pixels.
        let toFullX = Double(full.width) / drawnWidth, toFullY = Double(full.height) / drawnHeight
        let x0 = max(Int((max(-left, 0) * toFullX).rounded(.down)), 0)
        let y0 = max(Int((max(-top, 0) * toFullY).rounded(.down)), 0)
        let x1 = min(Int((min(pager.extent - left, drawnWidth) * toFullX).rounded(.up)), full.width)
        let y1 = min(Int((min(pager.viewport.height - top, drawnHeight) * toFullY).rounded(.up)), full.height)
        guard x1 > x0, y1 > y0 else { return }
        let plan = ZoomDetail.plan(
            visible: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), full: full, budgetBytes: budgetBytes,
            maximumSide: frame.renderer.maximumTextureSide)
        detail.want(
            photo: zoomed.photo, source: source, full: plan.full, visible: plan.visible, region: plan.region)
    }
}
