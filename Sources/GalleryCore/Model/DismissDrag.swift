import PagerEngine
import Support

/// Dragging a photo at fit down to go back to the grid, as Apple Photos and PhotoSwipe close a photo: the press is
/// watched until the pointer passes the drag slop; a first movement mostly downward takes the gesture (anything else
/// leaves it to the page drag, which decides by the same slop). The photo then follows the pointer, shrinking toward
/// its grid cell's size while the background fades; a release far enough down, or a downward fling, goes to the grid,
/// any other release springs the photo back. A value of the times passed in, so tests and headless runs replay it.
public struct DismissDrag: Sendable {
    /// What the drag is doing.
    public enum Phase: Sendable {
        /// Pressed, not yet past the slop: the pager holds the press too.
        case undecided
        /// The photo follows the pointer.
        case dragging
        /// Released short of the threshold: the photo springs back to rest from `startTime`.
        case returning(x: SpringSimulation, y: SpringSimulation, startTime: Double)
    }

    /// What a release did.
    public enum Release: Equatable, Sendable {
        /// Far enough down, or flung down: back to the grid.
        case dismissed
        /// Short of it: the photo springs back.
        case returning
    }

    /// The photo dragged (library index).
    public let photo: PhotoID
    /// Where the press went down.
    public let pressX: Double
    /// See `pressX`.
    public let pressY: Double
    /// The viewport's height, which the fade and the threshold are measured against.
    public let viewportHeight: Double
    /// What the drag is doing.
    public private(set) var phase = Phase.undecided
    /// The grid the drag goes back to, laid out as it will open, once the drag shows it behind the photo.
    public internal(set) var grid: GridModel?
    /// The pointer's travel from the press while dragging (the photo's offset).
    private var travelX = 0.0
    private var travelY = 0.0
    private var trackerX = VelocityTracker()
    private var trackerY = VelocityTracker()

    /// The pointer must move this far before the gesture is decided: the page drag's slop (`PagerConfiguration`).
    public let slop: Double

    /// A vertical drag travels a third of the viewport's height to fade the background out entirely, and a release
    /// whose projected travel is past 0.4 of that third dismisses: PhotoSwipe 5's `_getVerticalDragRatio` and
    /// `MIN_RATIO_TO_CLOSE`.
    public static let fadeFraction = 1.0 / 3
    /// See `fadeFraction`.
    public static let closeRatio = 0.4
    /// Seconds of the release velocity added to the travel before the threshold is tested, so a quick downward flick
    /// dismisses: PhotoSwipe 5 projects with a deceleration of 0.995 a millisecond, 0.995 / 0.005 ms = 0.199 s.
    public static let projection = 0.199
    /// The spring back: the key paging spring, critically damped as the page snap of a key press is (PhotoSwipe
    /// springs back with damping ratio 1 too), so the photo is back within half a pixel in 0.2 s, never overshooting.
    public static let spring = SpringDescription.keyPaging

    /// A press at (`x`, `y`) on `photo`, shown at fit in a pager resting in a viewport `viewportHeight` tall.
    public init(photo: PhotoID, x: Double, y: Double, at time: Double, viewportHeight: Double, slop: Double) {
        self.photo = photo
        pressX = x
        pressY = y
        self.viewportHeight = max(viewportHeight, 1)
        self.slop = slop
        trackerX.addSample(time: time, position: x)
        trackerY.addSample(time: time, position: y)
    }

    /// How a move to (`x`, `y`) was decided.
    public enum Decision: Equatable, Sendable {
        /// Still within the slop: the move goes on to the pager as well (it is within its slop too).
        case undecided
        /// The first movement past the slop went mostly down: the drag is this one's, on this move.
        case takes
        /// The drag is this one's and goes on.
        case follows
        /// The first movement went sideways or up: the drag is the pager's, and this value is done with.
        case declines
    }

    /// The pointer moved to (`x`, `y`) with the button down.
    public mutating func move(x: Double, y: Double, at time: Double) -> Decision {
        let (dx, dy) = (x - pressX, y - pressY)
        switch phase {
        case .returning:
            return .declines
        case .undecided:
            guard max(abs(dx), abs(dy)) > slop else {
                trackerX.addSample(time: time, position: x)
                trackerY.addSample(time: time, position: y)
                return .undecided
            }
            guard dy > 0, dy > abs(dx) else { return .declines }
            phase = .dragging
            follow(x: x, y: y, at: time)
            return .takes
        case .dragging:
            follow(x: x, y: y, at: time)
            return .follows
        }
    }

    /// The pointer let go at (`x`, `y`): dismissed when the travel down, projected by the release velocity, is past
    /// the threshold; otherwise the photo springs back.
    public mutating func release(x: Double, y: Double, at time: Double) -> Release {
        follow(x: x, y: y, at: time)
        let velocityY = trackerY.velocity(at: time)
        let projected = travelY + velocityY * Self.projection
        if travelY > 0, velocityY >= 0, projected / (viewportHeight * Self.fadeFraction) > Self.closeRatio {
            return .dismissed
        }
        springBack(velocityX: trackerX.velocity(at: time), velocityY: velocityY, at: time)
        return .returning
    }

    /// The gesture was taken away: the photo springs back from where it is, with no velocity.
    public mutating func cancel(at time: Double) {
        springBack(velocityX: 0, velocityY: 0, at: time)
    }

    /// The photo's offset from where it rests at `time`, in pixels (down and right positive).
    public func offset(at time: Double) -> (x: Double, y: Double) {
        switch phase {
        case .undecided: return (0, 0)
        case .dragging: return (travelX, travelY)
        case .returning(let x, let y, let start):
            let elapsed = max(time - start, 0)
            return (x.position(at: elapsed), y.position(at: elapsed))
        }
    }

    /// Whether the spring back has arrived by `time` (always false while dragging).
    public func hasReturned(at time: Double) -> Bool {
        guard case .returning(let x, let y, let start) = phase else { return false }
        let elapsed = max(time - start, 0)
        return x.isDone(at: elapsed) && y.isDone(at: elapsed)
    }

    /// How the photo is shown at `time`: its offset, how far it has shrunk toward its grid cell's size (0 at rest, 1
    /// at the cell's size once dragged the viewport's height down: a shrink the eye follows without the photo getting
    /// small under the pointer), and the background's opacity (1 at rest, 0 a third of the height down).
    public func pose(at time: Double) -> DismissPose {
        let (x, y) = offset(at: time)
        let down = max(y, 0)
        return DismissPose(
            photo: photo, offsetX: x, offsetY: y, shrink: min(down / viewportHeight, 1),
            backgroundOpacity: 1 - min(down / (viewportHeight * Self.fadeFraction), 1))
    }

    /// How the photo dragged down shows at `time`, with its grid cell; nil before the drag down took the gesture.
    public func shownPose(at time: Double) -> DismissPose? {
        if case .undecided = phase { return nil }
        var shown = pose(at: time)
        shown.cell = grid?.selectionCell(at: time)
        return shown
    }

    /// Whether the photo is springing back (frames must follow).
    public var isReturning: Bool {
        if case .returning = phase { return true }
        return false
    }

    private mutating func follow(x: Double, y: Double, at time: Double) {
        trackerX.addSample(time: time, position: x)
        trackerY.addSample(time: time, position: y)
        guard case .dragging = phase else { return }
        travelX = x - pressX
        travelY = y - pressY
    }

    private mutating func springBack(velocityX: Double, velocityY: Double, at time: Double) {
        let (x, y) = offset(at: time)
        phase = .returning(
            x: SpringSimulation(spring: Self.spring, start: x, end: 0, velocity: velocityX),
            y: SpringSimulation(spring: Self.spring, start: y, end: 0, velocity: velocityY), startTime: time)
    }
}
