import GalleryCore
import PagerEngine

/// The zoom of the photo on screen, nested in the pager: a drag pans a zoomed photo, and what goes past its left or
/// right edge becomes a page drag (the hand-over); settling on another photo resets the one left behind.
extension GalleryController {
    /// What moves the zoom by itself.
    enum ZoomMotion {
        case animating(ZoomAnimation)
        case gliding(PanGlide)
    }

    /// A drag that began on a zoomed photo.
    struct ZoomGesture {
        var lastX: Double
        var lastY: Double
        var rawPanY: Double
        var trackerX = VelocityTracker()
        var trackerY = VelocityTracker()
        /// Whether the pager has taken the rest of the gesture.
        var handedOver = false
    }

    /// The factor one zoom key press or wheel notch zooms by.
    static let zoomStep = 1.25

    /// The zoom shown now, with any animation evaluated at `now`; `nil` at fit.
    var shownZoom: (photo: Int, zoom: PhotoZoom)? {
        guard let zoomed else { return nil }
        switch zoomMotion {
        case .animating(let animation): return (zoomed.photo, animation.zoom(at: now))
        case .gliding(let glide): return (zoomed.photo, glide.zoom(at: now))
        case nil: return zoomed
        }
    }

    /// The zoom model of the photo at the centre at fit, once it is decoded (a failed photo does not zoom).
    private func fitZoom() -> (photo: Int, zoom: PhotoZoom)? {
        guard mode != .wheel else { return nil }
        let photo = photo(ofPage: pager.currentPage)
        guard store.failure(forPage: photo) == nil, let decoded = store.textureSize(forPage: photo) else { return nil }
        // Drawn at the page box's scale when pages are decoded smaller (PageBudget).
        let fitted = store.drawnSize(of: decoded, in: pageBox)
        // The header's size is before EXIF rotation: pick the side that matches the drawn photo's orientation.
        let stated = store.decodes.statedSizes[photo]
        let imageWidth = stated.map { size in
            (size.width >= size.height) == (fitted.width >= fitted.height) ? size.width : size.height
        } ?? fitted.width
        let zoom = PhotoZoom(
            fittedWidth: Double(fitted.width), fittedHeight: Double(fitted.height),
            viewportWidth: pager.viewport.width, viewportHeight: pager.viewport.height, imageWidth: Double(imageWidth))
        return (photo, zoom)
    }

    /// Zooms the photo at the centre to `scale` at (x, y): at once, or with the spring.
    func zoom(to scale: Double, atX x: Double, y: Double, at time: Double, animated: Bool) {
        guard pager.phase != .dragging, zoomGesture == nil else { return }
        let current = shownZoom?.photo == photo(ofPage: pager.currentPage) ? shownZoom : fitZoom()
        guard let current else { return }
        if animated {
            zoomed = current
            zoomMotion = .animating(ZoomAnimation(from: current.zoom, to: scale, atX: x, y: y, time: time))
        } else {
            zoomMotion = nil
            let next = current.zoom.zoomed(to: scale, atX: x, y: y)
            zoomed = next.isZoomed ? (current.photo, next) : nil
            requestSharpness()
        }
        needsRedraw = true
    }

    /// The current scale, 1 at fit.
    var zoomScale: Double { shownZoom?.zoom.scale ?? 1 }

    /// Runs a zoom key.
    func performZoom(_ command: GalleryCommand, at time: Double) {
        let (x, y) = (pager.viewport.width / 2, pager.viewport.height / 2)
        switch command {
        case .zoomIn: zoom(to: zoomScale * Self.zoomStep, atX: x, y: y, at: time, animated: false)
        case .zoomOut: zoom(to: zoomScale / Self.zoomStep, atX: x, y: y, at: time, animated: false)
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
        let target = zoomScale > 1 + 1e-6 ? 1 : fit.zoom.actualSizeScale
        zoom(to: target, atX: x, y: y, at: time, animated: true)
    }

    /// Moves zoom animations to `time`; a zoom back at fit is forgotten.
    func advanceZoom(to time: Double) {
        guard let zoomed, let motion = zoomMotion else { return }
        needsRedraw = true
        let done: Bool
        switch motion {
        case .animating(let animation): done = animation.isDone(at: time)
        case .gliding(let glide): done = glide.isDone(at: time)
        }
        guard done else { return }
        let final: PhotoZoom
        switch motion {
        case .animating(let animation): final = animation.zoom(at: time)
        case .gliding(let glide): final = glide.zoom(at: time)
        }
        zoomMotion = nil
        self.zoomed = final.isZoomed ? (zoomed.photo, final) : nil
        requestSharpness()
    }

    /// Once a zoom rests, the photo's visible region is decoded again at the size it is drawn at (at most its own
    /// pixels), so zooming in sharpens; until then, and around the region, the page texture is drawn scaled. The region
    /// keeps within the zoom's share of `--cache-mb` and the renderer's texture limit (`ZoomDetail.plan`).
    func requestSharpness() {
        guard let zoomed, zoomMotion == nil, zoomGesture == nil else {
            if self.zoomed == nil { zoomDetail.clear() }
            return
        }
        let zoom = zoomed.zoom
        let scale = min(zoom.scale, zoom.actualSizeScale)
        guard scale > 1 + 1e-6 else { return }
        // The zoomed picture in the current slot's coordinates (the pager is at rest when a zoom rests).
        let drawnWidth = zoom.fittedWidth * zoom.scale, drawnHeight = zoom.fittedHeight * zoom.scale
        let left = pager.extent / 2 + zoom.panX - drawnWidth / 2
        let top = pager.viewport.height / 2 + zoom.panY - drawnHeight / 2
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
            photo: zoomed.photo, source: library.source(forPage: zoomed.photo), full: plan.full, visible: plan.visible,
            region: plan.region)
    }

    /// Whether a zoom animation or glide runs.
    var zoomIsMoving: Bool { zoomMotion != nil }

    /// Settling on another photo resets the zoom of the one left behind.
    func resetZoomIfLeft(settledOn page: Int) {
        if let zoomed, zoomed.photo != photo(ofPage: page) { resetZoom() }
    }

    /// Back to fit at once (a mode switch, a resize).
    func resetZoom() {
        zoomed = nil
        zoomMotion = nil
        zoomGesture = nil
        zoomDetail.clear()
    }

    // MARK: Nested drags

    /// A press on a zoomed photo at rest starts a pan; returns whether the zoom took the press.
    func zoomPointerDown(x: Double, y: Double, at time: Double) -> Bool {
        guard pager.phase == .idle, let shown = shownZoom, shown.zoom.isZoomed,
            shown.photo == photo(ofPage: pager.currentPage)
        else { return false }
        zoomed = shown  // A press catches a glide or an animation where it is shown.
        zoomMotion = nil
        var gesture = ZoomGesture(lastX: x, lastY: y, rawPanY: shown.zoom.panY)
        gesture.trackerX.addSample(time: time, position: x)
        gesture.trackerY.addSample(time: time, position: y)
        zoomGesture = gesture
        return true
    }

    /// Pans the zoomed photo 1:1; once its left or right edge is reached, the pager takes the rest of the gesture.
    func zoomPointerMove(x: Double, y: Double, at time: Double) -> Bool {
        guard var gesture = zoomGesture, let current = zoomed else { return false }
        defer { zoomGesture = gesture }
        if gesture.handedOver {
            record(pager.handle(.pointerMove(x: x, y: y), at: time), at: time)
            return true
        }
        gesture.trackerX.addSample(time: time, position: x)
        gesture.trackerY.addSample(time: time, position: y)
        let moved = current.zoom.dragged(byX: x - gesture.lastX, y: y - gesture.lastY, rawPanY: &gesture.rawPanY)
        zoomed = (current.photo, moved.zoom)
        gesture.lastX = x
        gesture.lastY = y
        if abs(moved.handOver) > 0.5 {
            // The pager is pressed where the photo's edge stopped, and the pointer goes on from there.
            gesture.handedOver = true
            record(pager.handle(.pointerDown(x: x - moved.handOver, y: y), at: time), at: time)
            record(pager.handle(.pointerMove(x: x, y: y), at: time), at: time)
        }
        return true
    }

    /// Lets go of a pan: the photo glides and stops at its edges; a handed-over gesture is released to the pager.
    func zoomPointerUp(x: Double, y: Double, at time: Double) -> Bool {
        guard var gesture = zoomGesture, let current = zoomed else { return false }
        zoomGesture = nil
        if gesture.handedOver {
            record(pager.handle(.pointerUp(x: x, y: y), at: time), at: time)
            return true
        }
        gesture.trackerX.addSample(time: time, position: x)
        gesture.trackerY.addSample(time: time, position: y)
        zoomMotion = .gliding(
            PanGlide(
                from: current.zoom, velocityX: gesture.trackerX.velocity(at: time),
                velocityY: gesture.trackerY.velocity(at: time), time: time))
        return true
    }
}
