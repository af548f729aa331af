import RealModule

/// UIKit's deceleration, per-millisecond model made continuous: v(t) = v0·r^(1000t),
/// x(t) = x0 + (v0/1000)·r·(1 − r^(1000t))/(1 − r)  (this is the form whose reference value is x(0.1 s) = 181.07 px).
///
/// The position is the per-millisecond sum `Σ v0·rⁿ/1000` extended to real `n = 1000t`, so its slope is
/// `v(t)·(−r·ln r/(1 − r))`, 0.1 % below `v(t)` at r = 0.998: `velocity(at:)` reports UIKit's `v(t)`.
/// The motion stops at `duration`, when the speed falls to `stopVelocity`; a rate outside (0, 1) stops at once.
public struct DecelerationSimulation: Simulation, Equatable {
    /// The position where the motion comes to rest (at `duration`), in pixels.
    public let finalPosition: Double
    /// The time when the speed falls below `stopVelocity`, in seconds (0 if it starts below).
    public let duration: Double
    private let start: Double
    private let initialVelocity: Double
    /// `1000·ln r`: the velocity's exponential rate per second.
    private let decayPerSecond: Double
    /// `(v0/1000)·r/(1 − r)`: the distance travelled by the time the motion would reach zero speed.
    private let travel: Double

    /// Stop velocities below this floor are raised to it, so that `duration` stays finite (px/s, far below a pixel a frame).
    static let minimumStopVelocity = 1e-3

    /// Creates a free deceleration from `start` with `velocity` (pixels per second).
    public init(start: Double, velocity: Double, rate: DecelerationRate = .normal, stopVelocity: Double = 10) {
        let start = PhysicsInput.finite(start, or: 0)
        let velocity = PhysicsInput.finite(velocity, or: 0)
        let stopSpeed = stopVelocity > Self.minimumStopVelocity ? stopVelocity : Self.minimumStopVelocity
        let ratio = rate.perMillisecond
        self.start = start
        guard ratio > 0, ratio < 1, abs(velocity) > stopSpeed else {
            self.initialVelocity = 0
            self.decayPerSecond = 0
            self.travel = 0
            self.duration = 0
            self.finalPosition = start
            return
        }
        let decayPerSecond = 1000 * Double.log(ratio)
        let travel = velocity / 1000 * ratio / (1 - ratio)
        let duration = Double.log(stopSpeed / abs(velocity)) / decayPerSecond
        self.initialVelocity = velocity
        self.decayPerSecond = decayPerSecond
        self.travel = travel
        self.duration = duration
        self.finalPosition = start + travel * -Double.expMinusOne(decayPerSecond * duration)
    }

    /// The position at `time` seconds after the start; `finalPosition` from `duration` on.
    public func position(at time: Double) -> Double {
        let elapsed = PhysicsInput.elapsed(time)
        guard elapsed < duration else { return finalPosition }
        return start + travel * -Double.expMinusOne(decayPerSecond * elapsed)
    }

    /// The velocity `v0·r^(1000t)` at `time` seconds after the start; 0 from `duration` on.
    public func velocity(at time: Double) -> Double {
        let elapsed = PhysicsInput.elapsed(time)
        guard elapsed < duration else { return 0 }
        return initialVelocity * Double.exp(decayPerSecond * elapsed)
    }

    /// Whether the motion has stopped: `time >= duration`.
    public func isDone(at time: Double) -> Bool {
        PhysicsInput.elapsed(time) >= duration
    }
}
