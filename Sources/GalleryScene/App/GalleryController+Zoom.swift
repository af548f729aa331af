import GalleryCore
import Imaging
import PagerEngine
import Support

/// The zoom's drawing side (the model decides the zoom): the fits of the decoded photos it decides from, the status bar's
/// and the panel's sizes, and the sharp decode of the visible region once a zoom rests.
extension GalleryController {
    /// The zoom shown now, with any animation evaluated at `now`; `nil` at fit.
    var shownZoom: (photo: PhotoID, zoom: PhotoZoom)? { model.shownZoom }

    /// The fits of the decoded photos at the centre of a pager (the current photo, and the one queued keys head for,
    /// which a settling strip arrives at), in the page box without and with the status bar: what the model zooms from.
    func decodedFits() -> [PhotoID: FrameFacts.Fit] {
        guard model.screen.isPager else { return [:] }
        var fits: [PhotoID: FrameFacts.Fit] = [:]
        for photo in [model.currentPhoto, model.targetPhoto] where fits[photo] == nil {
            guard store.failure(forPhoto: photo) == nil, let decoded = store.textureSize(forPhoto: photo) else {
                continue
            }
            fits[photo] = FrameFacts.Fit(
                bare: fitZoom(photo, decoded: decoded, in: photoBox(statusBar: false).size),
                withStatusBar: fitZoom(photo, decoded: decoded, in: photoBox(statusBar: true).size))
        }
        return fits
    }

    /// `photo`'s zoom at fit in `box`, decoded at `decoded` (drawn at the box's scale when pages are decoded smaller,
    /// `PageBudget`), measured on the photo as turned.
    private func fitZoom(_ photo: PhotoID, decoded: PixelSize, in box: PixelSize) -> PhotoZoom {
        let fitted = store.shownSize(of: decoded, in: box, orientation: model.orientation(of: photo))
        return PhotoZoom(
            fittedWidth: Double(fitted.width), fittedHeight: Double(fitted.height),
            viewportWidth: model.viewport.width, viewportHeight: model.viewport.height,
            imageWidth: Double(imageSize(of: photo, fitted: fitted).width))
    }

    /// The photo's own pixels as drawn (`fitted`'s orientation), from its header; the fitted size when unknown.
    func imageSize(of photo: PhotoID, fitted: PixelSize) -> PixelSize {
        // The header's size is before EXIF rotation: pick the sides that match the drawn photo's orientation.
        guard let size = store.decodes.statedSizes[photo] else { return fitted }
        let same = (size.width >= size.height) == (fitted.width >= fitted.height)
        return same ? size : PixelSize(width: size.height, height: size.width)
    }

    /// The current photo's size as fitted and its own pixels, once it is decoded; nil in the wheel, whose rows are
    /// thumbnails.
    private var currentSizes: (fitted: PixelSize, image: PixelSize)? {
        if case .wheel = model.screen { return nil }
        let photo = model.currentPhoto
        guard let decoded = store.textureSize(forPhoto: photo) else { return nil }
        let fitted = store.shownSize(of: decoded, in: pageBox, orientation: model.orientation(of: photo))
        return (fitted, imageSize(of: photo, fitted: fitted))
    }

    /// The scale the current photo is shown at, 1 at fit.
    private var currentScale: Double {
        shownZoom.flatMap { $0.photo == model.currentPhoto ? $0.zoom.scale : nil } ?? 1
    }

    /// The status bar's facts about the photo at the centre: its own pixels and the zoom as a share of them, once
    /// it is decoded.
    var photoFacts: (size: (width: Int, height: Int)?, zoomPercent: Int?) {
        guard let (fitted, image) = currentSizes else { return (nil, nil) }
        let percent = Int((Double(fitted.width) * currentScale / Double(max(image.width, 1)) * 100).rounded())
        return ((image.width, image.height), percent)
    }

    /// The information panel's size lines for the photo at the centre: its own pixels, and as drawn now.
    var zoomPanelLines: [String] {
        guard let (fitted, image) = currentSizes else { return ["shown     not decoded"] }
        let view = model.viewLabel.map { ["view      \($0)"] } ?? []
        return GalleryModel.sizeLines(
            image: (image.width, image.height), fitted: (fitted.width, fitted.height), scale: currentScale) + view
    }

    /// The current scale, 1 at fit.
    var zoomScale: Double { model.zoomScale }

    /// Brings the sharp region in line with the zoom (`GalleryEffect.sharpen`): nothing zoomed drops it; once a zoom
    /// rests, the photo's visible region is decoded again at the size it is drawn at (at most its own pixels), so
    /// zooming in sharpens; until then, and around the region, the page texture is drawn scaled. The region keeps
    /// within the zoom's share of `--cache-mb` and the renderer's texture limit (`ZoomDetail.plan`).
    func requestSharpness() {
        // The compare screen's regions follow its zoom each frame (`ComparePresenter.sharpen`); one held stays over a
        // turn, as it is cut from the stored picture and drawn turned.
        if model.compare != nil { return }
        // A turned or mirrored photo is drawn from its page texture only (the region is cut from the stored picture).
        guard model.zoom.rests, let zoomed = model.zoom.zoomed, model.orientation(of: zoomed.photo) == .upright,
            let pager = model.pager
        else {
            if model.zoom.zoomed == nil { drawing.zoomDetail.clear() }
            return
        }
        let zoom = zoomed.zoom
        // A photo's own pixels end its sharpening; an SVG is drawn again at any zoom (within the region's budget).
        let source = library.source(forPhoto: zoomed.photo)
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
            visible: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), full: full,
            budgetBytes: PageBudget.detailShare(of: budget.bytes), maximumSide: renderer.maximumTextureSide)
        drawing.zoomDetail.want(
            photo: zoomed.photo, source: source, full: plan.full, visible: plan.visible,
            region: plan.region)
    }
}
