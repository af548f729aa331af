import Support

/// Runs the user's actions (`ActionCommand`) on threads of their own, through the feed command's process-group
/// spawning (`ChildProcess`), so the window never waits for one and every child is ended when the gallery ends
/// (`ProcessGroups.terminateAll`). The photos of each finished action are handed back (`takeFinished`), for the
/// gallery to re-read them if the command changed them. Thread-safe.
public final class ActionRunner: Sendable {
    /// The actions by number, 1 to 9.
    public let commands: [Int: ActionCommand]
    /// Seconds an action may run before it is ended: long, as an action may open an editor.
    public static let timeout = 24 * 3600.0
    /// Lines of output an action may write (read and dropped: standard output belongs to `-o`).
    public static let maxLines = 10_000

    private struct State {
        var running = 0
        var finished: [[PhotoID]] = []
        var failures: [String] = []
    }

    private let state = LockedState(State())
    private let signal = AnswerSignal()
    private let wake: @Sendable () -> Void

    /// A runner of `commands`, calling `wake` (from the action's thread) when one finishes.
    public init(commands: [Int: ActionCommand], wake: @escaping @Sendable () -> Void = {}) {
        self.commands = commands
        self.wake = wake
    }

    /// Starts action `number` on the photo `current` and the `marked` ones (photo index and path); returns the runs
    /// of `/bin/sh` it starts, one after another (several when `%F`'s photos are more than one command line holds),
    /// or nil when there is no such action.
    @discardableResult
    public func run(_ number: Int, current: (photo: PhotoID, path: String), marked: [(photo: PhotoID, path: String)])
        -> [ActionCommand.Invocation]?
    {
        guard let action = commands[number] else { return nil }
        let invocations = action.invocations(
            current: PathBytes.bytes(of: current.path), marked: marked.map { PathBytes.bytes(of: $0.path) },
            argumentBytes: ArgumentSpace.available())
        let photos = action.usesMarked && !marked.isEmpty ? marked.map(\.photo) : [current.photo]
        state.withLock { $0.running += 1 }
        DetachedThread.start(name: "gallery-action") { [state, signal, wake] in
            var failure: String?
            for invocation in invocations where failure == nil {
                let result = ChildProcess.run(
                    shellCommand: invocation.script, arguments: invocation.arguments, timeout: Self.timeout,
                    maxLines: Self.maxLines)
                failure =
                    switch result {
                    case .success(let outcome) where outcome.exitStatus == 0: nil
                    case .success(let outcome):
                        "--action\(number) ended with status \(outcome.exitStatus.map(String.init) ?? "killed")"
                            + (outcome.lastErrorLine.map { ": \($0)" } ?? "")
                    case .failure(let error): "--action\(number) could not start: \(error)"
                    }
            }
            state.withLock { state in
                state.running -= 1
                state.finished.append(photos)
                if let failure { state.failures.append(failure) }
            }
            signal.notify()
            wake()
        }
        return invocations
    }

    /// Actions started and not finished.
    public var runningCount: Int { state.withLock { $0.running } }

    /// The photos of each action finished since the last call, and why those that failed did.
    public func takeFinished() -> (photos: [[PhotoID]], failures: [String]) {
        state.withLock { state in
            defer {
                state.finished.removeAll()
                state.failures.removeAll()
            }
            return (state.finished, state.failures)
        }
    }

    /// Waits up to `seconds` of real time for a running action to finish (headless runs).
    public func waitForOne(upTo seconds: Double) {
        signal.wait(upTo: seconds) { [state] in state.withLock { $0.running > 0 && $0.finished.isEmpty } }
    }
}
