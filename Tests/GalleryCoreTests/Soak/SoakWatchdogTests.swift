import Glibc
import Support
import Testing

@testable import GalleryCore
@testable import GalleryCoreTesting

@Suite("Soak watchdog")
struct SoakWatchdogTests {
    /// Checks the watchdog scheduled, run when the test says their time has come instead of on the wall clock.
    final class Timers: Sendable {
        private let pending = LockedState<[(after: Double, work: @Sendable () -> Void)]>([])

        /// The watchdog's scheduler.
        var schedule: @Sendable (Double, @escaping @Sendable () -> Void) -> Void {
            { [pending] seconds, work in pending.withLock { $0.append((seconds, work)) } }
        }

        /// The delays asked for so far.
        var delays: [Double] { pending.withLock { $0.map(\.after) } }

        /// Runs every check scheduled so far, as if their time had come.
        func fireAll() {
            let due = pending.withLock { pending in
                defer { pending = [] }
                return pending
            }
            for timer in due { timer.work() }
        }
    }

    /// A watchdog whose expiries are recorded instead of ending the process, and whose timers the test fires.
    static func recording(limit: Double) -> (SoakWatchdog, LockedState<[String]>, Timers) {
        let expired = LockedState<[String]>([])
        let timers = Timers()
        let watchdog = SoakWatchdog(
            limitSeconds: limit, expire: { message in expired.withLock { $0.append(message) } },
            schedule: timers.schedule)
        return (watchdog, expired, timers)
    }

    @Test("a run that outlives its limit is named, with its replay command")
    func expires() {
        let (watchdog, expired, timers) = Self.recording(limit: 0.05)
        let value = watchdog.guarding("seed 7 (replay: gallery-soak --replay 7)") {
            #expect(timers.delays == [0.05])
            timers.fireAll()  // The limit passes while the run is still going.
            return 42
        }
        #expect(value == 42)
        #expect(
            expired.withLock { $0 } == [
                "soak run still going after 0.05 s of wall-clock time (hung?): seed 7 (replay: gallery-soak --replay 7)"
            ])
    }

    @Test("runs within the limit, one after another, never expire")
    func quietWithinTheLimit() {
        let (watchdog, expired, timers) = Self.recording(limit: 0.3)
        for seed in 0..<5 { watchdog.guarding("seed \(seed)") {} }
        #expect(timers.delays == Array(repeating: 0.3, count: 5))
        timers.fireAll()  // Past every limit: a check that forgot its run had ended would expire now.
        #expect(expired.withLock { $0 }.isEmpty)
    }
}
