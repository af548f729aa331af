import PagerEngine
import Support

/// The zoom seen from the gallery: the zoom is the pager screen's (`PagerScreen+Zoom`, only a pager zooms one photo);
/// the gallery reads it, offers it the zoom input and tells it what happened to its photo's view (`ViewEvent`,
/// `PagerScreen+ViewEvents`), and keeps the views' policy across page turns (the zoom carried while `keepsZoom`, the
/// one remembered, the fit mode's; `PagerScreen+Views`).
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
        tell(.view(.toggleActualSize(x: x, y: y)), at: time) ?? []
    }

    /// The page box changed under a zoomed photo (the status bar, b): the zoom is measured from the new fit.
    mutating func refitZoom() -> [GalleryEffect] {
        tell(.view(.pageBoxChanged), at: now) ?? []
    }

    /// Back to fit at once (the canvas was reset): every screen's pictures are decoded afresh.
    mutating func resetZoom() -> [GalleryEffect] {
        tell(.view(.canvasReset), at: now)
        return [.sharpen]
    }

    /// The strip settled off the zoomed `photo` and reset its zoom: carried for the photo arrived at while
    /// `keepsZoom`, and noted as the view `photo` was left at.
    mutating func noteZoomLeft(_ photo: PhotoID, at zoom: PhotoZoom) -> [GalleryEffect] {
        if views.keepsZoom { views.carriedZoom = CarriedZoom(zoom) }
        noteLeft(photo, at: zoom)
        return [.sharpen]
    }

    /// Keeps the zoom across page turns or not, as `z` toggles it (`--keep-zoom` starts with it kept).
    mutating func setKeepsZoom(_ keeps: Bool) {
        views.keepsZoom = keeps
        views.carriedZoom = nil
    }

    /// The photo at the centre of a resting pager, once decoded, takes the zoom carried over the page turn, else its
    /// remembered one, else the fit mode's (`PagerScreen+Views`), in that order: the views' policy, offered to the
    /// screen.
    mutating func takeArrivalZoom() -> [GalleryEffect] {
        var effects: [GalleryEffect] = []
        for offered in [ViewEvent.carriedZoomOffered, .rememberedZoomOffered, .fitModeOffered] {
            effects += tell(.view(offered), at: now) ?? []
        }
        return effects
    }
}
