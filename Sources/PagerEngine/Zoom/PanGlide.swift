/// A zoomed photo's pan after the finger lifts: UIKit deceleration on each axis, stopping at the photo's edges, and a
/// stretched rubber band springing back. Closed form in time.
public struct PanGlide: Equatable, Sendable {
    /// The zoom when the finger lifted.
    public let start: PhotoZoom
    /// When it started, in seconds.
    public let startTime: Double
    private let x: AxisMotion
    private let y: AxisMotion

    private enum AxisMotion: Equatable, Sendable {
        case decelerate(DecelerationSimulation, limit: Double)
        case springBack(SpringSimulation)

        init(position: Double, velocity: Double, limit: Double) {
            if abs(position) > limit + 1e-9 {
                self = .springBack(
                    SpringSimulation(
                        spring: .paging, start: position, end: position > 0 ? limit : -limit, velocity: velocity))
            } else {
                self = .decelerate(DecelerationSimulation(start: position, velocity: velocity), limit: limit)
            }
        }

        func position(at time: Double) -> Double {
            switch self {
            case .decelerate(let simulation, let limit): min(max(simulation.position(at: time), -limit), limit)
            case .springBack(let simulation): simulation.position(at: time)
            }
        }

        func isDone(at time: Double) -> Bool {
            switch self {
            case .decelerate(let simulation, let limit):
                simulation.isDone(at: time) || abs(simulation.position(at: time)) >= limit
            case .springBack(let simulation): simulation.isDone(at: time)
            }
        }
    }

    /// The glide of `start` released at `time` with the pointer's velocity (`vx`, `vy`, px/s).
    public init(from start: PhotoZoom, velocityX vx: Double, velocityY vy: Double, time: Double) {
        self.start = start
        startTime = time
        x = AxisMotion(position: start.panX, velocity: vx, limit: start.panLimitX)
        y = AxisMotion(position: start.panY, velocity: vy, limit: start.panLimitY)
    }

    /// The zoom shown at `time`.
    public func zoom(at time: Double) -> PhotoZoom {
        let local = max(time - startTime, 0)
        return start.panned(toX: x.position(at: local), y: y.position(at: local))
    }

    /// Whether both axes have stopped by `time`.
    public func isDone(at time: Double) -> Bool {
        let local = max(time - startTime, 0)
        return x.isDone(at: local) && y.isDone(at: local)
    }
}
