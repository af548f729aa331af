import Glibc
import Support

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs a user's command for each request (`/bin/sh -c`, off the main thread, with a timeout); each line it prints
/// is a photo path to append. A non-zero exit, a timeout or no lines is a failure whose reason is the command's last
/// standard-error line. Output is read in bounded batches: at most `maxLinesPerRun` lines are read from one run,
/// and at most `batchLimit` are appended per answer, the rest waiting for the next request.
///
/// Nonisolated (and `Sendable`): its own thread runs the command and sets the answer.
nonisolated public final class CommandFeedSource: ThreadedFeedSource, Sendable {
    /// Seconds a run may take before it is killed.
    public static let defaultTimeout = 30.0
    /// Lines read from one run at most; the command is killed once they are read.
    public static let maxLinesPerRun = 10_000
    /// Pages appended per answer at most.
    public static let batchLimit = 256

    /// The command, as given to `/bin/sh -c`.
    public let command: String
    /// Seconds a run may take.
    public let timeout: Double
    /// A pthread lock, not `Synchronization.Mutex`, so that ThreadSanitizer can check this state (see `LockedState`).
    private let state = LockedState(State())
    private let wake: @Sendable () -> Void
    /// Notified when a run sets its answer.
    public let answerSignal = AnswerSignal()
    /// Notified when a run ends (answered or stopped), for `stop()` to wait on.
    private let runEnded = AnswerSignal()
    /// Cancelled by `stop`: a run in progress wakes and ends its group.
    private let stopping = CancellationSignal()

    private struct State {
        var queued: [String] = []
        var running = false
        var answer: FeedResponse?
        var stopped = false
    }

    /// A source running `command`; `wake` is called from the run's thread when an answer is ready.
    public init(
        command: String, timeout: Double = CommandFeedSource.defaultTimeout, wake: @escaping @Sendable () -> Void = {}
    ) throws(FeedSourceError) {
        guard !command.allSatisfy(\.isWhitespace) else { throw .emptyCommand }
        self.command = command
        self.timeout = timeout
        self.wake = wake
    }

    /// Ends a run in progress with its whole process group, and waits (briefly) until it has: no answer follows, and
    /// nothing the command started outlives the run showing the feed.
    public func stop() {
        state.withLock { $0.stopped = true }
        // The run wakes at once and ends its group (SIGTERM, SIGKILL after the grace period).
        stopping.cancel()
        runEnded.wait(upTo: ChildProcess.terminationGrace + 1) { state.withLock { $0.running } }
    }

    /// Answers at once from lines an earlier run printed beyond its batch, else runs the command on a thread.
    public func request(at time: Double) {
        let start = state.withLock { state -> Bool in
            guard !state.running, state.answer == nil, !state.stopped else { return false }
            if !state.queued.isEmpty {
                state.answer = .appended(Self.takeBatch(&state.queued))
                return false
            }
            state.running = true
            return true
        }
        guard start else { return }
        DetachedThread.start(name: "gallery-feed-command") { [self] in self.runOnce() }
    }

    /// The answer once the run has finished.
    public func poll(at time: Double) -> FeedResponse? {
        state.withLock { state in
            defer { state.answer = nil }
            return state.answer
        }
    }

    /// Whether a run is under way with no answer yet.
    public var isAwaitingAnswer: Bool { state.withLock { $0.answer == nil && $0.running } }

    private func runOnce() {
        let result = ChildProcess.run(
            shellCommand: command, timeout: timeout, maxLines: Self.maxLinesPerRun, cancellation: stopping)
        let response: FeedResponse
        var lines: [String] = []
        switch result {
        case .failure(let error):
            response = .failed(reason: "cannot run the feed command: \(error)")
        case .success(let outcome):
            let why = outcome.lastErrorLine.map { ": \($0)" } ?? ""
            if outcome.timedOut {
                response = .failed(reason: "the feed command took over \(Self.seconds(timeout))\(why)")
            } else if !outcome.truncated, outcome.exitStatus != 0 {
                let status = outcome.exitStatus.map { "exited with status \($0)" } ?? "was killed by a signal"
                response = .failed(reason: "the feed command \(status)\(why)")
            } else if outcome.lines.isEmpty {
                response = .failed(reason: "the feed command printed no photo paths\(why)")
            } else {
                lines = outcome.lines
                response = .appended([])
            }
        }
        let answered = state.withLock { state -> Bool in
            state.running = false
            guard !state.stopped else { return false }
            if case .appended = response {
                // Relative paths are relative to the folder the gallery was started in, as they were for the command.
                state.queued += lines.map(FileSystem.absolutePath)
                state.answer = .appended(Self.takeBatch(&state.queued))
            } else {
                state.answer = response
            }
            return true
        }
        runEnded.notify()
        if answered {
            answerSignal.notify()
            wake()
        }
    }

    private static func takeBatch(_ queued: inout [String]) -> [FeedItem] {
        let taken = queued.prefix(batchLimit)
        queued.removeFirst(taken.count)
        return taken.map { .file(path: $0) }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
