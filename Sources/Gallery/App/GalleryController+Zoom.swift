import GalleryCore
import PagerEngine

/// The zoom's SDL side (the model's `ZoomModel` holds the zoom and its drags): the photo's fitted size from its
/// decoded texture, and the sharp decode of the visible region once a zoom rests.
extension GalleryController {
    /// The zoom shown now, with any animation evaluated at `now`; `nil` at fit.
    var shownZoom: (photo: PhotoID, zoom: PhotoZoom)? { model.shownZoom }

    /// The zoom model of the photo at the centre at fit, once it is decoded (a failed photo does not zoom).
    func fitZoom() -> (photo: PhotoID, zoom: PhotoZoom)? {
        guard mode != .wheel else { return nil }
        let photo = photo(ofPage: pager.currentPage)
        guard store.failure(forPhoto: photo) == nil, let decoded = store.textureSize(forPhoto: photo) else {
            return nil
        }
        // Drawn at the page box's scale when pages are decoded smaller (PageBudget).
        let fitted = store.shownSize(of: decoded, in: pageBox, orientation: model.orientation(of: photo))
        let zoom = PhotoZoom(
            fittedWidth: Double(fitted.width), fittedHeight: Double(fitted.height),
            viewportWidth: pager.viewport.width, viewportHeight: pager.viewport.height,
            imageWidth: Double(imageSize(of: photo, fitted: fitted).width))
        return (photo, zoom)
    }

    /// The photo's own pixels as drawn (`fitted`'s orientation), from its header; the fitted size when unknown.
    func imageSize(of photo: PhotoID, fitted: PixelSize) -> PixelSize {
        // The header's size is before EXIF rotation: pick the sides that match the drawn photo's orientation.
        guard let size = store.decodes.statedSizes[photo] else { return fitted }
        let same = (size.width >= size.height) == (fitted.width >= fitted.height)
        return same ? size : PixelSize(width: size.height, height: size.width)
    }

    /// The status bar's facts about the photo at the centre: its own pixels and the zoom as a share of them, once
    /// it is decoded.
    var photoFacts: (size: (width: Int, height: Int)?, zoomPercent: Int?) {
        let photo = photo(ofPage: pager.currentPage)
        guard mode != .wheel, let decoded = store.textureSize(forPhoto: photo) else { return (nil, nil) }
        let fitted = store.shownSize(of: decoded, in: pageBox, orientation: model.orientation(of: photo))
        let image = imageSize(of: photo, fitted: fitted)
        let scale = shownZoom.flatMap { $0.photo == photo ? $0.zoom.scale : nil } ?? 1
        let percent = Int((Double(fitted.width) * scale / Double(max(image.width, 1)) * 100).rounded())
        return ((image.width, image.height), percent)
    }

    /// The information panel's size lines for the photo at the centre: its own pixels, and as drawn now.
    var zoomPanelLines: [String] {
        let photo = photo(ofPage: pager.currentPage)
        guard mode != .wheel, let decoded = store.textureSize(forPhoto: photo) else { return ["shown     not decoded"] }
        let fitted = store.shownSize(of: decoded, in: pageBox, orientation: model.orientation(of: photo))
        let image = imageSize(of: photo, fitted: fitted)
        let scale = shownZoom.flatMap { $0.photo == photo ? $0.zoom.scale : nil } ?? 1
        let view = model.viewLabel.map { ["view      \($0)"] } ?? []
        return GalleryModel.sizeLines(
            image: (image.width, image.height), fitted: (fitted.width, fitted.height), scale: scale) + view
    }

    /// Zooms the photo at the centre to `scale` at (x, y): at once, or with the spring.
    func zoom(to scale: Double, atX x: Double, y: Double, at time: Double, animated: Bool) {
        // The fit is measured first: the model is not to be read while it changes.
        let fit = model.zoomStartsAtFit ? fitZoom() : nil
        guard let rests = model.zoom(to: scale, atX: x, y: y, at: time, animated: animated, fit: fit) else { return }
        if rests { requestSharpness() }
        needsRedraw = true
    }

    /// The page box changed under a zoomed photo (the status bar, b): the zoom is measured from the new fit, keeping
    /// the photo's size on screen and holding the pan within its new bounds.
    func refitZoom() {
        guard let zoomed = shownZoom, let decoded = store.textureSize(forPhoto: zoomed.photo) else { return }
        let fitted = store.shownSize(of: decoded, in: pageBox, orientation: model.orientation(of: zoomed.photo))
        model.refitZoom(fittedWidth: Double(fitted.width), fittedHeight: Double(fitted.height))
        if model.zoom.rests { requestSharpness() }
    }

    /// The current scale, 1 at fit.
    var zoomScale: Double { model.zoomScale }

    /// Runs a zoom key.
    func performZoom(_ command: GalleryCommand, at time: Double) {
        let (x, y) = (pager.viewport.width / 2, pager.viewport.height / 2)
        switch command {
        case .zoomIn, .zoomOut:
            // The next of the fixed steps (`ZoomSteps`) from the zoom shown, or from the fit.
            let current = shownZoom.flatMap { $0.photo == photo(ofPage: pager.currentPage) ? $0 : nil } ?? fitZoom()
            guard let current else { return }
            let scale = ZoomSteps.next(from: current.zoom, inward: command == .zoomIn)
            zoom(to: scale, atX: x, y: y, at: time, animated: false)
        case .zoomActualSize:
            guard let fit = fitZoom() else { return }
            zoom(to: fit.zoom.actualSizeScale, atX: x, y: y, at: time, animated: true)
        case .zoomToFit: zoom(to: 1, atX: x, y: y, at: time, animated: true)
        default: break
        }
    }

    /// A double-click: 100 % at the pointer, or back to fit.
    func toggleActualSize(atX x: Double, y: Double, at time: Double) {
        guard let fit = fitZoom() else { return }
        // Away from fit (either way: a small photo's 100 % is below its fit) goes back to fit.
        let target = abs(zoomScale - 1) > 1e-6 ? 1 : fit.zoom.actualSizeScale
        zoom(to: target, atX: x, y: y, at: time, animated: true)
    }

    /// Moves zoom animations to `time`; a zoom back at fit is forgotten.
    func advanceZoom(to time: Double) {
        let progress = model.advanceZoom(to: time)
        if progress != .still { needsRedraw = true }
        if progress == .rested { requestSharpness() }
    }

    /// Once a zoom rests, the photo's visible region is decoded again at the size it is drawn at (at most its own
    /// pixels), so zooming in sharpens; until then, and around the region, the page texture is drawn scaled. The region
    /// keeps within the zoom's share of `--cache-mb` and the renderer's texture limit (`ZoomDetail.plan`).
    func requestSharpness() {
        // A turned or mirrored photo is drawn from its page texture only (the region is cut from the stored picture).
        guard model.zoom.rests, let zoomed = model.zoom.zoomed, model.orientation(of: zoomed.photo) == .upright else {
            if model.zoom.zoomed == nil { zoomDetail.clear() }
            return
        }
        let zoom = zoomed.zoom
        let scale = min(zoom.scale, zoom.actualSizeScale)
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
            budgetBytes: PageBudget.detailShare(of: cacheBytes), maximumSide: renderer.maximumTextureSide)
        zoomDetail.want(
            photo: zoomed.photo, source: library.source(forPhoto: zoomed.photo), full: plan.full, visible: plan.visible,
            region: plan.region)
    }

    /// Whether a zoom animation or glide runs.
    var zoomIsMoving: Bool { model.zoom.isMoving }

    /// Settling on another photo resets the zoom of the one left behind.
    func resetZoomIfLeft(settledOn page: PageIndex) {
        if model.resetZoomIfLeft(settledOn: page) { zoomDetail.clear() }
        takeCarriedZoom()
    }

    /// A zoom kept over a page turn (`z`) goes to the photo arrived at once it is decoded.
    func takeCarriedZoom() {
        guard model.carriedZoom != nil, let fit = fitZoom(), model.takeCarriedZoom(fit: fit) else { return }
        requestSharpness()
        needsRedraw = true
    }

    /// Back to fit at once (a resize; a mode switch resets the model's zoom itself).
    func resetZoom() {
        model.resetZoom()
        zoomDetail.clear()
    }
}
