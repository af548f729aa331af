import RealModule

/// Friction that comes to rest exactly at `end` (Flutter's FrictionSimulation.through), used to snap a
/// free deceleration to a row: x(t) = x0 + v0/k·(1 − e^(−kt)).
///
/// As in Flutter's `through(start, end, v0, ±stopVelocity)`, `k = (|v0| − stopVelocity)/|end − x0|`, so the
/// position reaches `end` exactly when the speed falls to `stopVelocity`, at `duration`; from then on the
/// motion is done and rests at `end`. The failable init returns nil when end is not ahead in the direction
/// of v0, or |v0| is not above stopVelocity.
public struct SnappingDecelerationSimulation: Simulation, Equatable {
    /// The position where the motion comes to rest, in pixels.
    public let end: Double
    /// The time when the motion reaches `end` at `stopVelocity`, in seconds.
    public let duration: Double
    private let start: Double
    private let initialVelocity: Double
    /// `k`: the exponential decay rate of the velocity, per second.
    private let friction: Double

    /// Creates a deceleration from `start` with `velocity` (pixels per second) that stops exactly at `end`.
    public init?(start: Double, velocity: Double, end: Double, stopVelocity: Double = 10) {
        let floor = DecelerationSimulation.minimumStopVelocity
        let stopSpeed = stopVelocity > floor ? stopVelocity : floor
        let distance = end - start
        guard start.isFinite, end.isFinite, velocity.isFinite, distance.isFinite,
            (distance > 0 && velocity > 0) || (distance < 0 && velocity < 0),
            abs(velocity) > stopSpeed
        else { return nil }
        let friction = (abs(velocity) - stopSpeed) / abs(distance)
        self.start = start
        self.end = end
        self.initialVelocity = velocity
        self.friction = friction
        // A distance so small that k overflows is covered at once.
        self.duration = friction.isFinite ? Double.log(abs(velocity) / stopSpeed) / friction : 0
    }

    /// The position at `time` seconds after the start; `end` from `duration` on.
    public func position(at time: Double) -> Double {
        let elapsed = PhysicsInput.elapsed(time)
        guard elapsed < duration else { return end }
        // v0/k·(1 − e^(−kt)) written as v0·t·(1 − e^(−u))/u, u = kt, which stays finite as k → 0.
        let exponent = friction * elapsed
        let fraction = exponent > 0 ? -Double.expMinusOne(-exponent) / exponent : 1
        return start + initialVelocity * elapsed * fraction
    }

    /// The velocity `v0·e^(−kt)` at `time` seconds after the start; 0 from `duration` on.
    public func velocity(at time: Double) -> Double {
        let elapsed = PhysicsInput.elapsed(time)
        guard elapsed < duration else { return 0 }
        return initialVelocity * Double.exp(-friction * elapsed)
    }

    /// Whether the motion has reached `end`: `time >= duration`.
    public func isDone(at time: Double) -> Bool {
        PhysicsInput.elapsed(time) >= duration
    }
}
