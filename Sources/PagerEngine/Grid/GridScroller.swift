/// A thumbnail grid's vertical scroll with the pager's physics, as a value whose position is a function of time:
/// a drag follows the pointer 1:1 inside the content and through `RubberBand` beyond its ends; a release flings with
/// `DecelerationSimulation` bent by `SnappingDecelerationSimulation` to end on the row `GridSnap` picks; a release
/// beyond an end springs back with the settle spring; keys scroll to a row with the key spring. docs/PHYSICS.md.
///
/// Every simulation is closed form, so `offset(at:)` is the same whatever the frame rate that samples it; `advance(to:)`
/// only retires a finished simulation into rest. Constants are the pager's (`PagerConfiguration.standard`'s
/// deceleration, `SpringDescription.paging` and `.keyPaging`, `RubberBand.coefficient`, `VelocityTracker`).
public struct GridScroller: Sendable {
    /// The extent scrolled over.
    public private(set) var geometry: GridScrollGeometry
    /// What the scroll is doing.
    private var motion: GridScrollMotion
    /// The free deceleration's rate (the pager's: UIKit's normal).
    public static let deceleration = DecelerationRate.normal
    /// The spring back from beyond an end (the pager's settle spring).
    public static let bounceSpring = SpringDescription.paging
    /// The spring of a scroll a key asks for (the pager's key spring: in place within ~0.2 s).
    public static let keySpring = SpringDescription.keyPaging

    /// A scroll at rest at the resting offset nearest `offset` (a row boundary or an end).
    public init(geometry: GridScrollGeometry, offset: Double = 0) {
        self.geometry = geometry
        motion = .resting(offset: GridSnap.restingOffset(near: offset.isFinite ? offset : 0, in: geometry))
    }

    // MARK: Reading

    /// The offset shown at `time`, in pixels (beyond `0…maxOffset` only while the rubber band stretches).
    public func offset(at time: Double) -> Double {
        switch motion {
        case .resting(let offset): offset
        case .dragging(let drag): banded(drag.rawOffset)
        case .animating(let simulation, let start, let end):
            simulation.isDone(at: time - start) ? end : simulation.position(at: time - start)
        }
    }

    /// The velocity at `time`, in pixels per second (0 at rest and while dragging).
    public func velocity(at time: Double) -> Double {
        guard case .animating(let simulation, let start, _) = motion, !simulation.isDone(at: time - start) else {
            return 0
        }
        return simulation.velocity(at: time - start)
    }

    /// Where the scroll will rest when nothing else happens: the animation's end, the rest, or while dragging the
    /// resting offset nearest the finger.
    public var restingOffset: Double {
        switch motion {
        case .resting(let offset): offset
        case .dragging(let drag): GridSnap.restingOffset(near: drag.rawOffset, in: geometry)
        case .animating(_, _, let end): end
        }
    }

    /// Whether a finger holds the content.
    public var isDragging: Bool {
        if case .dragging = motion { return true }
        return false
    }

    /// Whether a simulation still runs at `time` (the painter needs frames).
    public func isAnimating(at time: Double) -> Bool {
        guard case .animating(let simulation, let start, _) = motion else { return false }
        return !simulation.isDone(at: time - start)
    }

    // MARK: Pointer

    /// A press at pointer `y`: catches the content where it is shown (mid-fling, mid-bounce).
    public mutating func press(y: Double, at time: Double) {
        guard y.isFinite else { return }
        var drag = GridScrollDrag(pointerOrigin: y, rawOrigin: unbanded(offset(at: time)), pointer: y)
        drag.tracker.addSample(time: time, position: y)
        motion = .dragging(drag)
    }

    /// The pointer moved to `y` while pressed.
    public mutating func drag(y: Double, at time: Double) {
        guard case .dragging(var drag) = motion, y.isFinite else { return }
        drag.pointer = y
        drag.tracker.addSample(time: time, position: y)
        motion = .dragging(drag)
    }

    /// The pointer let go: a fling that ends on a row, or the spring back from beyond an end.
    public mutating func release(at time: Double) {
        guard case .dragging(let drag) = motion else { return }
        let raw = drag.rawOffset
        let shown = banded(raw)
        // Content moves against the pointer: dragging up (negative pointer velocity) scrolls forward.
        var velocity = -drag.tracker.velocity(at: time)
        let overscroll = raw - geometry.clamped(raw)
        if overscroll != 0 {
            velocity *= RubberBand.slope(atOverscroll: overscroll, dimension: geometry.viewportHeight)
            startSpring(from: shown, to: geometry.clamped(raw), velocity: velocity, spring: Self.bounceSpring, at: time)
            return
        }
        fling(from: shown, velocity: velocity, at: time)
    }

    /// The gesture was taken away: the content comes to rest on the nearest row from where it is.
    public mutating func cancel(at time: Double) {
        guard case .dragging(let drag) = motion else { return }
        let shown = banded(drag.rawOffset)
        startSpring(
            from: shown, to: GridSnap.restingOffset(near: shown, in: geometry), velocity: 0, spring: Self.bounceSpring,
            at: time)
    }

    /// A fling from `start` with `velocity` (pixels per second, positive scrolls forward): the free deceleration's
    /// path bent to end exactly on the resting offset nearest where it would stop (within range).
    public mutating func fling(from start: Double, velocity: Double, at time: Double) {
        let free = DecelerationSimulation(start: start, velocity: velocity, rate: Self.deceleration)
        let end = GridSnap.restingOffset(near: free.finalPosition, in: geometry)
        if let snapping = SnappingDecelerationSimulation(start: start, velocity: velocity, end: end) {
            motion = .animating(simulation: snapping, startTime: time, end: end)
        } else {
            // Too slow to glide, or the row ahead lies behind: the settle spring carries it there.
            startSpring(from: start, to: end, velocity: velocity, spring: Self.bounceSpring, at: time)
        }
    }

    // MARK: Commands

    /// Scrolls with the key spring to `target` (clamped into range), from where and how fast the content moves now.
    public mutating func scroll(to target: Double, at time: Double) {
        let end = geometry.clamped(target.isFinite ? target : 0)
        startSpring(from: offset(at: time), to: end, velocity: velocity(at: time), spring: Self.keySpring, at: time)
    }

    /// Rests at once at the resting offset nearest `target` (a row boundary or an end: never between rows).
    public mutating func jump(to target: Double) {
        motion = .resting(offset: GridSnap.restingOffset(near: target.isFinite ? target : 0, in: geometry))
    }

    /// A new geometry (a resize, a size step, a feed's append): a drag goes on (its offsets hold in any geometry);
    /// otherwise the scroll rests at the resting offset nearest `offset`, since a simulation's path in the old geometry means nothing
    /// in the new one.
    public mutating func relayout(_ newGeometry: GridScrollGeometry, offset: Double) {
        geometry = newGeometry
        if case .dragging = motion { return }
        jump(to: offset)
    }

    /// Retires a finished simulation into rest at its end; call once a frame.
    public mutating func advance(to time: Double) {
        guard case .animating(let simulation, let start, let end) = motion, simulation.isDone(at: time - start) else {
            return
        }
        motion = .resting(offset: end)
    }

    // MARK: Private

    private mutating func startSpring(
        from start: Double, to end: Double, velocity: Double, spring: SpringDescription, at time: Double
    ) {
        if abs(start - end) < 1e-9, abs(velocity) < 1e-9 {
            motion = .resting(offset: end)
            return
        }
        let simulation = SpringSimulation(spring: spring, start: start, end: end, velocity: velocity)
        motion = .animating(simulation: simulation, startTime: time, end: end)
    }

    /// The offset shown for an un-banded one: itself within range, the rubber band beyond.
    private func banded(_ raw: Double) -> Double {
        let edge = geometry.clamped(raw)
        return edge + RubberBand.offset(forOverscroll: raw - edge, dimension: geometry.viewportHeight)
    }

    /// The un-banded offset that shows `shown` (a press catching a bounce).
    private func unbanded(_ shown: Double) -> Double {
        let edge = geometry.clamped(shown)
        return edge + RubberBand.overscroll(forOffset: shown - edge, dimension: geometry.viewportHeight)
    }
}
