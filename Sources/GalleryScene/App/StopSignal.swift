import GalleryCore
import Glibc
import Support

/// SIGINT, SIGTERM and SIGHUP, turned into a request to stop that the frame loops check, so that a run ends within a
/// frame or two, its trace complete, and exits 130, 143 or 129.
///
/// The signals are blocked in every thread and taken by one thread with `sigwait`, so no code runs in a signal handler:
/// that thread records the signal and calls the wakes registered (the window's event loop, through `SDL_PushEvent`,
/// which is thread-safe; a headless run's decode waits, which a stop abandons).
public enum StopSignal {
    /// The signals that stop a run.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private struct State {
        var received: Int32?
        var wakes: [Int: @Sendable () -> Void] = [:]
        var nextWake = 0
        var isInstalled = false
    }

    private static let state = LockedState(State())

    /// Starts watching for the signals. Call first thing in `main`, before any other thread starts: threads inherit the
    /// blocked signals, and one that did not would die of the signal instead.
    public static func install() {
        let isFirst = state.withLock { state in
            defer { state.isInstalled = true }
            return !state.isInstalled
        }
        guard isFirst else { return }
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        DetachedThread.start(name: "gallery.signals") {
            while true {
                var set = signalSet()
                var signal: Int32 = 0
                guard sigwait(&set, &signal) == 0 else { continue }
                let wakes = state.withLock { state in
                    state.received = state.received ?? signal
                    return Array(state.wakes.values)
                }
                for wake in wakes { wake() }
            }
        }
    }

    /// The first stop signal received, or nil.
    public static var received: Int32? { state.withLock { $0.received } }

    /// Whether a stop signal arrived.
    public static var isStopRequested: Bool { received != nil }

    /// The exit status for `signal`, as a shell reports a process killed by it: 128 + its number.
    public static func exitStatus(for signal: Int32) -> Int32 { 128 + signal }

    /// Adds something to call, on the signal thread, when a signal arrives (at once if one already did); returns the
    /// token that `removeWake` takes. Several runs in one process (tests, the soak) each add their own.
    package static func addWake(_ wake: @escaping @Sendable () -> Void) -> Int {
        let (token, alreadyReceived) = state.withLock { state in
            defer { state.nextWake += 1 }
            state.wakes[state.nextWake] = wake
            return (state.nextWake, state.received != nil)
        }
        if alreadyReceived { wake() }
        return token
    }

    /// Stops calling the wake `addWake` returned `token` for.
    package static func removeWake(_ token: Int) {
        state.withLock { _ = $0.wakes.removeValue(forKey: token) }
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }
}
