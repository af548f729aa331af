import GalleryCore
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM, turned into a request to stop that the frame loops check, so that a run ends within a frame
/// or two, its trace complete, and exits 130 or 143.
///
/// The signals are blocked in every thread and taken by one thread with `sigwait`, so no code runs in a signal handler:
/// that thread records the signal and wakes the window's event loop (`SDL_PushEvent` is thread-safe).
public enum StopSignal {
    /// The signals that stop a run.
    public static let signals: [Int32] = [SIGINT, SIGTERM]

    private struct State {
        var received: Int32?
        var wake: (@Sendable () -> Void)?
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
                let wake = state.withLock { state in
                    state.received = state.received ?? signal
                    return state.wake
                }
                wake?()
            }
        }
    }

    /// The first stop signal received, or nil.
    public static var received: Int32? { state.withLock { $0.received } }

    /// Whether a stop signal arrived.
    public static var isStopRequested: Bool { received != nil }

    /// The exit status for `signal`, as a shell reports a process killed by it: 128 + its number.
    public static func exitStatus(for signal: Int32) -> Int32 { 128 + signal }

    /// Sets what to call, on the signal thread, when a signal arrives (nil: nothing); called at once if one already did.
    static func setWake(_ wake: (@Sendable () -> Void)?) {
        let alreadyReceived = state.withLock { state in
            state.wake = wake
            return state.received != nil
        }
        if alreadyReceived { wake?() }
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }
}
