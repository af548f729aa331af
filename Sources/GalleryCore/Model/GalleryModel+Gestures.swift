import PagerEngine

/// The gesture arena: a press goes to the zoomed photo's pan when the photo at the centre is zoomed and the pager is
/// at rest, else to the pager's page drag, or to the drag down to the grid when its first movement goes mostly down
/// (`GalleryModel+Dismiss`); a pan reaching the photo's edge hands the rest over to the pager; a release
/// within the drag slop is also a tap (a click, which the adapter hit-tests against what it drew, and the first half
/// of a double-click).
extension GalleryModel {
    /// The left button (or a finger) went down at (x, y).
    public mutating func pointerDown(x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        if grid != nil { return gridPointerDown(x: x, y: y, at: time) }
        // A press that stops a fling is not a click; one during a key's or click's page turn is (quick clicks on a
        // side third each turn a page, as keys do).
        let flinging = pager.isAnimating && pager.commandTargetPage == nil
        tap.pointerDown(x: x, y: y, contentWasMoving: flinging || zoom.isMoving)
        slideshow.setDragging(true, at: time)
        let photo = photo(ofPage: pager.currentPage)
        if zoom.pointerDown(x: x, y: y, at: time, now: now, photo: photo, pagerIsIdle: pager.phase == .idle) {
            return []
        }
        dismissPointerDown(x: x, y: y, at: time)
        return [.pagerEvents(pager.handle(.pointerDown(x: x, y: y), at: time))]
    }

    /// The pointer moved to (x, y) with the button down.
    public mutating func pointerMove(x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        if grid != nil { return gridPointerMove(x: x, y: y, at: time) }
        if let effects = dismissPointerMove(x: x, y: y, at: time) { return effects }
        tap.pointerMove(x: x, y: y)
        switch zoom.pointerMove(x: x, y: y, at: time) {
        case .zoom: return []
        case .pager, .handedOver: return [.pagerEvents(pager.handle(.pointerMove(x: x, y: y), at: time))]
        case .handOver(let pressX, let pressY):
            return [
                .pagerEvents(pager.handle(.pointerDown(x: pressX, y: pressY), at: time)),
                .pagerEvents(pager.handle(.pointerMove(x: x, y: y), at: time)),
            ]
        }
    }

    /// The button went up at (x, y): the gesture ends, and a press that stayed within the slop clicks.
    public mutating func pointerUp(x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        if grid != nil { return gridPointerUp(x: x, y: y, at: time) }
        if let effects = dismissPointerUp(x: x, y: y, at: time) { return effects }
        let clicked = tap.pointerUp(x: x, y: y)
        slideshow.setDragging(false, at: time)
        var effects: [GalleryEffect] = []
        switch zoom.pointerUp(x: x, y: y, at: time, clickSlop: tap.slop) {
        case .zoom, .handOver: break
        case .pager, .handedOver: effects.append(.pagerEvents(pager.handle(.pointerUp(x: x, y: y), at: time)))
        }
        if clicked { effects.append(.click(x: x, y: y)) }
        return effects
    }

    /// The gesture was taken away (the window lost focus): a pan stops where it is, a page drag is released.
    public mutating func pointerCancel(at time: Double) -> [GalleryEffect] {
        if grid != nil { return gridPointerCancel(at: time) }
        if let effects = dismissPointerCancel(at: time) { return effects }
        tap.cancel()
        slideshow.setDragging(false, at: time)
        let (x, y) = (pager.viewport.width / 2, pager.viewport.height / 2)
        switch zoom.pointerUp(x: x, y: y, at: time) {
        case .zoom, .handOver: return []
        case .handedOver: return [.pagerEvents(pager.handle(.pointerUp(x: x, y: y), at: time))]
        case .pager: return [.pagerEvents(pager.handle(.pointerCancel, at: time))]
        }
    }

    /// Wheel motion: a touchpad's gesture becomes a virtual drag of at most one page in the pagers (pointer inputs
    /// the adapter applies in turn), a mouse's notches turn pages; in the pagers a burst of sideways notches (a
    /// touchpad's swipe as SDL on X11 reports it) turns one page.
    public mutating func wheel(dx: Double, dy: Double, at time: Double) -> [GalleryEffect] {
        slideshow.noteInteraction(at: time)
        let pages = mode != .wheel && mode != .grid
        if touchpad.isTouchpad(dx: dx, dy: dy, at: time) {
            return touchpad.add(dx: dx, dy: dy, at: time, reach: pages ? pager.extent : nil).map { .input($0) }
        }
        if pages, abs(dx) > abs(dy), !notchBurst.begins(dx: dx, at: time) { return [] }
        guard let turn = wheelSteps.add(dx: dx, dy: dy) else { return [] }
        if grid != nil {
            // In the grid a notch scrolls a row, the selection staying put.
            grid?.scroll(rows: turn.command == .next ? turn.count : -turn.count, at: time)
            return []
        }
        return Array(repeating: .command(turn.command), count: turn.count)
    }

    /// A touchpad stream quiet since before `time` lifts its virtual finger: the release, at its own time.
    public mutating func expireTouchpad(at time: Double) -> (input: GalleryInput, time: Double)? {
        touchpad.expire(at: time)
    }

    /// When a touchpad stream under way will count as ended, if one is.
    public var touchpadReleaseTime: Double? { touchpad.releaseTime }

    /// The viewport is about to become `width` × `height`: a touchpad stream under way lifts its virtual finger first
    /// (the inputs returned), since the scroll that follows could never release it, leaving the pager dragging for
    /// good (soak seed 5); later streams start from the new centre.
    public mutating func resizeTouchpad(width: Double, height: Double, at time: Double) -> [GalleryEffect] {
        defer { touchpad = TouchpadScroll(originX: width / 2, originY: height / 2) }
        return touchpad.add(dx: 0, dy: 0, at: time).map { .input($0) }
    }

    /// The zoom shown now, with any animation evaluated; `nil` at fit.
    public var shownZoom: (photo: PhotoID, zoom: PhotoZoom)? { zoom.shown(at: now) }

    /// The current scale, 1 at fit.
    public var zoomScale: Double { shownZoom?.zoom.scale ?? 1 }

    /// Whether a zoom now would start from the photo at fit (the centre's photo is not the zoomed one): the adapter
    /// then measures the fit from the decoded photo, which only it knows.
    public var zoomStartsAtFit: Bool {
        pager.phase != .dragging && !zoom.isPanning && shownZoom?.photo != photo(ofPage: pager.currentPage)
    }

    /// Zooms to `scale` at (x, y), from where the photo is shown, or from `fit` when `zoomStartsAtFit`. Returns
    /// whether the zoom rests at once (the adapter then decodes the visible region sharply), nil when nothing zoomed
    /// (mid-drag, or no fit for a photo not decoded or failed).
    public mutating func zoom(
        to scale: Double, atX x: Double, y: Double, at time: Double, animated: Bool,
        fit: (photo: PhotoID, zoom: PhotoZoom)?
    ) -> Bool? {
        guard pager.phase != .dragging, !zoom.isPanning else { return nil }
        let current = shownZoom?.photo == photo(ofPage: pager.currentPage) ? shownZoom : fit
        guard let current else { return nil }
        return zoom.zoom(current, to: scale, atX: x, y: y, at: time, animated: animated)
    }

    /// Moves zoom animations to `time`.
    public mutating func advanceZoom(to time: Double) -> ZoomModel.Progress { zoom.advance(to: time) }

    /// The zoomed photo is fitted anew at `fittedWidth` × `fittedHeight` (the status bar came or went), keeping the
    /// size it is shown at.
    public mutating func refitZoom(fittedWidth: Double, fittedHeight: Double) {
        zoom.refit(fittedWidth: fittedWidth, fittedHeight: fittedHeight, at: now)
    }

    /// Back to fit at once (a resize).
    public mutating func resetZoom() { zoom.reset() }

    /// Settling on another photo than the zoomed one resets the zoom, carrying it for the photo arrived at while
    /// `keepsZoom` (`takeCarriedZoom(fit:)` applies it); returns whether it reset.
    public mutating func resetZoomIfLeft(settledOn page: PageIndex) -> Bool {
        guard let zoomed = zoom.shown(at: now), zoomed.photo != photo(ofPage: page) else { return false }
        if keepsZoom { carriedZoom = CarriedZoom(zoomed.zoom) }
        zoom.reset()
        return true
    }

    /// Keeps the zoom across page turns or not, as `z` toggles it (`--keep-zoom` starts with it kept).
    public mutating func setKeepsZoom(_ keeps: Bool) {
        keepsZoom = keeps
        carriedZoom = nil
    }

    /// Gives the carried zoom to `fit`'s photo, the one at the centre of a resting pager, measured from its fit: the
    /// same share of its own pixels and of its pan room. Returns whether it did.
    public mutating func takeCarriedZoom(fit: (photo: PhotoID, zoom: PhotoZoom)) -> Bool {
        guard let carried = carriedZoom, pager.phase == .idle, fit.photo == photo(ofPage: pager.currentPage) else {
            return false
        }
        carriedZoom = nil
        zoom.place(fit.photo, at: carried.applied(to: fit.zoom))
        return true
    }

    /// Moves the clock the model draws by (fades, zoom animations) to `time`, never back.
    public mutating func noteTime(_ time: Double) {
        now = max(now, time)
    }
}
