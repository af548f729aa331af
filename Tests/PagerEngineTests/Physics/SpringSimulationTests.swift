import PagerEngine
import Testing

@Suite("SpringSimulation")
struct SpringSimulationTests {
    /// The first time `isDone` holds, sampled every 0.1 ms for up to 60 s, and the largest overshoot past `end` before it.
    static func settle(_ simulation: SpringSimulation, from start: Double) -> (doneTime: Double, overshoot: Double) {
        let direction: Double = simulation.end >= start ? 1 : -1
        var overshoot = 0.0
        var step = 0
        while !simulation.isDone(at: Double(step) / 10_000), step < 600_000 {
            overshoot = Swift.max(
                overshoot, (simulation.position(at: Double(step) / 10_000) - simulation.end) * direction)
            step += 1
        }
        return (Double(step) / 10_000, overshoot)
    }

    @Test func pagingSpringConstants() {
        let spring = SpringDescription.paging
        #expect(spring.mass == 1 && spring.stiffness == 168 && spring.damping == 23.27)
        // ω0 = √168 = 12.9615 rad/s; ζ = 23.27/(2·√168) = 0.89766 (the starting design's "0.8975" was this rounded down; docs/PHYSICS.md).
        #expect(PhysicsReference.rounds(spring.undampedAngularFrequency, to: 12.96, places: 2))
        #expect(PhysicsReference.rounds(spring.dampingRatio, to: 0.8977, places: 4))
    }

    /// docs/PHYSICS.md: a 1280 px page released at rest at 40 % (512 px) settles back to 0 in 0.654 s.
    /// The overshoot before that, 512·e^(−ζπ/√(1−ζ²)) with ζ = 0.89766, is 0.8514 px (the starting design's
    /// 0.856 px came from the rounded ζ = 0.8975, not from damping 23.27).
    @Test(arguments: [1.0, -1.0])
    func designSettleReference(direction: Double) {
        let start = 512 * direction
        let simulation = SpringSimulation(start: start, end: 0, velocity: 0)
        let settle = Self.settle(simulation, from: start)
        #expect(PhysicsReference.rounds(settle.doneTime, to: 0.654, places: 3))
        #expect(PhysicsReference.rounds(settle.overshoot, to: 0.8514, places: 4))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var spring: SpringDescription
        var start: Double
        var end: Double
        var velocity: Double
        var testDescription: String { "\(name) \(start)→\(end) at \(velocity) px/s" }
    }

    static let regimes: [Case] = [
        Case(name: "paging", spring: .paging, start: 512, end: 0, velocity: 0),
        Case(name: "paging", spring: .paging, start: -300, end: 1280, velocity: -2500),
        Case(
            name: "under", spring: SpringDescription(mass: 2, stiffness: 300, damping: 4), start: 0, end: 100,
            velocity: 900),
        Case(
            name: "under", spring: SpringDescription(mass: 1, stiffness: 100, damping: 1e-3), start: 10, end: 0,
            velocity: 0),
        // Critical: c² = 4mk.
        Case(
            name: "critical", spring: SpringDescription(mass: 1, stiffness: 100, damping: 20), start: 640, end: 0,
            velocity: 0),
        Case(
            name: "critical", spring: SpringDescription(mass: 0.5, stiffness: 200, damping: 20), start: 0, end: -960,
            velocity: 1500),
        Case(
            name: "over", spring: SpringDescription(mass: 1, stiffness: 100, damping: 50), start: -200, end: 200,
            velocity: 0),
        Case(
            name: "over", spring: SpringDescription(mass: 3, stiffness: 400, damping: 90), start: 1000, end: 0,
            velocity: 4000),
    ]

    @Test(arguments: regimes)
    func startsWhereAndHowItWasAsked(_ input: Case) {
        let simulation = SpringSimulation(
            spring: input.spring, start: input.start, end: input.end, velocity: input.velocity)
        #expect(simulation.end == input.end)
        #expect(PhysicsReference.isClose(simulation.position(at: 0), input.start, relative: 1e-12))
        #expect(PhysicsReference.isClose(simulation.velocity(at: 0), input.velocity, relative: 1e-9))
    }

    /// The closed form must solve `m·x'' + c·x' + k·(x − end) = 0`, and `velocity` must be the slope of `position`
    /// (checked with central differences, independently of the formulas).
    @Test(arguments: regimes)
    func solvesTheSpringEquation(_ input: Case) {
        let spring = input.spring
        let simulation = SpringSimulation(spring: spring, start: input.start, end: input.end, velocity: input.velocity)
        let step = 1e-4
        let scale = Swift.max(abs(input.start - input.end), abs(input.velocity), 1)
        for index in 1...40 {
            let time = Double(index) * 0.025
            let ahead = simulation.position(at: time + step)
            let here = simulation.position(at: time)
            let behind = simulation.position(at: time - step)
            let slope = (ahead - behind) / (2 * step)
            let curvature = (ahead - 2 * here + behind) / (step * step)
            #expect(abs(slope - simulation.velocity(at: time)) <= 1e-6 * scale * spring.stiffness)
            let residual = spring.mass * curvature + spring.damping * slope + spring.stiffness * (here - input.end)
            #expect(abs(residual) <= 1e-3 * scale * spring.stiffness)
        }
    }

    @Test(arguments: regimes.filter { $0.name == "critical" || $0.name == "over" })
    func criticalAndOverDampedSpringsReachTheirEndWithoutOvershootFromRest(_ input: Case) {
        let simulation = SpringSimulation(spring: input.spring, start: input.start, end: input.end, velocity: 0)
        let direction: Double = input.end > input.start ? 1 : -1
        var previous = input.start
        for step in 0...40_000 {
            let position = simulation.position(at: Double(step) / 1000)
            #expect((position - input.end) * direction <= 0)
            #expect((position - previous) * direction >= 0)
            previous = position
        }
        let settle = Self.settle(simulation, from: input.start)
        #expect(settle.overshoot <= 0)
        #expect(simulation.isDone(at: settle.doneTime))
        #expect(simulation.isDone(at: 1000))
    }

    @Test func atTheEndAndAtRestIsDoneAtOnce() {
        let simulation = SpringSimulation(start: 320, end: 320, velocity: 0)
        #expect(simulation.isDone(at: 0))
        #expect(simulation.position(at: 3) == 320)
    }

    @Test(arguments: [0.49, -0.49])
    func toleranceIsExclusiveAndConfigurable(offset: Double) {
        let standard = SpringSimulation(start: offset, end: 0, velocity: 0)
        #expect(standard.isDone(at: 0))
        let strict = SpringSimulation(
            start: offset, end: 0, velocity: 0, tolerance: Tolerance(distance: 0.49, velocity: 10))
        #expect(!strict.isDone(at: 0))
        let moving = SpringSimulation(start: offset, end: 0, velocity: 10)
        #expect(!moving.isDone(at: 0))
    }

    @Test(arguments: [
        SpringDescription(mass: 0, stiffness: 168, damping: 23.27),
        SpringDescription(mass: 1, stiffness: 0, damping: 23.27),
        SpringDescription(mass: -1, stiffness: 168, damping: 23.27),
        SpringDescription(mass: 1, stiffness: 168, damping: -1),
        SpringDescription(mass: 1, stiffness: 168, damping: 0),
        SpringDescription(mass: .nan, stiffness: 168, damping: 23.27),
        SpringDescription(mass: 1, stiffness: .infinity, damping: 23.27),
    ])
    func springsThatNeverSettleRestAtTheirEnd(spring: SpringDescription) {
        let simulation = SpringSimulation(spring: spring, start: 500, end: 40, velocity: 300)
        #expect(simulation.position(at: 0) == 40)
        #expect(simulation.velocity(at: 0) == 0)
        #expect(simulation.isDone(at: 0))
    }

    @Test func nonFiniteInputsAreReplaced() {
        let noVelocity = SpringSimulation(start: 100, end: 0, velocity: .nan)
        #expect(noVelocity.velocity(at: 0) == 0)
        let noStart = SpringSimulation(start: .infinity, end: 30, velocity: 0)
        #expect(noStart.position(at: 0) == 30)
        let noEnd = SpringSimulation(start: 30, end: .nan, velocity: 0)
        #expect(noEnd.end == 30)
        #expect(noEnd.isDone(at: 0))
    }

    @Test(arguments: regimes)
    func oddTimesStayFinite(_ input: Case) {
        let simulation = SpringSimulation(
            spring: input.spring, start: input.start, end: input.end, velocity: input.velocity)
        for time in [-1, .nan, .infinity, 1e300, .greatestFiniteMagnitude] as [Double] {
            #expect(simulation.position(at: time).isFinite)
            #expect(simulation.velocity(at: time).isFinite)
        }
        #expect(simulation.position(at: -1) == simulation.position(at: 0))
    }
}
