/// The pager's private state machine: one case per phase, each with only the state it needs.
enum Motion: Sendable {
    case resting
    case pressing(Drag)
    case settling(Settle)
    case gliding(Glide)

    var phase: PagerPhase {
        switch self {
        case .resting: .idle
        case .pressing: .dragging
        case .settling: .settling
        case .gliding: .decelerating
        }
    }
}

/// A press, and once the pointer passes the slop, a drag.
struct Drag: Sendable {
    /// Pointer coordinate along the axis where the press began (never moved by re-bases).
    var pressPointer: Double
    /// Pointer coordinate that maps to `rawOrigin`; moved by the slop when the drag engages (no jump).
    var pointerOrigin: Double
    /// Un-banded content offset at `pointerOrigin`, in px; moved by re-bases.
    var rawOrigin: Double
    /// The latest pointer coordinate along the axis.
    var pointer: Double
    /// Whether the pointer has passed the slop: before that the press is a click.
    var isEngaged = false
    /// The slot the gesture began on: the settle target when it caught a settling pager.
    var anchorSlot: Int
    /// The direction of the settle this press interrupted, for the repeated-flick rule.
    var interruptedDirection: Int?
    /// Whether the press caught a moving strip (then even a click settles it).
    var caughtMotion: Bool
    /// Whether `reachedEnd` was already reported in this drag.
    var reportedEdge = false
    /// Pointer samples (not content offsets: those jump when the strip re-bases).
    var tracker = VelocityTracker()

    /// The un-banded content offset for the current pointer.
    var rawOffset: Double { rawOrigin - (pointer - pointerOrigin) }
}

/// The paging spring toward a slot.
struct Settle: Sendable {
    var simulation: SpringSimulation
    var startTime: Double
    /// Pixels added by re-bases since the start.
    var shift: Double = 0
    var targetSlot: Int
    /// −1, 0 or +1: which way the settle travels.
    var direction: Int
    /// Whether a command (key, slideshow, script) started it, rather than a release.
    var isCommand = false
}

/// Free deceleration, optionally ending on a slot.
struct Glide: Sendable {
    var simulation: any Simulation
    var startTime: Double
    /// Pixels added by re-bases since the start.
    var shift: Double = 0
    var snapSlot: Int?
}
