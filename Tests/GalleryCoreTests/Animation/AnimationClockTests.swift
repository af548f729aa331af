import GalleryCore
import Support
import Testing

@Suite("Animation clock")
struct AnimationClockTests {
    /// Three frames of 0.1, 0.2 and 0.3 s: one play lasts 0.6 s.
    static let clock = AnimationClock(delays: [0.1, 0.2, 0.3], loopCount: 0)

    @Test(
        "The frame at a time since the start",
        arguments: [
            (-1.0, 0), (0.0, 0), (0.05, 0), (0.1, 1), (0.29, 1), (0.3, 2), (0.59, 2), (0.6, 0), (0.75, 1), (6.35, 2),
        ])
    func frameAtTime(elapsed: Double, frame: Int) {
        #expect(Self.clock.frame(at: elapsed) == frame)
    }

    @Test(
        "The next change after a time",
        arguments: [(0.0, 0.1), (0.05, 0.1), (0.1, 0.3), (0.3, 0.6), (0.59, 0.6), (0.6, 0.7), (1.25, 1.3), (1.35, 1.5)])
    func nextChange(elapsed: Double, next: Double) throws {
        let change = try #require(Self.clock.nextChange(after: elapsed))
        #expect(abs(change - next) < 1e-9)
        #expect(Self.clock.frame(at: change) != Self.clock.frame(at: elapsed))
    }

    @Test(
        "A loop count stops on the last frame after that many plays",
        arguments: [(1, 0.55, 2), (1, 0.6, 2), (1, 10.0, 2), (2, 0.65, 0), (2, 1.2, 2), (2, 50.0, 2)])
    func loopCountStops(loops: Int, elapsed: Double, frame: Int) {
        #expect(AnimationClock(delays: [0.1, 0.2, 0.3], loopCount: loops).frame(at: elapsed) == frame)
    }

    @Test("Nothing changes after the last play's last frame starts, nor in a single frame")
    func noChangeWhenDone() {
        let once = AnimationClock(delays: [0.1, 0.2, 0.3], loopCount: 1)
        #expect(once.nextChange(after: 0.25) == 0.3)
        #expect(once.nextChange(after: 0.3) == nil)
        #expect(once.nextChange(after: 7) == nil)
        #expect(AnimationClock(delays: [0.5], loopCount: 0).nextChange(after: 0) == nil)
    }

    @Test("Delays under 20 ms show for 100 ms, as in browsers", arguments: [(0.0, 0.1), (0.01, 0.1), (0.02, 0.02)])
    func shortDelays(stated: Double, shown: Double) {
        #expect(AnimationClock(delays: [stated, 1], loopCount: 0).delays[0] == shown)
    }

    @Test("Playback: paused and hidden animations hold their frame and ask for no wake-up; a step pauses")
    func playback() {
        var playback = AnimationPlayback(photo: 4, clock: Self.clock, at: 10)
        #expect(playback.frame(at: 10.15) == 1)
        #expect(playback.nextChangeTime(after: 10.15).map { abs($0 - 10.3) < 1e-9 } == true)
        playback.togglePause(at: 10.15)
        #expect(playback.frame(at: 20) == 1)
        #expect(playback.nextChangeTime(after: 20) == nil)
        playback.togglePause(at: 20)
        #expect(playback.frame(at: 20.1) == 1)
        #expect(playback.frame(at: 20.2) == 2)
        playback.setHidden(true, at: 20.2)
        #expect(playback.nextChangeTime(after: 30) == nil)
        #expect(playback.frame(at: 30) == 2)
        playback.setHidden(false, at: 30)
        playback.step(1, at: 30)
        #expect(playback.isPaused)
        #expect(playback.frame(at: 40) == 0)
        playback.step(-1, at: 40)
        #expect(playback.frame(at: 40) == 2)
    }
}
