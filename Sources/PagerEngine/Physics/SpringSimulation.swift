import RealModule

/// Closed-form damped spring: under-, critically and over-damped cases (Flutter's SpringSimulation shape).
///
/// The motion is the exact solution of `m·x'' + c·x' + k·(x − end) = 0` from `start` with `velocity`,
/// so any frame rate samples the same path. A spring that is not physical or would never settle
/// (non-positive mass, stiffness or damping, non-finite numbers) is at rest at `end` from the start.
public struct SpringSimulation: Simulation, Equatable {
    /// The rest position the spring pulls towards, in pixels.
    public let end: Double
    private let solution: Solution
    private let tolerance: Tolerance

    /// Creates a spring motion from `start` towards `end` that begins with `velocity` (pixels per second).
    public init(
        spring: SpringDescription = .paging,
        start: Double,
        end: Double,
        velocity: Double,
        tolerance: Tolerance = .standard
    ) {
        let end = PhysicsInput.finite(end, or: PhysicsInput.finite(start, or: 0))
        self.end = end
        self.tolerance = tolerance
        self.solution = Solution(
            spring: spring,
            displacement: PhysicsInput.finite(start, or: end) - end,
            velocity: PhysicsInput.finite(velocity, or: 0)
        )
    }

    /// The position at `time` seconds after the start, in pixels.
    public func position(at time: Double) -> Double {
        end + solution.displacement(at: PhysicsInput.elapsed(time))
    }

    /// The velocity at `time` seconds after the start, in pixels per second.
    public func velocity(at time: Double) -> Double {
        solution.velocity(at: PhysicsInput.elapsed(time))
    }

    /// Whether the spring is within `tolerance.distance` of `end` and slower than `tolerance.velocity`.
    public func isDone(at time: Double) -> Bool {
        let elapsed = PhysicsInput.elapsed(time)
        return abs(solution.displacement(at: elapsed)) < tolerance.distance
            && abs(solution.velocity(at: elapsed)) < tolerance.velocity
    }
}

extension SpringSimulation {
    /// The displacement from `end` as a sum of exponentials, one case per damping regime (Flutter's `_SpringSolution`).
    private enum Solution: Equatable {
        /// No motion: the spring is not physical or never settles, so it rests at its end.
        case atRest
        /// `x = (c1 + c2·t)·e^(r·t)`.
        case criticallyDamped(rate: Double, c1: Double, c2: Double)
        /// `x = c1·e^(r1·t) + c2·e^(r2·t)`.
        case overDamped(r1: Double, r2: Double, c1: Double, c2: Double)
        /// `x = e^(r·t)·(c1·cos(ω·t) + c2·sin(ω·t))`.
        case underDamped(rate: Double, frequency: Double, c1: Double, c2: Double)

        /// Discriminants within this fraction of `c² + 4mk` count as critical: there the over-damped
        /// coefficients divide by `r2 − r1 → 0`, while the critical form is off by only ~ this fraction × (ω0·t)².
        private static let criticalBand = 1e-10

        init(spring: SpringDescription, displacement: Double, velocity: Double) {
            guard spring.settles else {
                self = .atRest
                return
            }
            let (mass, stiffness, damping) = (spring.mass, spring.stiffness, spring.damping)
            let discriminant = damping * damping - 4 * mass * stiffness
            let scale = damping * damping + 4 * mass * stiffness
            if abs(discriminant) <= Self.criticalBand * scale {
                let rate = -damping / (2 * mass)
                self = .criticallyDamped(rate: rate, c1: displacement, c2: velocity - rate * displacement)
            } else if discriminant > 0 {
                let root = Double.sqrt(discriminant)
                let r1 = (-damping - root) / (2 * mass)
                let r2 = (-damping + root) / (2 * mass)
                let c2 = (velocity - r1 * displacement) / (r2 - r1)
                self = .overDamped(r1: r1, r2: r2, c1: displacement - c2, c2: c2)
            } else {
                let frequency = Double.sqrt(-discriminant) / (2 * mass)
                let rate = -damping / (2 * mass)
                self = .underDamped(
                    rate: rate, frequency: frequency,
                    c1: displacement, c2: (velocity - rate * displacement) / frequency
                )
            }
        }

        /// The displacement from the end at `time` (already non-negative).
        func displacement(at time: Double) -> Double {
            guard time.isFinite else { return 0 }
            switch self {
            case .atRest:
                return 0
            case let .criticallyDamped(rate, c1, c2):
                // A decay that underflowed to 0 would meet a huge `c2·t` as 0·∞.
                let decay = Double.exp(rate * time)
                return decay == 0 ? 0 : (c1 + c2 * time) * decay
            case let .overDamped(r1, r2, c1, c2):
                return c1 * Double.exp(r1 * time) + c2 * Double.exp(r2 * time)
            case let .underDamped(rate, frequency, c1, c2):
                let (decay, angle) = (Double.exp(rate * time), frequency * time)
                // Long after the decay underflowed, the angle may overflow: cos(∞) is NaN.
                guard decay > 0, angle.isFinite else { return 0 }
                return decay * (c1 * Double.cos(angle) + c2 * Double.sin(angle))
            }
        }

        /// The velocity at `time` (already non-negative), in pixels per second.
        func velocity(at time: Double) -> Double {
            guard time.isFinite else { return 0 }
            switch self {
            case .atRest:
                return 0
            case let .criticallyDamped(rate, c1, c2):
                let decay = Double.exp(rate * time)
                return decay == 0 ? 0 : (rate * (c1 + c2 * time) + c2) * decay
            case let .overDamped(r1, r2, c1, c2):
                return c1 * r1 * Double.exp(r1 * time) + c2 * r2 * Double.exp(r2 * time)
            case let .underDamped(rate, frequency, c1, c2):
                let (decay, angle) = (Double.exp(rate * time), frequency * time)
                guard decay > 0, angle.isFinite else { return 0 }
                let (cosine, sine) = (Double.cos(angle), Double.sin(angle))
                return decay
                    * (rate * (c1 * cosine + c2 * sine) + frequency * (c2 * cosine - c1 * sine))
            }
        }
    }
}
