import PagerEngine
import Support

/// The zoom of the photo at the centre, decided here from the fits the adapter measured (`facts.fits`): the zoom
/// keys, a pinch or Ctrl + wheel, the double-click's 100 % and back, the status bar refitting a zoomed photo, and the
/// zoom a page turn carries while `keepsZoom`. Each returns `.sharpen` when the adapter should decode the zoomed
/// region afresh.
extension GalleryModel {
    /// The zoom shown now, with any animation evaluated; `nil` at fit.
    public var shownZoom: (photo: PhotoID, zoom: PhotoZoom)? { zoom.shown(at: now) }

    /// The current scale, 1 at fit.
    public var zoomScale: Double { shownZoom?.zoom.scale ?? 1 }

    /// `photo`'s zoom at fit in the page box shown now, once decoded, in the pager modes (the wheel's rows and the
    /// grid's cells do not zoom).
    func fit(of photo: PhotoID) -> PhotoZoom? {
        guard case .pager = screen, let fit = facts.fits[photo] else { return nil }
        return overlays.showsStatusBar ? fit.withStatusBar : fit.bare
    }

    /// The zoom of the photo at the centre now: as shown, or at fit when it is not the zoomed one.
    private var currentZoom: (photo: PhotoID, zoom: PhotoZoom)? {
        let photo = currentPhoto
        if let shown = shownZoom, shown.photo == photo { return shown }
        return fit(of: photo).map { (photo, $0) }
    }

    /// Zooms the photo at the centre to `scale` at (x, y), from where it is shown or from its fit: at once, or with
    /// the spring. Nothing while a drag moves the strip or pans, or for a photo not decoded (or failed).
    mutating func zoom(to scale: Double, atX x: Double, y: Double, at time: Double, animated: Bool) -> [GalleryEffect] {
        guard phase != .dragging, !zoom.isPanning, let current = currentZoom else { return [] }
        let rests = zoom.zoom(current, to: scale, atX: x, y: y, at: time, animated: animated)
        return rests ? [.sharpen] : []
    }

    /// A pinch or a script's zoom to `scale` at (x, y) (the grid has no zoom).
    mutating func pinch(to scale: Double, atX x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        if let effects = offer(.zoomTo(scale: scale, x: x, y: y), at: time) { return effects }
        return zoom(to: scale, atX: x, y: y, at: time, animated: false)
    }

    /// A touchpad's pinch begins with the pointer at (x, y): the photo at the centre of a pager at rest (as shown, or
    /// at fit) follows the fingers from here; in the grid the spread steps the thumbnail size.
    mutating func beginPinch(atX x: Double, y: Double) -> [GalleryEffect] {
        if let effects = offer(.pinchBegin(x: x, y: y), at: now) { return effects }
        guard phase == .idle, !zoom.isPanning, let current = currentZoom else { return [] }
        zoom.beginPinch(current, atX: x, y: y)
        return []
    }

    /// The pinch's spread is `spread` times its first, its centre moved by (dx, dy).
    mutating func pinch(spread: Double, dx: Double, dy: Double) -> [GalleryEffect] {
        if let effects = offer(.pinch(spread: spread), at: now) { return effects }
        zoom.pinch(spread: spread, dx: dx, dy: dy)
        return []
    }

    /// The pinching fingers lifted at `time`: the photo settles within its limits, then is decoded sharply.
    mutating func endPinch(at time: Double) -> [GalleryEffect] {
        if let effects = offer(.pinchEnd, at: time) { return effects }
        return zoom.endPinch(at: time) ? [.sharpen] : []
    }

    /// Ctrl + wheel at (x, y): the grid steps its thumbnail size, a pager zooms the photo by `factor`.
    mutating func zoom(by factor: Double, atX x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        if let effects = offer(.zoomBy(factor: factor, x: x, y: y), at: time) { return effects }
        return zoom(to: zoomScale * factor, atX: x, y: y, at: time, animated: false)
    }

    /// A zoom key at the window's centre: the next of the fixed steps (`ZoomSteps`) in or out, 100 %, or fit.
    mutating func zoomKey(_ command: GalleryCommand, at time: Double) -> [GalleryEffect] {
        let (x, y) = (viewport.width / 2, viewport.height / 2)
        switch command {
        case .zoomIn, .zoomOut:
            guard let current = currentZoom else { return [] }
            let scale = ZoomSteps.next(from: current.zoom, inward: command == .zoomIn)
            return zoom(to: scale, atX: x, y: y, at: time, animated: false)
        case .zoomActualSize:
            guard let fit = fit(of: currentPhoto) else { return [] }
            return zoom(to: fit.actualSizeScale, atX: x, y: y, at: time, animated: true)
        case .zoomToFit: return zoom(to: 1, atX: x, y: y, at: time, animated: true)
        default: return []
        }
    }

    /// A double-click: 100 % at the pointer, or back to fit from any other zoom (a small photo's 100 % is below its
    /// fit).
    mutating func toggleActualSize(atX x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        guard let fit = fit(of: currentPhoto) else { return [] }
        let target = abs(zoomScale - 1) > 1e-6 ? 1 : fit.actualSizeScale
        return zoom(to: target, atX: x, y: y, at: time, animated: true)
    }

    /// The page box changed under a zoomed photo (the status bar, b): the zoom is measured from the new fit, keeping
    /// the photo's size on screen and holding the pan within its new bounds.
    mutating func refitZoom() -> [GalleryEffect] {
        guard let zoomed = shownZoom, let fit = facts.fits[zoomed.photo] else { return [] }
        let fitted = overlays.showsStatusBar ? fit.withStatusBar : fit.bare
        zoom.refit(fittedWidth: fitted.fittedWidth, fittedHeight: fitted.fittedHeight, at: now)
        return zoom.rests ? [.sharpen] : []
    }

    /// Moves zoom animations to `time`: a zoom coming to rest is decoded sharply.
    mutating func advanceZoom(to time: Double) -> [GalleryEffect] {
        zoom.advance(to: time) == .rested ? [.sharpen] : []
    }

    /// Back to fit at once (a resize).
    mutating func resetZoom() -> [GalleryEffect] {
        zoom.reset()
        return [.sharpen]
    }

    /// Settling on another photo than the zoomed one resets the zoom, carrying it for the photo arrived at while
    /// `keepsZoom`; returns whether it reset.
    mutating func resetZoomIfLeft(settledOn page: PageIndex) -> Bool {
        guard let zoomed = zoom.shown(at: now), zoomed.photo != photo(ofPage: page) else { return false }
        if views.keepsZoom { views.carriedZoom = CarriedZoom(zoomed.zoom) }
        noteLeft(zoomed.photo, at: zoomed.zoom)
        zoom.reset()
        return true
    }

    /// Keeps the zoom across page turns or not, as `z` toggles it (`--keep-zoom` starts with it kept).
    mutating func setKeepsZoom(_ keeps: Bool) {
        views.keepsZoom = keeps
        views.carriedZoom = nil
    }

    /// Gives the carried zoom to the photo at the centre of a resting pager once it is decoded, measured from its
    /// fit: the same share of its own pixels and of its pan room.
    mutating func takeCarriedZoom() -> [GalleryEffect] {
        guard let carried = views.carriedZoom, phase == .idle, pager != nil, let fit = fit(of: currentPhoto) else {
            return []
        }
        views.carriedZoom = nil
        zoom.place(currentPhoto, at: carried.applied(to: fit))
        return [.sharpen]
    }
}
