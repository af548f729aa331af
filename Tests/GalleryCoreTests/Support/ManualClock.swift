import GalleryCore
import Support

/// Seconds that pass only when a test says so: the clock a source measures its waits on, in place of real time.
final class ManualClock: Sendable {
    private let seconds = LockedState(0.0)

    /// A clock at 0 s.
    init() {}

    /// The time now, for the source under test.
    var now: @Sendable () -> Double {
        { [seconds] in seconds.withLock { $0 } }
    }

    /// Moves the clock on.
    func advance(by interval: Double) {
        seconds.withLock { $0 += interval }
    }
}
