/// What a grid's scroll is doing: one case per phase, each with only the state it needs (the pager's `Motion`).
enum GridScrollMotion: Sendable {
    /// At rest at this offset.
    case resting(offset: Double)
    /// A finger (or a touchpad's virtual finger) holds the content.
    case dragging(GridScrollDrag)
    /// A simulation runs from `startTime` and comes to rest at `end`.
    case animating(simulation: any Simulation, startTime: Double, end: Double)
}

/// A drag: the content follows the pointer 1:1 inside the content, through the rubber band beyond its ends.
struct GridScrollDrag: Sendable {
    /// The pointer's y that maps to `rawOrigin`.
    var pointerOrigin: Double
    /// The un-banded offset at `pointerOrigin`.
    var rawOrigin: Double
    /// The latest pointer y.
    var pointer: Double
    /// Pointer samples, for the release velocity.
    var tracker = VelocityTracker()

    /// The un-banded offset for the current pointer (dragging down shows earlier rows).
    var rawOffset: Double { rawOrigin - (pointer - pointerOrigin) }
}
