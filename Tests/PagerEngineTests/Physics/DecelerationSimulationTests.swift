import PagerEngine
import Testing

@Suite("DecelerationSimulation")
struct DecelerationSimulationTests {
    /// docs/PHYSICS.md: rate 0.998, fling 2000 px/s stops after 2.6465 s; x(0.10 s) = 181.07 px, v(0.10 s) = 1637.13 px/s.
    @Test(arguments: [1.0, -1.0])
    func designReferenceValues(direction: Double) {
        let simulation = DecelerationSimulation(start: 0, velocity: 2000 * direction)
        #expect(PhysicsReference.rounds(simulation.duration, to: 2.6465, places: 4))
        #expect(PhysicsReference.rounds(simulation.position(at: 0.10), to: 181.07 * direction, places: 2))
        #expect(PhysicsReference.rounds(simulation.velocity(at: 0.10), to: 1637.13 * direction, places: 2))
    }

    struct Fling: Sendable, CustomTestStringConvertible {
        var start: Double
        var velocity: Double
        var rate: Double
        var testDescription: String { "from \(start) at \(velocity) px/s, rate \(rate)" }
    }

    static let flings = [
        Fling(start: 0, velocity: 2000, rate: 0.998),
        Fling(start: 640, velocity: -4500, rate: 0.998),
        Fling(start: -300, velocity: 8000, rate: 0.99),
        Fling(start: 12.5, velocity: 35, rate: 0.995),
    ]

    /// The continuous form must agree with UIKit's discrete model — every millisecond `v *= r; x += v/1000` —
    /// at every whole millisecond up to the stop.
    @Test(arguments: flings)
    func matchesThePerMillisecondModelAtWholeMilliseconds(_ fling: Fling) {
        let simulation = DecelerationSimulation(
            start: fling.start, velocity: fling.velocity, rate: DecelerationRate(perMillisecond: fling.rate))
        var position = fling.start
        var velocity = fling.velocity
        var millisecond = 0
        while Double(millisecond + 1) / 1000 < simulation.duration {
            millisecond += 1
            velocity *= fling.rate
            position += velocity / 1000
            let time = Double(millisecond) / 1000
            #expect(PhysicsReference.isClose(simulation.position(at: time), position, relative: 1e-9))
            #expect(PhysicsReference.isClose(simulation.velocity(at: time), velocity, relative: 1e-9))
        }
        #expect(millisecond > 0)
    }

    @Test(arguments: flings)
    func stopsWhenTheSpeedFallsBelowTheStopVelocity(_ fling: Fling) {
        let simulation = DecelerationSimulation(
            start: fling.start, velocity: fling.velocity, rate: DecelerationRate(perMillisecond: fling.rate))
        let justBefore = simulation.duration * (1 - 1e-9)
        #expect(abs(simulation.velocity(at: justBefore)) >= 10 - 1e-6)
        #expect(!simulation.isDone(at: justBefore))
        #expect(simulation.isDone(at: simulation.duration))
        #expect(simulation.velocity(at: simulation.duration) == 0)
        #expect(simulation.position(at: simulation.duration) == simulation.finalPosition)
        #expect(simulation.position(at: simulation.duration + 5) == simulation.finalPosition)
        #expect(PhysicsReference.isClose(simulation.position(at: justBefore), simulation.finalPosition, relative: 1e-9))
        // It travels the way it was flung, and never back.
        #expect((simulation.finalPosition - fling.start) * fling.velocity > 0)
    }

    @Test(arguments: [0.0, 9.99, -9.99, 10, -10])
    func slowStartsDoNotMove(velocity: Double) {
        let simulation = DecelerationSimulation(start: 50, velocity: velocity)
        #expect(simulation.duration == 0)
        #expect(simulation.finalPosition == 50)
        #expect(simulation.isDone(at: 0))
        #expect(simulation.position(at: 0.5) == 50)
        #expect(simulation.velocity(at: 0) == 0)
    }

    @Test(arguments: [0.0, 1.0, 1.5, -0.5, .nan, .infinity])
    func ratesOutsideTheOpenUnitIntervalStopAtOnce(rate: Double) {
        let simulation = DecelerationSimulation(
            start: 10, velocity: 3000, rate: DecelerationRate(perMillisecond: rate))
        #expect(simulation.duration == 0)
        #expect(simulation.finalPosition == 10)
        #expect(simulation.isDone(at: 0))
    }

    @Test func fastRateStopsSoonerAndShorter() {
        let normal = DecelerationSimulation(start: 0, velocity: 3000, rate: .normal)
        let fast = DecelerationSimulation(start: 0, velocity: 3000, rate: .fast)
        #expect(fast.duration < normal.duration)
        #expect(fast.finalPosition < normal.finalPosition)
    }

    @Test(arguments: [0.0, -1, .nan, .infinity])
    func stopVelocityStaysUsable(stopVelocity: Double) {
        let simulation = DecelerationSimulation(start: 0, velocity: 2000, stopVelocity: stopVelocity)
        #expect(simulation.duration.isFinite)
        #expect(simulation.finalPosition.isFinite)
        #expect(simulation.isDone(at: simulation.duration))
    }

    @Test func timesBeforeTheStartReadAsTheStart() {
        let simulation = DecelerationSimulation(start: 7, velocity: 1200)
        #expect(simulation.position(at: -1) == 7)
        #expect(simulation.position(at: .nan) == 7)
        #expect(simulation.velocity(at: -1) == 1200)
        #expect(simulation.position(at: .infinity) == simulation.finalPosition)
        #expect(simulation.velocity(at: .infinity) == 0)
    }
}
