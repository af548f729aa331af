#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
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
/// Nonisolated (and `Sendable`): its own thread watches the folder and sets the answer.
nonisolated public final class FolderWatchFeedSource: ThreadedFeedSource, Sendable {
    /// How long a new file must stay unchanged before it is shown, in seconds.
    public static let defaultQuietPeriod = 0.3
    /// At most this many files are appended per answer; the rest wait for the next request.
    public static let batchLimit = 256

    /// The folder watched.
    public let folder: String
    private let quietPeriod: Double
    private let descriptor: Int32
    /// A pthread lock, not `Synchronization.Mutex`, so that ThreadSanitizer can check this state (see `LockedState`).
    private let state = LockedState(State())
    private let wake: @Sendable () -> Void
    /// Notified when an answer is set.
    public let answerSignal = AnswerSignal()

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
        var path: String
        var size: Int
        var modified: timespec
        var touchedAt: Double
    }

    private struct State {
        var candidates: [Candidate] = []
        var ready: [String] = []
        /// Paths made ready (appended or about to be): never again, unless they leave the folder first.
        var taken: Set<String> = []
        var waiting = false
        var answer: FeedResponse?
        var stopped = false
        var failure: String?
    }

    /// Starts watching `folder`, which must exist and be a folder; `wake` is called (on the watch thread) when an
    /// answer becomes ready, so a sleeping window can wake up.
    public init(
        folder: String, quietPeriod: Double = FolderWatchFeedSource.defaultQuietPeriod,
        wake: @escaping @Sendable () -> Void = {}
    ) throws(FeedSourceError) {
        switch try? FileSystem.kind(atPath: folder) {
        case .directory: break
        case .missing, nil: throw .invalidWatchFolder(folder, reason: "does not exist")
        case .regular, .special: throw .invalidWatchFolder(folder, reason: "is not a folder")
        }
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .invalidWatchFolder(folder, reason: String(cString: strerror(errno))) }
        let mask = UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
        guard inotify_add_watch(fd, folder, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .invalidWatchFolder(folder, reason: reason)
        }
        self.folder = folder
        self.quietPeriod = quietPeriod
        self.descriptor = fd
        self.wake = wake
        DetachedThread.start(name: "gallery-feed-watch") { [self] in self.watch() }
    }

    deinit {
        close(descriptor)
    }

    /// Stops the watch thread (it exits within a tenth of a second).
    public func stop() {
        state.withLock { $0.stopped = true }
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
        while !state.withLock({ $0.stopped }) {
            var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = Glibc.poll(&pollDescriptor, 1, 100)
            let now = MonotonicClock.seconds()
            var touched: [(name: String, change: Change)] = []
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 { touched = Self.events(in: buffer, count: count) }
            }
            let answered = state.withLock { state in
                for (name, change) in touched where Self.isPhotoName(name) {
                    let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                    state.candidates.removeAll { $0.path == path }
                    switch change {
                    case .writing:
                        break  // Back to waiting for its writer to close it.
                    case .completed where !state.taken.contains(path):
                        state.candidates.append(Candidate(path: path, size: -1, modified: timespec(), touchedAt: now))
                    case .completed:
                        break  // Already appended: a change to it shows when its page is shown again.
                    case .removed:
                        state.taken.remove(path)
                        state.ready.removeAll { $0 == path }
                    }
                }
                settle(&state, now: now)
                let hadAnswer = state.answer != nil
                Self.answerIfReady(&state)
                return !hadAnswer && state.answer != nil
            }
            if answered {
                answerSignal.notify()
                wake()
            }
        }
    }

    /// Takes, in arrival order, the candidates whose size and modification time stayed the same for the quiet period.
    private func settle(_ state: inout State, now: Double) {
        var remaining: [Candidate] = []
        for var candidate in state.candidates {
            guard now - candidate.touchedAt >= quietPeriod else {
                remaining.append(candidate)
                continue
            }
            var status = stat()
            guard stat(candidate.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let size = Int(status.st_size)
            if size > 0, size == candidate.size, status.st_mtim.tv_sec == candidate.modified.tv_sec,
                status.st_mtim.tv_nsec == candidate.modified.tv_nsec
            {
                state.ready.append(candidate.path)
                state.taken.insert(candidate.path)
            } else {
                candidate.size = size
                candidate.modified = status.st_mtim
                candidate.touchedAt = now
                remaining.append(candidate)
            }
        }
        state.candidates = remaining
    }

    /// The names in a buffer of inotify events, with what happened to each.
    static func events(in buffer: [UInt8], count: Int) -> [(name: String, change: Change)] {
        var names: [(String, Change)] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        buffer.withUnsafeBytes { bytes in
            while offset + header <= count {
                let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = bytes[(offset + header)..<min(offset + header + length, count)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
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
        return names
    }

    /// Photos by extension; hidden names (editors' and downloaders' temporary files) are skipped.
    private static func isPhotoName(_ name: String) -> Bool {
        !name.hasPrefix(".") && PhotoIndex.hasImageExtension(name)
    }
}
