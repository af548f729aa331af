import Glibc
import Support

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Appends the photos that appear in a folder after start (copied, saved or moved in), in arrival order, watched
/// with inotify on a thread of its own. A file becomes a candidate only when its writer closes it (`IN_CLOSE_WRITE`)
/// or it is moved in whole (`IN_MOVED_TO`), and is taken once its size and modification time have then stayed the
/// same for `quietPeriod` with no write to it: a writer that pauses mid-write never gets a half-done photo shown.
/// Each file is appended once; it may come again only after it left the folder. The folder is only read.
///
/// When the kernel's event queue overflows (the gallery stopped or busy while thousands of files arrive), the events
/// lost are made up for by listing the folder: every photo neither there at the start nor taken yet becomes a
/// candidate, in modification-time order. The thread sleeps in `poll` until an event, a candidate's quiet period
/// ending, or a wake-up through its pipe (`stop`): an idle watch costs nothing.
///
/// Nonisolated (and `Sendable`): its own thread watches the folder and sets the answer.
nonisolated public final class FolderWatchFeedSource: ThreadedFeedSource, Sendable {
    /// How long a new file must stay unchanged before it is shown, in seconds.
    public static let defaultQuietPeriod = 0.3
    /// At most this many files are appended per answer; the rest wait for the next request.
    public static let batchLimit = 256

    /// The folder watched.
    public let folder: String
    private let quietPeriod: Double
    /// Seconds on the clock the quiet period is measured on (tests: one they move by hand, with `settleNow`).
    private let clock: @Sendable () -> Double
    private let descriptor: Int32
    /// The watch thread's wake-up: a byte written to `wakeWriter` ends its `poll`.
    private let wakeReader: Int32
    private let wakeWriter: Int32
    /// A pthread lock, not `Synchronization.Mutex`, so that ThreadSanitizer can check this state (see `LockedState`).
    private let state = LockedState(State())
    private let wake: @Sendable () -> Void
    /// Notified when an answer is set.
    public let answerSignal = AnswerSignal()
    /// Notified when the watch thread finished a pass asked for by `settleNow`, and when it exits.
    private let passSignal = AnswerSignal()

    /// What an inotify event says about a name.
    enum Change {
        /// Created or written to: it is being written, so not complete yet.
        case writing
        /// Closed after writing, or moved in whole: complete, once it stays unchanged for the quiet period.
        case completed
        /// Deleted or moved out.
        case removed
    }

    private struct Candidate {
        var order: Int
        var size: Int
        var modified: timespec
        var touchedAt: Double
    }

    private struct State {
        /// By path; `order` keeps arrival order.
        var candidates: [String: Candidate] = [:]
        var nextOrder = 0
        var ready: [String] = []
        /// Paths made ready (appended or about to be): never again, unless they leave the folder first.
        var taken: Set<String> = []
        /// Photos there at the start and still there: a listing after lost events must not take them for new.
        var atStart: Set<String> = []
        var waiting = false
        var answer: FeedResponse?
        var stopped = false
        /// Events are left unread in the kernel's queue (tests: a stopped process).
        var holding = false
        var failure: String?
        /// Passes of the watch loop: each follows one return from `poll` (tests: an idle watch makes none).
        var passes = 0
        /// The `poll` timeout the thread sleeps with now, in milliseconds; -1 waits for an event alone.
        var pollTimeout: Int32 = -1
        /// `settleNow` calls made, and those the thread has finished a pass after.
        var settleRequests = 0
        var settledRequests = 0
        var exited = false
        /// Whether the folder's listing at the start (`atStart`) is made.
        var listed = false
    }

    /// Starts watching `folder`, which must exist and be a folder; `wake` is called (on the watch thread) when an
    /// answer becomes ready, so a sleeping window can wake up.
    public convenience init(
        folder: String, quietPeriod: Double = FolderWatchFeedSource.defaultQuietPeriod,
        wake: @escaping @Sendable () -> Void = {}
    ) throws(FeedSourceError) {
        try self.init(folder: folder, quietPeriod: quietPeriod, clock: { MonotonicClock.seconds() }, wake: wake)
    }

    /// Starts watching `folder` with the quiet period measured on `clock` (tests: a clock they move by hand).
    package init(
        folder: String, quietPeriod: Double = FolderWatchFeedSource.defaultQuietPeriod,
        clock: @escaping @Sendable () -> Double, wake: @escaping @Sendable () -> Void = {}
    ) throws(FeedSourceError) {
        switch try? FileSystem.kind(atPath: folder) {
        case .directory: break
        case .missing, nil: throw .invalidWatchFolder(folder, reason: "does not exist")
        case .regular, .special: throw .invalidWatchFolder(folder, reason: "is not a folder")
        }
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .invalidWatchFolder(folder, reason: String(cString: strerror(errno))) }
        let mask = UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
        var pipeEnds: [Int32] = [-1, -1]
        guard inotify_add_watch(fd, folder, mask) >= 0, pipe(&pipeEnds) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .invalidWatchFolder(folder, reason: reason)
        }
        for end in pipeEnds {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        self.folder = folder
        self.quietPeriod = quietPeriod
        self.clock = clock
        self.descriptor = fd
        wakeReader = pipeEnds[0]
        wakeWriter = pipeEnds[1]
        self.wake = wake
        DetachedThread.start(name: "gallery-feed-watch") { [self] in self.watch() }
    }

    deinit {
        close(descriptor)
        close(wakeReader)
        close(wakeWriter)
    }

    /// Stops the watch thread (it wakes at once and exits).
    public func stop() {
        state.withLock { $0.stopped = true }
        wakeWatchThread()
    }

    /// Leaves events unread in the kernel's queue until `releaseEvents`, as a stopped process does (tests of a
    /// queue's overflow).
    package func holdEvents() {
        state.withLock { $0.holding = true }
        wakeWatchThread()
    }

    /// Reads events again after `holdEvents`.
    package func releaseEvents() {
        state.withLock { $0.holding = false }
        wakeWatchThread()
    }

    /// Has the watch thread read every event queued so far and settled the candidates at the clock's time now,
    /// returning once it has: the step a test takes after writing files or moving its clock.
    package func settleNow(upTo seconds: Double = 10) {
        let request = state.withLock { state in
            state.settleRequests += 1
            return state.settleRequests
        }
        wakeWatchThread()
        passSignal.wait(upTo: seconds) { state.withLock { $0.settledRequests < request && !$0.exited } }
    }

    /// Passes the watch loop made, and the `poll` timeout it sleeps with now (-1: none).
    package var watchActivity: (passes: Int, pollTimeout: Int32) {
        state.withLock { ($0.passes, $0.pollTimeout) }
    }

    /// Waits up to `seconds` for the watch thread's listing of the photos already there; whether it is made. A folder
    /// listed while thousands of files arrive can miss one that was there (ext4 turning a one-block folder into an
    /// indexed one mid-read), which the overflow's catch-up would then take for new.
    package func waitUntilListed(upTo seconds: Double) -> Bool {
        passSignal.wait(upTo: seconds) { state.withLock { !$0.listed } }
        return state.withLock { $0.listed }
    }

    /// Waits up to `seconds` for the watch thread to exit after `stop`; whether it did.
    package func waitForExit(upTo seconds: Double) -> Bool {
        passSignal.wait(upTo: seconds) { state.withLock { !$0.exited } }
        return state.withLock { $0.exited }
    }

    /// Asks for the next new photos: answered at once if some arrived already, else when the next one settles.
    public func request(at time: Double) {
        state.withLock { state in
            guard !state.waiting, state.answer == nil else { return }
            state.waiting = true
            Self.answerIfReady(&state)
        }
    }

    /// The new photos once some have arrived.
    public func poll(at time: Double) -> FeedResponse? {
        state.withLock { state in
            defer { state.answer = nil }
            return state.answer
        }
    }

    /// Whether a request waits for photos that have not come yet.
    public var isAwaitingAnswer: Bool { state.withLock { $0.answer == nil && $0.waiting } }

    private func wakeWatchThread() {
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)  // A full pipe already wakes the thread.
    }

    private static func answerIfReady(_ state: inout State) {
        guard state.waiting else { return }
        if let failure = state.failure {
            state.answer = .failed(reason: failure)
        } else if !state.ready.isEmpty {
            let taken = Array(state.ready.prefix(batchLimit))
            state.ready.removeFirst(taken.count)
            state.answer = .appended(taken.map { .file(path: $0) })
        } else {
            return
        }
        state.waiting = false
    }

    private func watch() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var discard = [UInt8](repeating: 0, count: 64)
        // Listed after the watch is in place, so a photo arriving now is either listed or seen as an event.
        let atStart = Set(Self.photoPaths(in: folder))
        state.withLock {
            $0.atStart = atStart
            $0.listed = true
        }
        passSignal.notify()
        defer {
            state.withLock { $0.exited = true }
            passSignal.notify()
        }
        while true {
            let (stopped, holding, timeout) = state.withLock { state in
                state.pollTimeout = pollTimeout(state, now: clock())
                return (state.stopped, state.holding, state.pollTimeout)
            }
            if stopped { return }
            var descriptors = [
                pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
                pollfd(fd: descriptor, events: holding ? 0 : Int16(POLLIN), revents: 0),
            ]
            _ = Glibc.poll(&descriptors, 2, timeout)
            while discard.withUnsafeMutableBytes({ read(wakeReader, $0.baseAddress, $0.count) }) > 0 {}
            // Read after the wake-up bytes are: a `settleNow` whose byte this pass took sees its events read below, and
            // events released while this pass slept are read now.
            let (settling, holdingNow) = state.withLock { state in
                state.passes += 1
                return (state.settleRequests, state.holding)
            }
            var touched: [(name: String, change: Change)] = []
            var overflowed = false
            if !holdingNow {
                // Everything queued, so the kernel's queue empties as fast as it fills (none: a read finds nothing).
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    guard count > 0 else { break }
                    overflowed = Self.events(in: buffer, count: count, into: &touched) || overflowed
                }
            }
            let now = clock()
            let listed = overflowed ? Self.photoPaths(in: folder) : nil
            let answered = state.withLock { state in
                for (name, change) in touched where Self.isPhotoName(name) {
                    apply(change, to: path(of: name), in: &state, now: now)
                }
                if let listed { catchUp(with: listed, in: &state, now: now) }
                settle(&state, now: now)
                let hadAnswer = state.answer != nil
                Self.answerIfReady(&state)
                state.settledRequests = settling
                state.pollTimeout = pollTimeout(state, now: now)
                return !hadAnswer && state.answer != nil
            }
            if answered {
                answerSignal.notify()
                wake()
            }
            passSignal.notify()
        }
    }

    private func path(of name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Milliseconds until the first candidate's quiet period ends (at least 1), or -1 (no end) with none waiting.
    private func pollTimeout(_ state: State, now: Double) -> Int32 {
        guard let first = state.candidates.values.map(\.touchedAt).min() else { return -1 }
        let seconds = first + quietPeriod - now
        return Int32(max(1, min(60_000, (seconds * 1000).rounded(.up))))
    }

    private func apply(_ change: Change, to path: String, in state: inout State, now: Double) {
        switch change {
        case .writing:
            state.candidates[path] = nil  // Back to waiting for its writer to close it.
        case .completed where !state.taken.contains(path):
            let order = state.candidates[path]?.order ?? state.nextOrder
            state.nextOrder += 1
            state.candidates[path] = Candidate(order: order, size: -1, modified: timespec(), touchedAt: now)
        case .completed:
            break  // Already appended: a change to it shows when its page is shown again.
        case .removed:
            state.candidates[path] = nil
            state.taken.remove(path)
            state.atStart.remove(path)
            state.ready.removeAll { $0 == path }
        }
    }

    /// After lost events: the photos `listed` now that were neither there at the start nor taken become candidates,
    /// oldest first; those taken or there at the start that are gone now left the folder.
    private func catchUp(with listed: [String], in state: inout State, now: Double) {
        let present = Set(listed)
        state.taken.formIntersection(present)
        state.atStart.formIntersection(present)
        var new: [(path: String, modified: timespec)] = []
        for path in listed where !state.taken.contains(path) && !state.atStart.contains(path) {
            var status = stat()
            guard state.candidates[path] == nil, PathBytes.withSystemPath(path, { stat($0, &status) }) == 0,
                status.st_mode & S_IFMT == S_IFREG
            else { continue }
            new.append((path, status.st_mtim))
        }
        let ordered = new.sorted {
            ($0.modified.tv_sec, $0.modified.tv_nsec, $0.path) < ($1.modified.tv_sec, $1.modified.tv_nsec, $1.path)
        }
        for photo in ordered {
            state.candidates[photo.path] = Candidate(
                order: state.nextOrder, size: -1, modified: timespec(), touchedAt: now)
            state.nextOrder += 1
        }
    }

    /// Takes, in arrival order, the candidates whose size and modification time stayed the same for the quiet period.
    private func settle(_ state: inout State, now: Double) {
        var settled: [(order: Int, path: String)] = []
        for (path, candidate) in state.candidates where now - candidate.touchedAt >= quietPeriod {
            var status = stat()
            guard PathBytes.withSystemPath(path, { stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG else {
                state.candidates[path] = nil
                continue
            }
            let size = Int(status.st_size)
            if size > 0, size == candidate.size, status.st_mtim.tv_sec == candidate.modified.tv_sec,
                status.st_mtim.tv_nsec == candidate.modified.tv_nsec
            {
                settled.append((candidate.order, path))
            } else {
                state.candidates[path] = Candidate(
                    order: candidate.order, size: size, modified: status.st_mtim, touchedAt: now)
            }
        }
        for (_, path) in settled.sorted(by: { $0.order < $1.order }) {
            state.candidates[path] = nil
            state.ready.append(path)
            state.taken.insert(path)
        }
    }

    /// Adds the names in a buffer of inotify events, with what happened to each, to `names`; true when the kernel's
    /// queue overflowed (events were lost).
    static func events(in buffer: [UInt8], count: Int, into names: inout [(name: String, change: Change)]) -> Bool {
        var overflowed = false
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        buffer.withUnsafeBytes { bytes in
            while offset + header <= count {
                let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
                let nameBytes = bytes[(offset + header)..<min(offset + header + length, count)]
                let name = PathBytes.string(fromBytes: nameBytes.prefix { $0 != 0 })
                if !name.isEmpty, mask & UInt32(IN_ISDIR) == 0 {
                    let change: Change =
                        if mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0 {
                            .removed
                        } else if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 { .completed } else { .writing }
                    names.append((name, change))
                }
                offset += header + length
            }
        }
        return overflowed
    }

    /// The paths of the photos in `folder` by name (links and files; folders skipped); none when it cannot be read.
    private static func photoPaths(in folder: String) -> [String] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var paths: [String] = []
        try? FileSystem.forEachEntry(inDirectory: folder) { name, kind in
            guard kind != .directory, kind != .special else { return }
            let text = PathBytes.string(fromBytes: name)
            if isPhotoName(text) { paths.append(prefix + text) }
        }
        return paths
    }

    /// Photos by extension; hidden names (editors' and downloaders' temporary files) are skipped.
    private static func isPhotoName(_ name: String) -> Bool {
        !name.hasPrefix(".") && PhotoIndex.hasImageExtension(name)
    }
}
