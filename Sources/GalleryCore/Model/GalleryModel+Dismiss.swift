import PagerEngine

/// Dragging a photo at fit down to go back to the grid (`DismissDrag`): the gesture arena's first claimant
/// (`PagerRecogniser.dragDown`). In the pager modes a press on a photo at fit, the pager at rest, is watched alongside
/// the pager's own press; the first movement past the slop decides, mostly down going to the drag down (the pager's
/// press is cancelled before it ever moved the strip), anything else to the page drag.
extension GalleryModel {
    /// Whether a press now could start a drag down: a pager mode, the pager at rest on a photo shown at fit, pressed by
    /// a pointer (a touchpad's two-finger scroll, a virtual drag, keeps scrolling vertically doing nothing).
    var dismissCanStart: Bool {
        guard case .pager(let pages) = screen, case let pager = pages.pager, photoCount > 0, pager.phase == .idle,
            !pager.isAnimating,
            !gestures.touchpad.isActive, !gestures.fingers.isActive,
            case .page = pager.currentContent
        else { return false }
        return zoom.shown(at: now) == nil && !zoom.isPanning
    }

    /// The drag down's part in the arena: it watches a press, takes the gesture from the first move that goes mostly
    /// down, and then every phase to the end; nil when the phase is not its own.
    mutating func dragDown(_ phase: PointerPhase, at time: Double) -> [GalleryEffect]? {
        switch phase {
        case .down(let x, let y):
            endDismiss()
            if dismissCanStart {
                dismiss = DismissDrag(
                    photo: currentPhoto, x: x, y: y, at: time, viewportHeight: viewport.height,
                    slop: settings.configuration.dragSlop)
            }
            return nil
        case .move(let x, let y):
            return dismissPointerMove(x: x, y: y, at: time)
        case .up(let x, let y):
            guard var drag = dismiss, case .dragging = drag.phase else {
                endDismiss()
                return nil
            }
            switch drag.release(x: x, y: y, at: time) {
            case .dismissed:
                var pose = drag.pose(at: time)
                pose.cell = dismiss?.grid?.selectionCell(at: time)
                endDismiss()
                return switchMode(to: .grid, at: time, showing: drag.photo, droppedAt: pose)
            case .returning:
                dismiss = drag
                return []
            }
        case .cancel:
            guard var drag = dismiss, case .dragging = drag.phase else {
                endDismiss()
                return nil
            }
            drag.cancel(at: time)
            dismiss = drag
            return []
        }
    }

    /// A move while pressed: the drag down's effects when it has the gesture, nil when the move is the pager's.
    private mutating func dismissPointerMove(x: Double, y: Double, at time: Double) -> [GalleryEffect]? {
        guard var drag = dismiss else { return nil }
        let decision = drag.move(x: x, y: y, at: time)
        if case .takes = decision { drag.grid = makeGrid(on: drag.photo) }
        dismiss = drag
        switch decision {
        case .undecided:
            return nil
        case .declines:
            endDismiss()
            return nil
        case .takes:
            // The pager's press never passed its slop along x: a cancel leaves the strip where it rests.
            let events = withPager { $0.handle(.pointerCancel, at: time) } ?? []
            return noteEvents(events, at: time)
        case .follows:
            return []
        }
    }

    /// How the photo dragged down shows now, with its grid cell; nil with no drag down under way.
    public var dismissPose: DismissPose? {
        guard let dismiss else { return nil }
        if case .undecided = dismiss.phase { return nil }
        var pose = dismiss.pose(at: now)
        pose.cell = dismiss.grid?.selectionCell(at: now)
        return pose
    }

    /// Whether the photo dragged down is springing back (frames must follow).
    public var dismissIsReturning: Bool {
        if case .returning = dismiss?.phase { return true }
        return false
    }

    /// Moves the spring back to `time`, retiring it once the photo is at rest; returns whether one was under way.
    @discardableResult
    mutating func advanceDismiss(to time: Double) -> Bool {
        guard let dismiss, case .returning = dismiss.phase else { return false }
        if dismiss.hasReturned(at: time) { endDismiss() }
        return true
    }

    /// Forgets any drag down and the grid drawn behind it.
    mutating func endDismiss() {
        dismiss = nil
    }
}
