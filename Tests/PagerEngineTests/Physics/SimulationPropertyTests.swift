import PagerEngine
import Testing

/// Properties over many seeded random inputs: finite outputs, convergence, and frame-rate independence.
@Suite("Simulation properties")
struct SimulationPropertyTests {
    static let seeds: [UInt64] = [0x5EED, 42, 2024]
    static let casesPerSeed = 300
    /// Times no caller should pass but every simulation must survive.
    static let oddTimes: [Double] = [-5, -.infinity, .nan, 0, 1e-300, 1e6, 1e300, .infinity]

    static func randomSpring(using random: inout PhysicsSeededGenerator) -> (SpringDescription, SpringSimulation) {
        let mass = Double.random(in: 0.2...5, using: &random)
        let stiffness = Double.random(in: 10...2_000, using: &random)
        // Damping ratios from 0.05 (bouncy) to 4 (sluggish), critical included.
        let ratio = Int.random(in: 0...3, using: &random) == 0 ? 1 : Double.random(in: 0.05...4, using: &random)
        let damping = ratio * 2 * (stiffness * mass).squareRoot()
        let spring = SpringDescription(mass: mass, stiffness: stiffness, damping: damping)
        let simulation = SpringSimulation(
            spring: spring,
            start: Double.random(in: -5_000...5_000, using: &random),
            end: Double.random(in: -5_000...5_000, using: &random),
            velocity: Double.random(in: -8_000...8_000, using: &random)
        )
        return (spring, simulation)
    }

    static func randomDeceleration(using random: inout PhysicsSeededGenerator) -> DecelerationSimulation {
        DecelerationSimulation(
            start: Double.random(in: -1e6...1e6, using: &random),
            velocity: Double.random(in: -1e5...1e5, using: &random),
            rate: DecelerationRate(perMillisecond: Double.random(in: 0.9...0.9999, using: &random))
        )
    }

    static func randomSnapping(using random: inout PhysicsSeededGenerator) -> SnappingDecelerationSimulation? {
        let velocity = Double.random(in: -1e4...1e4, using: &random)
        let start = Double.random(in: -1e5...1e5, using: &random)
        let distance = Double.random(in: 0.01...5_000, using: &random)
        return SnappingDecelerationSimulation(
            start: start, velocity: velocity, end: start + (velocity < 0 ? -distance : distance))
    }

    /// How long a spring takes, at most, to come within the standard tolerance: its slowest exponential
    /// rate must shrink the initial amplitude (and the velocity's) below the tolerance, with margin.
    static func settleBound(_ spring: SpringDescription, _ simulation: SpringSimulation) -> Double {
        let (mass, stiffness, damping) = (spring.mass, spring.stiffness, spring.damping)
        let discriminant = damping * damping - 4 * mass * stiffness
        let slowestRate = discriminant > 0 ? (damping - discriminant.squareRoot()) / (2 * mass) : damping / (2 * mass)
        let amplitude = abs(simulation.position(at: 0) - simulation.end) + abs(simulation.velocity(at: 0)) + 1
        // ln(shrink) rounded up to a whole number of ln 2, from the binary exponent (no Foundation needed);
        // the factor 2 on time absorbs the t·e^(rt) term of (near-)critical springs.
        let shrink = 1e6 * amplitude * (1 + stiffness)
        let logShrink = Double(shrink.exponent + 1) * 0.6931471805599453
        return 2 * logShrink / slowestRate + 1
    }

    @Test(arguments: seeds)
    func springsStayFiniteAndConverge(seed: UInt64) {
        var random = PhysicsSeededGenerator(seed: seed)
        for _ in 0..<Self.casesPerSeed {
            let (spring, simulation) = Self.randomSpring(using: &random)
            for time in Self.oddTimes + (0..<20).map({ _ in Double.random(in: 0...30, using: &random) }) {
                #expect(simulation.position(at: time).isFinite)
                #expect(simulation.velocity(at: time).isFinite)
            }
            let bound = Self.settleBound(spring, simulation)
            #expect(simulation.isDone(at: bound), "\(spring) not done by \(bound) s")
            #expect(simulation.isDone(at: bound * 10))
            #expect(abs(simulation.position(at: bound) - simulation.end) < 0.5)
        }
    }

    @Test(arguments: seeds)
    func decelerationsStayFiniteAndStop(seed: UInt64) {
        var random = PhysicsSeededGenerator(seed: seed)
        for _ in 0..<Self.casesPerSeed {
            let simulation = Self.randomDeceleration(using: &random)
            #expect(simulation.duration.isFinite && simulation.duration >= 0)
            #expect(simulation.finalPosition.isFinite)
            #expect(simulation.isDone(at: simulation.duration))
            for time in Self.oddTimes {
                #expect(simulation.position(at: time).isFinite)
                #expect(simulation.velocity(at: time).isFinite)
            }
            let start = simulation.position(at: 0)
            var previous = start
            for index in 0...50 {
                let position = simulation.position(at: simulation.duration * Double(index) / 50)
                #expect((position - previous) * (simulation.finalPosition - start) >= 0)
                previous = position
            }
        }
    }

    @Test(arguments: seeds)
    func snappingDecelerationsStayFiniteAndLandOnTheirEnd(seed: UInt64) {
        var random = PhysicsSeededGenerator(seed: seed)
        var built = 0
        for _ in 0..<Self.casesPerSeed {
            guard let simulation = Self.randomSnapping(using: &random) else { continue }
            built += 1
            #expect(simulation.duration.isFinite && simulation.duration >= 0)
            for time in Self.oddTimes {
                #expect(simulation.position(at: time).isFinite)
                #expect(simulation.velocity(at: time).isFinite)
            }
            #expect(simulation.isDone(at: simulation.duration))
            #expect(simulation.position(at: simulation.duration) == simulation.end)
        }
        #expect(built > Self.casesPerSeed * 9 / 10)
    }

    /// Each simulation is evaluated on 30, 60, 144 and 240 Hz grids; at the times the grids share
    /// (every 1/6 s), all of them must see exactly the same values, whatever else was evaluated before.
    @Test(arguments: seeds)
    func frameRatesAgreeAtSharedTimes(seed: UInt64) {
        var random = PhysicsSeededGenerator(seed: seed)
        var simulations: [any Simulation] = []
        for _ in 0..<40 {
            simulations.append(Self.randomSpring(using: &random).1)
            simulations.append(Self.randomDeceleration(using: &random))
            if let snapping = Self.randomSnapping(using: &random) { simulations.append(snapping) }
        }
        let rates = [30, 60, 144, 240]
        let sharedPeriodsPerSecond = 6
        let seconds = 3
        for simulation in simulations {
            var seen: [[Sample]] = []
            for rate in rates {
                let framesPerShared = rate / sharedPeriodsPerSecond
                var shared: [Sample] = []
                for frame in 0...(rate * seconds) {
                    let time = Double(frame) / Double(rate)
                    let sample = Sample(
                        position: simulation.position(at: time),
                        velocity: simulation.velocity(at: time),
                        isDone: simulation.isDone(at: time)
                    )
                    if frame % framesPerShared == 0 { shared.append(sample) }
                }
                seen.append(shared)
            }
            #expect(seen.allSatisfy { $0 == seen[0] })
            #expect(seen[0].count == sharedPeriodsPerSecond * seconds + 1)
        }
    }

    struct Sample: Equatable {
        var position: Double
        var velocity: Double
        var isDone: Bool
    }
}
