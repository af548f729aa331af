import PagerEngine

/// Dragging a photo at fit down to go back to the grid (`DismissDrag`): the gesture arena's third claimant. In the
/// pager modes a press on a photo at fit, the pager at rest, is watched alongside the pager's own press; the first
/// movement past the slop decides, mostly down going to the drag down (the pager's press is cancelled before it ever
/// moved the strip), anything else to the page drag, exactly as before.
extension GalleryModel {
    /// Whether a press now could start a drag down: a pager mode, the pager at rest on a photo shown at fit, pressed by
    /// a pointer (a touchpad's two-finger scroll, a virtual drag, keeps scrolling vertically doing nothing).
    var dismissCanStart: Bool {
        guard grid == nil, mode != .wheel, photoCount > 0, pager.phase == .idle, !pager.isAnimating,
            !touchpad.isActive,
            case .page = pager.currentContent
        else { return false }
        return zoom.shown(at: now) == nil && !zoom.isPanning
    }

    /// A press the pager also takes: watched for a first movement downward.
    mutating func dismissPointerDown(x: Double, y: Double, at time: Double) {
        endDismiss()
        guard dismissCanStart else { return }
        dismiss = DismissDrag(
            photo: photo(ofPage: pager.currentPage), x: x, y: y, at: time, viewportHeight: pager.viewport.height,
            slop: pager.configuration.dragSlop)
    }

    /// A move while pressed: the drag down's effects when it has the gesture, nil when the move is the pager's.
    mutating func dismissPointerMove(x: Double, y: Double, at time: Double) -> [GalleryEffect]? {
        guard var drag = dismiss else { return nil }
        let decision = drag.move(x: x, y: y, at: time)
        dismiss = drag
        switch decision {
        case .undecided:
            return nil
        case .declines:
            endDismiss()
            return nil
        case .takes:
            tap.pointerMove(x: x, y: y)
            dismissGrid = makeGrid(on: drag.photo)
            // The pager's press never passed its slop along x: a cancel leaves the strip where it rests.
            return [.pagerEvents(pager.handle(.pointerCancel, at: time))]
        case .follows:
            tap.pointerMove(x: x, y: y)
            return []
        }
    }

    /// The release of a drag down's gesture: to the grid, or the spring back; nil when the gesture was not its.
    mutating func dismissPointerUp(x: Double, y: Double, at time: Double) -> [GalleryEffect]? {
        guard var drag = dismiss, case .dragging = drag.phase else {
            endDismiss()
            return nil
        }
        _ = tap.pointerUp(x: x, y: y)
        slideshow.setDragging(false, at: time)
        switch drag.release(x: x, y: y, at: time) {
        case .dismissed:
            var pose = drag.pose(at: time)
            pose.cell = dismissGrid?.selectionCell(at: time)
            endDismiss()
            return [.zoomIntoGrid(from: pose), .switchMode(.grid, showing: drag.photo)]
        case .returning:
            dismiss = drag
            return []
        }
    }

    /// The gesture was taken away: a drag down springs back; nil when the gesture was not its.
    mutating func dismissPointerCancel(at time: Double) -> [GalleryEffect]? {
        guard var drag = dismiss, case .dragging = drag.phase else {
            endDismiss()
            return nil
        }
        tap.cancel()
        slideshow.setDragging(false, at: time)
        drag.cancel(at: time)
        dismiss = drag
        return []
    }

    /// How the photo dragged down shows now, with its grid cell; nil with no drag down under way.
    public var dismissPose: DismissPose? {
        guard let dismiss else { return nil }
        if case .undecided = dismiss.phase { return nil }
        var pose = dismiss.pose(at: now)
        pose.cell = dismissGrid?.selectionCell(at: now)
        return pose
    }

    /// Whether the photo dragged down is springing back (frames must follow).
    public var dismissIsReturning: Bool {
        if case .returning = dismiss?.phase { return true }
        return false
    }

    /// Moves the spring back to `time`, retiring it once the photo is at rest; returns whether one was under way.
    @discardableResult
    public mutating func advanceDismiss(to time: Double) -> Bool {
        guard let dismiss, case .returning = dismiss.phase else { return false }
        if dismiss.hasReturned(at: time) { endDismiss() }
        return true
    }

    /// Forgets any drag down and the grid drawn behind it.
    mutating func endDismiss() {
        dismiss = nil
        dismissGrid = nil
    }
}
