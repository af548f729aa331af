import Glibc
import Support

/// Moves photos to the Trash (Delete), into a folder or copies them there (`--move-to`, `--copy-to`: `FileMove`), and
/// undoes the last of these (Ctrl+Z), on a thread of its own, one at a time and in the order asked, so the window never
/// waits for a file system; keeps one undo history for all of them, last first, for this session. Thread-safe.
public final class TrashRunner: Sendable {
    private enum Job {
        case trash(path: String, place: Int, marked: Bool)
        case place(path: String, place: Int, marked: Bool, folder: String, removing: Bool)
        case restore
    }

    /// What Ctrl+Z undoes: a file in the Trash, or one moved or copied into a folder.
    private enum Undone {
        case trashed(Trash.Item)
        case placed(FileMove.Item)
    }

    private struct State {
        var queue: [Job] = []
        var working = false
        /// Set by `finish`: no job is started after it.
        var closed = false
        /// Jobs asked for whose outcome was not taken yet.
        var pending = 0
        var finished: [TrashOutcome] = []
        /// What Ctrl+Z puts back, the last moved last.
        var undo: [(item: Undone, path: String, place: Int, marked: Bool)] = []
    }

    private let state = LockedState(State())
    private let signal = AnswerSignal()
    private let makeTrash: @Sendable () -> Trash

    /// A runner over the trash `makeTrash` gives (on the runner's thread): by default this user's, from the process's
    /// `XDG_DATA_HOME` and `HOME`.
    public init(trash makeTrash: (@Sendable () -> Trash)? = nil) {
        self.makeTrash = makeTrash ?? { Trash(environment: TrashRunner.environment()) }
    }

    /// The variables the trash is found by, from the process environment.
    static func environment() -> [String: String] {
        var values: [String: String] = [:]
        for name in ["XDG_DATA_HOME", "HOME"] {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }

    /// Moves the file at `path`, photo `place` of the library (`marked` or not, which its restore gives back), to the
    /// trash; `wake` is called once it is done.
    public func moveToTrash(
        _ path: String, place: Int, marked: Bool = false, wake: @escaping @Sendable () -> Void = {}
    ) {
        submit(.trash(path: path, place: place, marked: marked), wake: wake)
    }

    /// Puts the file last moved to the trash back (after any move still queued); `wake` is called once it is done.
    public func restoreLast(wake: @escaping @Sendable () -> Void = {}) {
        submit(.restore, wake: wake)
    }

    /// Jobs asked for whose outcome was not taken yet.
    public var pendingCount: Int { state.withLock { $0.pending } }

    /// Files this session moved to the trash and not restored, the last moved last.
    public var trashed: [Trash.Item] {
        state.withLock {
            $0.undo.compactMap { entry in
                guard case .trashed(let item) = entry.item else { return nil }
                return item
            }
        }
    }

    /// Moves (`removing`) or copies the file at `path`, photo `place` of the library, into `folder`; Ctrl+Z undoes it
    /// as it undoes Delete; `wake` is called once it is done.
    public func place(
        _ path: String, place: Int, marked: Bool = false, into folder: String, removing: Bool,
        wake: @escaping @Sendable () -> Void = {}
    ) {
        submit(.place(path: path, place: place, marked: marked, folder: folder, removing: removing), wake: wake)
    }

    /// The outcomes since the last call, in order.
    public func takeFinished() -> [TrashOutcome] {
        state.withLock { state in
            defer { state.finished.removeAll() }
            state.pending -= state.finished.count
            return state.finished
        }
    }

    /// Waits up to `seconds` of real time for a job to finish (headless runs).
    public func waitForOne(upTo seconds: Double) {
        signal.wait(upTo: seconds) { [state] in state.withLock { $0.pending > 0 && $0.finished.isEmpty } }
    }

    /// Quitting: waits up to `seconds` for the jobs asked for to end, then starts no other (those left change
    /// nothing). A move cut off by the process's exit would leave its `.trashinfo` without the file.
    public func finish(upTo seconds: Double) {
        signal.wait(upTo: seconds) { [state] in state.withLock { $0.working } }
        state.withLock { state in
            state.closed = true
            state.pending -= state.queue.count
            state.queue.removeAll()
        }
    }

    private func submit(_ job: Job, wake: @escaping @Sendable () -> Void) {
        let start = state.withLock { state in
            guard !state.closed else { return false }
            state.queue.append(job)
            state.pending += 1
            defer { state.working = true }
            return !state.working
        }
        guard start else { return }
        DetachedThread.start(name: "gallery-trash") { [self] in
            while let job = nextJob() {
                let outcome = perform(job)
                state.withLock { $0.finished.append(outcome) }
                signal.notify()
                wake()
            }
            // `finish` waits for the thread to stop working, which it says only here.
            signal.notify()
        }
    }

    private func nextJob() -> Job? {
        state.withLock { state in
            guard !state.queue.isEmpty, !state.closed else {
                state.working = false
                return nil
            }
            return state.queue.removeFirst()
        }
    }

    private func perform(_ job: Job) -> TrashOutcome {
        let trash = makeTrash()
        switch job {
        case .trash(let path, let place, let marked):
            do {
                let item = try trash.moveToTrash(path)
                state.withLock { $0.undo.append((.trashed(item), path, place, marked)) }
                return .trashed(path: path, place: place)
            } catch {
                return .failed("Delete: \(error)")
            }
        case .place(let path, let place, let marked, let folder, let removing):
            do {
                let item = try FileMove.place(path, into: folder, removing: removing)
                state.withLock { $0.undo.append((.placed(item), path, place, marked)) }
                return removing
                    ? .moved(path: path, place: place, to: item.placed) : .copied(path: path, to: item.placed)
            } catch {
                return .failed("\(removing ? "move" : "copy"): \(error)")
            }
        case .restore:
            guard let last = state.withLock({ $0.undo.popLast() }) else {
                return .failed("Ctrl+Z: nothing moved to the Trash or a folder to restore")
            }
            do {
                switch last.item {
                case .trashed(let item): try trash.restore(item)
                case .placed(let item):
                    try FileMove.undo(item)
                    if !item.removedOriginal { return .copyRemoved(copy: item.placed) }
                }
                return .restored(path: last.path, place: last.place, marked: last.marked)
            } catch {
                state.withLock { $0.undo.append(last) }
                return .failed("Ctrl+Z: \(error)")
            }
        }
    }
}
