/// Opens photos in the desktop's default application for their type with `xdg-open`, each on a thread of its own
/// (the path is `$1`, never shell text), and keeps why any failed for the window to say. Thread-safe.
public final class OpenWithRunner: Sendable {
    /// The command: `xdg-open` on the path given as an argument.
    static let command = "exec xdg-open \"$1\""
    /// Seconds `xdg-open` may run: long, as without a desktop it waits for the application it started.
    static let timeout = 24 * 3600.0

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
            let result = ChildProcess.run(
                shellCommand: Self.command, arguments: [bytes], timeout: Self.timeout, maxLines: 1000)
            let failure = Self.failure(of: result)
            state.withLock { state in
                state.finished += 1
                if let failure { state.failures.append(failure) }
            }
            signal.notify()
            wake()
        }
    }

    /// What the window says about a run of `xdg-open` that failed; nil when it succeeded.
    static func failure(of result: Result<ChildProcess.Outcome, ChildProcess.SpawnError>) -> String? {
        switch result {
        case .success(let outcome) where outcome.exitStatus == 0: nil
        // The shell's status for a command it cannot find.
        case .success(let outcome) where outcome.exitStatus == 127: "Ctrl+O: xdg-open is not installed"
        case .success(let outcome):
            "Ctrl+O: xdg-open ended with status \(outcome.exitStatus.map(String.init) ?? "killed")"
                + (outcome.lastErrorLine.map { ": \($0)" } ?? "")
        case .failure(let error): "Ctrl+O: xdg-open could not start: \(error)"
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
