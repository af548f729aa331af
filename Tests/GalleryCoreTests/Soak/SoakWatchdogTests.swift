import Testing

@testable import GalleryCore
@testable import GalleryCoreTesting

#if canImport(Glibc)
import Glibc
#endif

@Suite("Soak watchdog")
struct SoakWatchdogTests {
    /// A watchdog whose expiries are recorded instead of ending the process.
    static func recording(limit: Double) -> (SoakWatchdog, LockedState<[String]>) {
        let expired = LockedState<[String]>([])
        return (SoakWatchdog(limitSeconds: limit) { message in expired.withLock { $0.append(message) } }, expired)
    }

    @Test("a run that outlives its limit is named, with its replay command")
    func expires() {
        let (watchdog, expired) = Self.recording(limit: 0.05)
        let value = watchdog.guarding("seed 7 (replay: gallery-soak --replay 7)") {
            usleep(600_000)
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
        let (watchdog, expired) = Self.recording(limit: 0.3)
        for seed in 0..<5 { watchdog.guarding("seed \(seed)") { _ = usleep(20_000) } }
        usleep(600_000)  // past every limit: an unguarded timer would have fired by now
        #expect(expired.withLock { $0 }.isEmpty)
    }
}
