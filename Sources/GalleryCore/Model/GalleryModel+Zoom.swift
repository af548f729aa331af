import PagerEngine
import Support

/// The zoom seen from the gallery: the zoom is the pager screen's (`PagerScreen+Zoom`, only a pager zooms one photo);
/// the gallery reads it, routes the zoom input no screen took before it, and keeps the views' policy across page turns
/// (the zoom carried while `keepsZoom`, the one remembered, the fit mode's; `PagerScreen+Views`).
extension GalleryModel {
    /// The zoom shown now, with any animation evaluated; `nil` at fit (and outside a pager, which alone zooms).
    public var shownZoom: (photo: PhotoID, zoom: PhotoZoom)? { screen.pages?.zoom.shown(at: now) }

    /// The current scale, 1 at fit.
    public var zoomScale: Double { shownZoom?.zoom.scale ?? 1 }

    /// Whether the zoom moves by itself (an animation or a glide).
    var zoomIsMoving: Bool { screen.pages?.zoom.isMoving ?? false }

    /// A pinch or a script's zoom to `scale` at (x, y): the screen's (a pager's photo, compare's photos).
    mutating func pinch(to scale: Double, atX x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        offer(.zoomTo(scale: scale, x: x, y: y), at: time) ?? []
    }

    /// A touchpad's pinch begins with the pointer at (x, y): a pager's photo follows the fingers from here; in the grid
    /// the spread steps the thumbnail size.
    mutating func beginPinch(atX x: Double, y: Double) -> [GalleryEffect] {
        offer(.pinchBegin(x: x, y: y), at: now) ?? []
    }

    /// The pinch's spread is `spread` times its first, its centre moved by (dx, dy).
    mutating func pinch(spread: Double, dx: Double, dy: Double) -> [GalleryEffect] {
        offer(.pinch(spread: spread, dx: dx, dy: dy), at: now) ?? []
    }

    /// The pinching fingers lifted at `time`: the photo settles within its limits, then is decoded sharply.
    mutating func endPinch(at time: Double) -> [GalleryEffect] {
        offer(.pinchEnd, at: time) ?? []
    }

    /// Ctrl + wheel at (x, y): the grid steps its thumbnail size, a pager zooms the photo by `factor`.
    mutating func zoom(by factor: Double, atX x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        offer(.zoomBy(factor: factor, x: x, y: y), at: time) ?? []
    }

    /// A double-click in the middle of a pager's page: 100 % at the pointer, or back to fit.
    mutating func toggleActualSize(atX x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        let context = pagerContext
        let response = screen.withPages { $0.toggleActualSize(atX: x, y: y, at: time, context: context) }
        return carryOut(response ?? .taken, at: time) ?? []
    }

    /// The page box changed under a zoomed photo (the status bar, b): the zoom is measured from the new fit.
    mutating func refitZoom() -> [GalleryEffect] {
        let context = pagerContext
        return screen.withPages { $0.refitZoom(context) } == true ? [.sharpen] : []
    }

    /// Moves zoom animations to `time`: a zoom coming to rest is decoded sharply.
    mutating func advanceZoom(to time: Double) -> [GalleryEffect] {
        screen.withPages { $0.zoom.advance(to: time) } == .rested ? [.sharpen] : []
    }

    /// Back to fit at once (the canvas was reset).
    mutating func resetZoom() -> [GalleryEffect] {
        screen.withPages { $0.zoom.reset() }
        return [.sharpen]
    }

    /// Settling on another photo than the zoomed one resets the zoom, carrying it for the photo arrived at while
    /// `keepsZoom`; returns whether it reset.
    mutating func resetZoomIfLeft(settledOn page: PageIndex) -> Bool {
        let context = pagerContext
        guard let left = screen.withPages({ $0.leaveZoom(settledOn: page, context: context) }) else { return false }
        if views.keepsZoom { views.carriedZoom = CarriedZoom(left.zoom) }
        noteLeft(left.photo, at: left.zoom)
        return true
    }

    /// Keeps the zoom across page turns or not, as `z` toggles it (`--keep-zoom` starts with it kept).
    mutating func setKeepsZoom(_ keeps: Bool) {
        views.keepsZoom = keeps
        views.carriedZoom = nil
    }

    /// The photo at the centre of a resting pager, once decoded, takes the zoom carried over the page turn, else its
    /// remembered one, else the fit mode's (`PagerScreen+Views`), in that order.
    mutating func takeArrivalZoom() -> [GalleryEffect] {
        let context = pagerContext
        var views = self.views
        let placed = screen.withPages { pages in
            [
                pages.takeCarriedZoom(&views, context: context), pages.takeRememberedZoom(&views, context: context),
                pages.takeFitMode(&views, context: context),
            ]
        }
        self.views = views
        return (placed ?? []).filter { $0 }.map { _ in .sharpen }
    }
}
