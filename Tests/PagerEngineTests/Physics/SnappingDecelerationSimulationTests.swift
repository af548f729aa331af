import PagerEngine
import Testing

@Suite("SnappingDecelerationSimulation")
struct SnappingDecelerationSimulationTests {
    struct Snap: Sendable, CustomTestStringConvertible {
        var start: Double
        var velocity: Double
        var end: Double
        var testDescription: String { "\(start)→\(end) at \(velocity) px/s" }
    }

    static let snaps = [
        Snap(start: 0, velocity: 2000, end: 960),
        Snap(start: 0, velocity: 2000, end: 40),
        Snap(start: 500, velocity: -800, end: 120),
        Snap(start: 33, velocity: 10.5, end: 80),
        Snap(start: -1e4, velocity: 8000, end: 2e4),
    ]

    @Test(arguments: snaps)
    func comesToRestExactlyAtTheEnd(_ snap: Snap) throws {
        let simulation = try #require(
            SnappingDecelerationSimulation(start: snap.start, velocity: snap.velocity, end: snap.end))
        #expect(simulation.end == snap.end)
        #expect(simulation.duration > 0 && simulation.duration.isFinite)
        #expect(simulation.position(at: 0) == snap.start)
        #expect(simulation.velocity(at: 0) == snap.velocity)
        // Just before the stop it is already at the end, at the stop velocity: the final snap is invisible.
        let justBefore = simulation.duration * (1 - 1e-9)
        #expect(abs(simulation.position(at: justBefore) - snap.end) < 1e-6 * Swift.max(1, abs(snap.end - snap.start)))
        #expect(PhysicsReference.isClose(abs(simulation.velocity(at: justBefore)), 10, relative: 1e-6))
        #expect(!simulation.isDone(at: justBefore))
        #expect(simulation.isDone(at: simulation.duration))
        #expect(simulation.position(at: simulation.duration) == snap.end)
        #expect(simulation.velocity(at: simulation.duration) == 0)
    }

    /// Never passes the end nor turns back, and `velocity` is the slope of `position`.
    @Test(arguments: snaps)
    func glidesMonotonicallyWithAConsistentVelocity(_ snap: Snap) throws {
        let simulation = try #require(
            SnappingDecelerationSimulation(start: snap.start, velocity: snap.velocity, end: snap.end))
        let direction: Double = snap.velocity > 0 ? 1 : -1
        var previous = snap.start
        let steps = 2_000
        for index in 1...steps {
            let time = simulation.duration * Double(index) / Double(steps)
            let position = simulation.position(at: time)
            #expect((position - previous) * direction >= 0)
            #expect((position - snap.end) * direction <= 0)
            previous = position
        }
        let step = simulation.duration * 1e-5
        for index in 1..<10 {
            let time = simulation.duration * Double(index) / 10
            let slope = (simulation.position(at: time + step) - simulation.position(at: time - step)) / (2 * step)
            #expect(PhysicsReference.isClose(slope, simulation.velocity(at: time), relative: 1e-5))
        }
    }

    @Test(arguments: [
        Snap(start: 0, velocity: 2000, end: -100),  // end behind
        Snap(start: 0, velocity: -2000, end: 100),  // end behind
        Snap(start: 50, velocity: 2000, end: 50),  // no distance
        Snap(start: 0, velocity: 0, end: 100),  // no velocity
        Snap(start: 0, velocity: 9.5, end: 100),  // below the stop velocity
        Snap(start: 0, velocity: 10, end: 100),  // at the stop velocity: it could not slow down
        Snap(start: .nan, velocity: 2000, end: 100),
        Snap(start: 0, velocity: .infinity, end: 100),
        Snap(start: 0, velocity: 2000, end: .infinity),
    ])
    func refusesWhatItCannotReach(_ snap: Snap) {
        #expect(SnappingDecelerationSimulation(start: snap.start, velocity: snap.velocity, end: snap.end) == nil)
    }

    @Test func stopVelocityIsConfigurable() throws {
        let gentle = try #require(SnappingDecelerationSimulation(start: 0, velocity: 600, end: 300, stopVelocity: 50))
        #expect(PhysicsReference.isClose(gentle.velocity(at: gentle.duration * (1 - 1e-9)), 50, relative: 1e-6))
        #expect(SnappingDecelerationSimulation(start: 0, velocity: 40, end: 300, stopVelocity: 50) == nil)
    }

    @Test func aTinyDistanceIsCoveredAtOnce() throws {
        let simulation = try #require(
            SnappingDecelerationSimulation(start: 0, velocity: 2000, end: .leastNonzeroMagnitude))
        #expect(simulation.isDone(at: 0))
        #expect(simulation.position(at: 0) == .leastNonzeroMagnitude)
    }
}
