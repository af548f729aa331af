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
    /// Seconds on the clock the quiet period is measured on (tests: one they move by hand, with `settleNow`).
    private let clock: @Sendable () -> Double
    private let descriptor: Int32
    /// The watch thread's wake-up: a byte written to `wakeWriter` ends its `poll`.
    private let wakeReader: Int32
    private let wakeWriter: Int32
    /// A pthread lock, not `Synchronization.Mutex`, so that ThreadSanitizer can check this state (see `LockedState`).
    private let state: LockedState<State>
    private let wake: @Sendable () -> Void
    /// Notified when an answer is set.
    public let answerSignal = AnswerSignal()
    /// Notified when the watch thread finished a pass asked for by `settleNow`, and when it exits.
    private let passSignal = AnswerSignal()

    private struct State {
        /// The files arrived, settling until they stay unchanged for the quiet period.
        var arrivals: ArrivalSettling
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
        state = LockedState(State(arrivals: ArrivalSettling(quietPeriod: quietPeriod)))
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
        } else if !state.arrivals.ready.isEmpty {
            state.answer = .appended(state.arrivals.takeReady(upTo: batchLimit).map { .file(path: $0) })
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
            $0.arrivals.atStart = atStart
            $0.listed = true
        }
        passSignal.notify()
        defer {
            state.withLock { $0.exited = true }
            passSignal.notify()
        }
        while true {
            let (stopped, holding, timeout) = state.withLock { state in
                state.pollTimeout = state.arrivals.pollTimeout(now: clock())
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
            var touched: [(name: String, change: FolderChange)] = []
            var overflowed = false
            if !holdingNow {
                // Everything queued, so the kernel's queue empties as fast as it fills (none: a read finds nothing).
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    guard count > 0 else { break }
                    overflowed = FolderChange.events(in: buffer, count: count, into: &touched) || overflowed
                }
            }
            let now = clock()
            let listed = overflowed ? Self.photoPaths(in: folder) : nil
            let answered = state.withLock { state in
                for (name, change) in touched where Self.isPhotoName(name) {
                    state.arrivals.apply(change, to: path(of: name), now: now)
                }
                if let listed { state.arrivals.catchUp(with: listed, now: now) }
                state.arrivals.settle(now: now)
                let hadAnswer = state.answer != nil
                Self.answerIfReady(&state)
                state.settledRequests = settling
                state.pollTimeout = state.arrivals.pollTimeout(now: now)
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
