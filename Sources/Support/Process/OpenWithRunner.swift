import Glibc

/// Opens photos in the desktop's default application for their type with `xdg-open`, each on a thread of its own
/// (the path is `$1`, never shell text), and keeps why any failed for the window to say. The application is the
/// user's: started detached (`DetachedProcess`), it is never signalled by the gallery and outlives its quit, with the
/// work done in it. Thread-safe.
public final class OpenWithRunner: Sendable {
    /// The command: `xdg-open` on the path given as an argument.
    static let command = "exec xdg-open \"$1\""

    private struct State {
        var pending = 0
        var failures: [String] = []
        var finished = 0
    }

    private let state = LockedState(State())
    private let signal = AnswerSignal()

    /// A runner with nothing started.
    public init() {}

    /// Starts `xdg-open` on `path`; `wake` is called (from its thread) when it ends.
    public func open(_ path: String, wake: @escaping @Sendable () -> Void = {}) {
        let bytes = PathBytes.bytes(of: path)
        state.withLock { $0.pending += 1 }
        DetachedThread.start(name: "gallery-open-with") { [state, signal] in
            var started: pid_t?
            let failure: String?
            switch DetachedProcess.start(shellCommand: Self.command, arguments: [bytes]) {
            case .success(let pid):
                // Without a desktop `xdg-open` waits for the application it started; its messages go to standard
                // error as they come.
                started = pid
                failure = Self.failure(exitStatus: DetachedProcess.wait(for: pid))
            case .failure(let error):
                failure = "Ctrl+O: xdg-open could not start: \(error)"
            }
            state.withLock { state in
                state.finished += 1
                if let failure { state.failures.append(failure) }
            }
            signal.notify()
            wake()
            if let started { DetachedProcess.reapOrphans(of: started) }
        }
    }

    /// What the window says about a run of `xdg-open` that ended with `exitStatus` (nil: a signal ended it); nil when
    /// it succeeded. Its own message is on standard error.
    static func failure(exitStatus: Int32?) -> String? {
        switch exitStatus {
        case 0: nil
        // The shell's status for a command it cannot find.
        case 127: "Ctrl+O: xdg-open is not installed"
        case let status?: "Ctrl+O: xdg-open ended with status \(status) (its message is on standard error)"
        case nil: "Ctrl+O: xdg-open was killed"
        }
    }

    /// Runs started whose end was not taken yet.
    public var pendingCount: Int { state.withLock { $0.pending } }

    /// Why the runs that ended since the last call failed, in order.
    public func takeFailures() -> [String] {
        state.withLock { state in
            defer {
                state.pending -= state.finished
                state.finished = 0
                state.failures.removeAll()
            }
            return state.failures
        }
    }

    /// Waits up to `seconds` of real time for a run to end (headless runs).
    public func waitForOne(upTo seconds: Double) {
        signal.wait(upTo: seconds) { [state] in state.withLock { $0.pending > 0 && $0.finished == 0 } }
    }
}
