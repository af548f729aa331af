import Dispatch
import GalleryCore
import Glibc
import Support

/// A wall-clock limit on each soak run. A run that hangs inside a frame (an endless loop in the pager) cannot be stopped
/// from within the process, so by default an expired limit prints what was running (its seed and replay command) and
/// ends the process with status 124: `make soak` and `make test` fail with the seed instead of wedging.
package final class SoakWatchdog: Sendable {
    /// The status the process exits with when a run outlives its limit (as `timeout(1)`).
    package static let expiredStatus: Int32 = 124

    /// Seconds of wall-clock time each guarded run may take.
    package let limitSeconds: Double
    private let expire: @Sendable (String) -> Void
    /// Runs the work after the seconds given (by default on `timers`; tests: when they say the time has come).
    private let schedule: @Sendable (Double, @escaping @Sendable () -> Void) -> Void
    /// The runs still going, by ticket.
    private let running = LockedState<(nextTicket: UInt64, tickets: Set<UInt64>)>((0, []))
    /// A queue of its own: a serial queue gets a thread even when the shared pool's threads are all blocked (as
    /// tests that wait block them), so a limit fires on time.
    private static let timers = DispatchQueue(label: "gallery.soak-watchdog")

    /// A watchdog giving each run `limitSeconds`; `expire` is called with the message when one runs over (by default
    /// it prints the message on standard error and ends the process); `schedule` runs a check after a number of
    /// seconds (by default on the wall clock).
    package init(
        limitSeconds: Double, expire: @escaping @Sendable (String) -> Void = SoakWatchdog.endProcess,
        schedule: @escaping @Sendable (Double, @escaping @Sendable () -> Void) -> Void = SoakWatchdog.afterWallClock
    ) {
        precondition(limitSeconds > 0 && limitSeconds.isFinite, "a watchdog limit is a positive number of seconds")
        self.limitSeconds = limitSeconds
        self.expire = expire
        self.schedule = schedule
    }

    /// Runs `work` on the watchdog's own queue after `seconds` of wall-clock time.
    @Sendable package static func afterWallClock(_ seconds: Double, _ work: @escaping @Sendable () -> Void) {
        timers.asyncAfter(deadline: .now() + seconds, execute: work)
    }

    /// Runs `body`, `description` naming it (seed and replay command) if it outlives the limit.
    package func guarding<Result>(_ description: String, _ body: () throws -> Result) rethrows -> Result {
        let ticket = running.withLock { state in
            state.nextTicket += 1
            state.tickets.insert(state.nextTicket)
            return state.nextTicket
        }
        defer { _ = running.withLock { $0.tickets.remove(ticket) } }
        let message = "soak run still going after \(limitSeconds) s of wall-clock time (hung?): \(description)"
        schedule(limitSeconds) { [running, expire] in
            if running.withLock({ $0.tickets.contains(ticket) }) { expire(message) }
        }
        return try body()
    }

    /// Prints `message` on standard error and ends the process at once with `expiredStatus`: the hung run's thread
    /// cannot be unwound, so nothing else is cleaned up.
    @Sendable package static func endProcess(message: String) {
        fflush(nil)  // what the soak printed so far, then the message, unbuffered
        let line = Array("FAILED \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        _exit(expiredStatus)
    }
}
