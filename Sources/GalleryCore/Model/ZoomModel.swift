import PagerEngine
import Support

/// The zoom of the photo on screen, nested in the pager: its scale and pan, the animation or glide moving it, and the
/// drag that pans it, whose part past the photo's left or right edge the pager takes (the hand-over).
public struct ZoomModel: Sendable {
    /// What moves the zoom by itself.
    public enum Motion: Sendable {
        /// A zoom key, a double-click: the spring to the new scale.
        case animating(ZoomAnimation)
        /// A released pan: the glide to a stop within the photo's edges.
        case gliding(PanGlide)
        /// A pan key: the spring to the new pan.
        case panning(PanAnimation)
        /// A pinch let go past the limits: the spring back within them.
        case settling(ZoomSettle)
    }

    /// A drag that began on the zoomed photo.
    struct Pan: Sendable {
        var lastX: Double
        var lastY: Double
        var rawPanY: Double
        var trackerX = VelocityTracker()
        var trackerY = VelocityTracker()
        /// Whether the pager has taken the rest of the gesture.
        var handedOver = false
        /// Where the press went down, and the farthest the pointer went from there on either axis.
        var pressX: Double
        var pressY: Double
        var travel = 0.0
        /// The zoom animation the press caught: a release within the click slop lets it go on (the third click of a
        /// triple-click must not leave the zoom resting between its steps).
        var caught: ZoomAnimation?
    }

    /// Where a pointer move or release went.
    public enum PointerRoute: Equatable, Sendable {
        /// Not the zoom's: no pan is under way.
        case pager
        /// A pan the pager took over at the photo's edge: the rest of the gesture is the pager's.
        case handedOver
        /// The zoom panned (or, on release, glides): nothing for the pager.
        case zoom
        /// The pan reached the photo's edge on this move: the pager is pressed at (x, y) and the move goes on to it.
        case handOver(pressX: Double, y: Double)
    }

    /// The photo zoomed and how, when one is (nil at fit); `shown(at:)` adds any running motion.
    public private(set) var zoomed: (photo: PhotoID, zoom: PhotoZoom)?
    /// The zoom's animation or glide, if one runs.
    public private(set) var motion: Motion?
    /// A drag that began on the zoomed photo.
    private var pan: Pan?
    /// A touchpad's pinch under way, and its last centre (where it settles when the fingers lift).
    private var pinch: (gesture: PinchZoom, x: Double, y: Double)?

    /// The factor one Ctrl + wheel notch zooms by (the zoom keys step through `ZoomSteps`).
    public static let step = 1.25

    /// At fit, nothing moving.
    public init() {}

    /// The zoom shown at `now`, with any animation evaluated; `nil` at fit.
    public func shown(at now: Double) -> (photo: PhotoID, zoom: PhotoZoom)? {
        guard let zoomed else { return nil }
        switch motion {
        case .animating(let animation): return (zoomed.photo, animation.zoom(at: now))
        case .gliding(let glide): return (zoomed.photo, glide.zoom(at: now))
        case .panning(let animation): return (zoomed.photo, animation.zoom(at: now))
        case .settling(let settle): return (zoomed.photo, settle.zoom(at: now))
        case nil: return zoomed
        }
    }

    /// Whether an animation or glide runs.
    public var isMoving: Bool { motion != nil }

    /// Whether a drag pans the photo (or was handed over to the pager).
    public var isPanning: Bool { pan != nil }

    /// Whether fingers pinch the photo.
    public var isPinching: Bool { pinch != nil }

    /// Whether the zoom rests (nothing moving, no drag, no pinch): the time to decode the visible region sharply.
    public var rests: Bool { zoomed != nil && motion == nil && pan == nil && pinch == nil }

    /// Zooms `current` to `scale` at (x, y): at once, or with the spring. Returns whether it is at rest at once.
    public mutating func zoom(
        _ current: (photo: PhotoID, zoom: PhotoZoom), to scale: Double, atX x: Double, y: Double, at time: Double,
        animated: Bool
    ) -> Bool {
        if animated {
            zoomed = current
            motion = .animating(ZoomAnimation(from: current.zoom, to: scale, atX: x, y: y, time: time))
            return false
        }
        motion = nil
        let next = current.zoom.zoomed(to: scale, atX: x, y: y)
        zoomed = next.isZoomed ? (current.photo, next) : nil
        return true
    }

    /// Where moving the zoom to `time` leaves it.
    public enum Progress: Equatable, Sendable {
        /// Nothing moves.
        case still
        /// An animation or glide goes on.
        case moving
        /// It ended at `time` (a zoom back at fit is forgotten).
        case rested
    }

    /// Moves zoom animations to `time`.
    public mutating func advance(to time: Double) -> Progress {
        guard let zoomed, let motion else { return .still }
        let final: PhotoZoom
        switch motion {
        case .animating(let animation):
            guard animation.isDone(at: time) else { return .moving }
            final = animation.zoom(at: time)
        case .gliding(let glide):
            guard glide.isDone(at: time) else { return .moving }
            final = glide.zoom(at: time)
        case .panning(let animation):
            guard animation.isDone(at: time) else { return .moving }
            final = animation.zoom(at: time)
        case .settling(let settle):
            guard settle.isDone(at: time) else { return .moving }
            final = settle.zoom(at: time)
        }
        self.motion = nil
        self.zoomed = final.isZoomed ? (zoomed.photo, final) : nil
        return .rested
    }

    /// The zoomed photo's fit changed to `fittedWidth` × `fittedHeight` (the status bar came or went): it stays as large
    /// as it is shown at `now` (`PhotoZoom.refitted`), any animation or glide ending there; a zoom that is now the fit is
    /// forgotten.
    public mutating func refit(fittedWidth: Double, fittedHeight: Double, at now: Double) {
        guard let shown = shown(at: now) else { return }
        motion = nil
        let next = shown.zoom.refitted(fittedWidth: fittedWidth, fittedHeight: fittedHeight)
        zoomed = next.isZoomed ? (shown.photo, next) : nil
        if zoomed == nil { pan = nil }
    }

    /// Pans the zoomed photo by (`dx`, `dy`) pixels with the spring, from where a pan key's spring is heading (so
    /// quick presses add up) or else from where it is shown at `time`; held within the photo's edges. Returns false,
    /// moving nothing, when no photo is zoomed or it is already at that edge (the caller may turn the page).
    public mutating func pan(byX dx: Double, y dy: Double, at time: Double) -> Bool {
        guard pan == nil, let shown = shown(at: time) else { return false }
        var base = shown.zoom
        if case .panning(let animation) = motion {
            base = animation.start.panned(toX: animation.targetX, y: animation.targetY)
        }
        let target = base.panned(toX: base.panX + dx, y: base.panY + dy).clamped()
        guard abs(target.panX - base.panX) > 0.5 || abs(target.panY - base.panY) > 0.5 else { return false }
        zoomed = shown
        motion = .panning(PanAnimation(from: shown.zoom, toX: target.panX, y: target.panY, time: time))
        return true
    }

    /// Shows `photo` at `zoom` at once, nothing moving (a zoom carried over a page turn); at fit, forgets it.
    public mutating func place(_ photo: PhotoID, at zoom: PhotoZoom) {
        motion = nil
        pan = nil
        zoomed = zoom.isZoomed ? (photo, zoom) : nil
    }

    /// Back to fit at once (a mode switch, a resize, settling on another photo).
    public mutating func reset() {
        zoomed = nil
        motion = nil
        pan = nil
        pinch = nil
    }

    // MARK: Pinches

    /// Fingers begin to pinch `current` (as shown at `now`) with their centre at (x, y): whatever moved it stops there.
    public mutating func beginPinch(_ current: (photo: PhotoID, zoom: PhotoZoom), atX x: Double, y: Double) {
        motion = nil
        pan = nil
        zoomed = current
        pinch = (PinchZoom(start: current.zoom, centreX: x, centreY: y), x, y)
    }

    /// The pinch's spread is `spread` times its first and its centre moved by (`dx`, `dy`): the photo follows.
    public mutating func pinch(spread: Double, dx: Double, dy: Double) {
        guard let pinch, let zoomed else { return }
        self.zoomed = (zoomed.photo, pinch.gesture.zoom(spread: spread, dx: dx, dy: dy))
        self.pinch = (pinch.gesture, pinch.gesture.centreX + dx, pinch.gesture.centreY + dy)
    }

    /// The pinching fingers lifted at `time`: the photo settles within its limits (with the spring when it was
    /// stretched past them). Returns whether it rests at once.
    public mutating func endPinch(at time: Double) -> Bool {
        guard let pinch else { return false }
        self.pinch = nil
        guard let zoomed else { return false }
        let settled = PinchZoom.settled(zoomed.zoom, atX: pinch.x, y: pinch.y)
        guard settled == zoomed.zoom else {
            motion = .settling(ZoomSettle(from: zoomed.zoom, to: settled, time: time))
            return false
        }
        self.zoomed = settled.isZoomed ? zoomed : nil
        return true
    }

    // MARK: Nested drags

    /// A press at (x, y) while `photo` is at the centre of a pager at rest (`pagerIsIdle`): on a zoomed `photo` it
    /// starts a pan. Returns whether the zoom took the press.
    public mutating func pointerDown(
        x: Double, y: Double, at time: Double, now: Double, photo: PhotoID, pagerIsIdle: Bool
    ) -> Bool {
        guard pagerIsIdle, let shown = shown(at: now), shown.zoom.isZoomed, shown.photo == photo else { return false }
        zoomed = shown  // A press catches a glide or an animation where it is shown.
        var gesture = Pan(lastX: x, lastY: y, rawPanY: shown.zoom.panY, pressX: x, pressY: y)
        if case .animating(let animation) = motion { gesture.caught = animation }
        motion = nil
        gesture.trackerX.addSample(time: time, position: x)
        gesture.trackerY.addSample(time: time, position: y)
        pan = gesture
        return true
    }

    /// Pans the zoomed photo 1:1; once its left or right edge is reached, the pager takes the rest of the gesture.
    public mutating func pointerMove(x: Double, y: Double, at time: Double) -> PointerRoute {
        guard var gesture = pan, let current = zoomed else { return .pager }
        defer { pan = gesture }
        if gesture.handedOver { return .handedOver }
        gesture.trackerX.addSample(time: time, position: x)
        gesture.trackerY.addSample(time: time, position: y)
        gesture.travel = max(gesture.travel, abs(x - gesture.pressX), abs(y - gesture.pressY))
        let moved = current.zoom.dragged(byX: x - gesture.lastX, y: y - gesture.lastY, rawPanY: &gesture.rawPanY)
        zoomed = (current.photo, moved.zoom)
        gesture.lastX = x
        gesture.lastY = y
        guard abs(moved.handOver) > 0.5 else { return .zoom }
        // The pager is pressed where the photo's edge stopped, and the pointer goes on from there.
        gesture.handedOver = true
        return .handOver(pressX: x - moved.handOver, y: y)
    }

    /// Lets go of a pan at (x, y): the photo glides and stops at its edges; a handed-over gesture is the pager's. A
    /// press that caught a zoom animation and never went farther than `clickSlop` (nil: a cancel, never) was a click:
    /// the animation goes on from where the press held it to its scale.
    public mutating func pointerUp(x: Double, y: Double, at time: Double, clickSlop: Double? = nil) -> PointerRoute {
        guard var gesture = pan, let current = zoomed else { return .pager }
        pan = nil
        if gesture.handedOver { return .handedOver }
        let travel = max(gesture.travel, abs(x - gesture.pressX), abs(y - gesture.pressY))
        if let caught = gesture.caught, let clickSlop, travel <= clickSlop {
            motion = .animating(
                ZoomAnimation(
                    from: current.zoom, to: caught.targetScale, atX: caught.focusX, y: caught.focusY, time: time))
            return .zoom
        }
        gesture.trackerX.addSample(time: time, position: x)
        gesture.trackerY.addSample(time: time, position: y)
        motion = .gliding(
            PanGlide(
                from: current.zoom, velocityX: gesture.trackerX.velocity(at: time),
                velocityY: gesture.trackerY.velocity(at: time), time: time))
        return .zoom
    }
}
