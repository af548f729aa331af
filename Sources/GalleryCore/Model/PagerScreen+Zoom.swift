import PagerEngine
import Support

/// The zoom of the photo at the centre of the strip, decided from the fits the adapter measured (`PagerContext`): the
/// zoom keys, a pinch or Ctrl + wheel, the double-click's 100 % and back, the pan keys, the status bar refitting a
/// zoomed photo. A zoom that rests at once answers `.sharpen`: the adapter decodes the zoomed region afresh.
extension PagerScreen {
    /// The zoom of the photo at the centre now: as shown, or at fit when it is not the zoomed one; nil for a photo not
    /// decoded (or failed).
    private func currentZoom(_ context: PagerContext) -> (photo: PhotoID, zoom: PhotoZoom)? {
        let photo = centrePhoto(context)
        if let shown = zoom.shown(at: context.now), shown.photo == photo { return shown }
        return context.fit(of: photo).map { (photo, $0) }
    }

    /// Zooms the photo at the centre to `scale` at (x, y), from where it is shown or from its fit: at once, or with
    /// the spring. Nothing while a drag moves the strip or pans, or for a photo not decoded (or failed).
    mutating func zoom(
        to scale: Double, atX x: Double, y: Double, at time: Double, context: PagerContext, animated: Bool
    ) -> ScreenResponse {
        guard pager.phase != .dragging, !zoom.isPanning, let current = currentZoom(context) else { return .taken }
        return zoom.zoom(current, to: scale, atX: x, y: y, at: time, animated: animated) ? .sharpen : .taken
    }

    /// A pinch, a script's zoom or Ctrl + wheel: the photo zooms about the pointer; a touchpad's pinch begins on the
    /// photo at the centre of a strip at rest (as shown, or at fit), follows the fingers, and settles within its
    /// limits when they lift.
    mutating func zoom(_ input: ScreenInput, at time: Double, context: PagerContext) -> ScreenResponse {
        switch input {
        case .zoomTo(let scale, let x, let y):
            return zoom(to: scale, atX: x, y: y, at: time, context: context, animated: false)
        case .zoomBy(let factor, let x, let y):
            let scale = (zoom.shown(at: context.now)?.zoom.scale ?? 1) * factor
            return zoom(to: scale, atX: x, y: y, at: time, context: context, animated: false)
        case .pinchBegin(let x, let y):
            guard pager.phase == .idle, !zoom.isPanning, let current = currentZoom(context) else { return .taken }
            zoom.beginPinch(current, atX: x, y: y)
            return .taken
        case .pinch(let spread, let dx, let dy):
            zoom.pinch(spread: spread, dx: dx, dy: dy)
            return .taken
        case .pinchEnd: return zoom.endPinch(at: time) ? .sharpen : .taken
        case .pointer, .command, .tap, .notches, .fingersDown, .view, .feed, .zoomPan: return .notTaken
        }
    }

    /// A zoom key at the window's centre: the next of the fixed steps (`ZoomSteps`) in or out, 100 %, or fit.
    mutating func zoomKey(_ command: GalleryCommand, at time: Double, context: PagerContext) -> ScreenResponse {
        let (x, y) = (context.viewport.width / 2, context.viewport.height / 2)
        switch command {
        case .zoomIn, .zoomOut:
            guard let current = currentZoom(context) else { return .taken }
            let scale = ZoomSteps.next(from: current.zoom, inward: command == .zoomIn)
            return zoom(to: scale, atX: x, y: y, at: time, context: context, animated: false)
        case .zoomActualSize:
            guard let fit = context.fit(of: centrePhoto(context)) else { return .taken }
            return zoom(to: fit.actualSizeScale, atX: x, y: y, at: time, context: context, animated: true)
        case .zoomToFit: return zoom(to: 1, atX: x, y: y, at: time, context: context, animated: true)
        default: return .notTaken
        }
    }

    /// A double-click: 100 % at the pointer, or back to fit from any other zoom (a small photo's 100 % is below its
    /// fit).
    mutating func toggleActualSize(atX x: Double, y: Double, at time: Double, context: PagerContext) -> ScreenResponse {
        guard let fit = context.fit(of: centrePhoto(context)) else { return .taken }
        let scale = zoom.shown(at: context.now)?.zoom.scale ?? 1
        let target = abs(scale - 1) > 1e-6 ? 1 : fit.actualSizeScale
        return zoom(to: target, atX: x, y: y, at: time, context: context, animated: true)
    }

    /// A pan key, as nsxiv: pans the zoomed photo at the centre of a strip at rest by a third of the window with the
    /// key-paging spring; returns false when there is nothing to pan that way (at fit, or at that edge), so Left and
    /// Right turn the page instead and holding Right reads a zoomed photo across, then goes on to the next one.
    mutating func pan(_ direction: PanDirection, at time: Double, context: PagerContext) -> Bool {
        guard pager.phase == .idle, let shown = zoom.shown(at: time), shown.zoom.isZoomed,
            shown.photo == centrePhoto(context)
        else { return false }
        let step = direction.step(width: context.viewport.width, height: context.viewport.height)
        return zoom.pan(byX: step.x, y: step.y, at: time)
    }

    /// The page box changed under a zoomed photo (the status bar, b): the zoom is measured from the new fit, keeping
    /// the photo's size on screen and holding the pan within its new bounds. Returns whether it rests (sharpen).
    mutating func refitZoom(_ context: PagerContext) -> Bool {
        guard let zoomed = zoom.shown(at: context.now), let fitted = context.fit(of: zoomed.photo) else { return false }
        zoom.refit(fittedWidth: fitted.fittedWidth, fittedHeight: fitted.fittedHeight, at: context.now)
        return zoom.rests
    }

    /// The strip settled on `page`: a zoom of another photo is reset, and returned (the zoom left behind).
    mutating func leaveZoom(settledOn page: PageIndex, context: PagerContext) -> (photo: PhotoID, zoom: PhotoZoom)? {
        guard let zoomed = zoom.shown(at: context.now),
            zoomed.photo != photo(ofPage: page, feedPages: context.feedPages)
        else { return nil }
        zoom.reset()
        return zoomed
    }

    /// `photo` is shown afresh (turned, or as its file states it again): its zoom, measured on the old turn, goes.
    mutating func forgetZoom(of photo: PhotoID) {
        if zoom.zoomed?.photo == photo { zoom.reset() }
    }

    /// `e` chose `mode`: the photo at the centre is shown in it at once: back to fit with the spring; width and fill
    /// at once, placed as the mode places them (width's top, fill's centre), which a spring about one point could not
    /// give both.
    mutating func show(_ mode: FitMode, at time: Double, context: PagerContext) -> ScreenResponse {
        let photo = centrePhoto(context)
        guard let fit = context.fit(of: photo) else { return .taken }
        guard mode != .fit else {
            let (x, y) = (context.viewport.width / 2, context.viewport.height / 2)
            return zoom(to: 1, atX: x, y: y, at: time, context: context, animated: true)
        }
        zoom.place(photo, at: mode.zoom(of: fit))
        return .sharpen
    }
}
