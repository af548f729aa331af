import Dispatch
import Support

/// Saves turns into files (`TurnSaving`, Ctrl+S) on a queue of its own, one at a time and in the order asked, so the
/// window never waits for a file system. Thread-safe.
public final class TurnSavingRunner: Sendable {
    /// A finished save: the photo and its path, and what was saved or why not.
    public struct Outcome: Sendable {
        /// The photo asked for.
        public let photo: PhotoID
        /// Its file.
        public let path: String
        /// The orientation values before and after, or the refusal.
        public let result: Result<TurnSaving.Saved, TurnSavingRefusal>
    }

    private struct State {
        var pending = 0
        var finished: [Outcome] = []
    }

    private let state = LockedState(State())
    private let signal = AnswerSignal()
    private let queue = DispatchQueue(label: "gallery.save-turn")
    private let locate: TurnSaving.Locate

    /// A runner with nothing asked, finding each file's tag with `locate`.
    public init(locate: @escaping TurnSaving.Locate = TurnSaving.inProcess) {
        self.locate = locate
    }

    /// Saves `turn` into `photo`'s file at `path`; `wake` is called once it is done.
    public func save(
        _ turn: ViewOrientation, photo: PhotoID, path: String, wake: @escaping @Sendable () -> Void = {}
    ) {
        state.withLock { $0.pending += 1 }
        queue.async { [state, signal, locate] in
            let result = TurnSaving.save(turn, into: path, locate: locate)
            state.withLock {
                $0.pending -= 1
                $0.finished.append(Outcome(photo: photo, path: path, result: result))
            }
            signal.notify()
            wake()
        }
    }

    /// Saves asked for whose outcome was not taken yet.
    public var pendingCount: Int { state.withLock { $0.pending + $0.finished.count } }

    /// The outcomes finished since the last call, oldest first.
    public func takeFinished() -> [Outcome] {
        state.withLock { state in
            defer { state.finished.removeAll() }
            return state.finished
        }
    }

    /// Waits up to `seconds` of real time for a save to end.
    public func waitForOne(upTo seconds: Double) {
        signal.wait(upTo: seconds) { [state] in state.withLock { $0.pending > 0 && $0.finished.isEmpty } }
    }
}
