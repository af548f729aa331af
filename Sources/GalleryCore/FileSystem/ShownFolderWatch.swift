import Glibc
import Support

/// Watches the folder of the photo on screen with inotify, on a thread of its own that sleeps in `poll` until the
/// kernel reports a change or the folder to watch changes (no timer): the paths of files closed after writing, moved
/// in, moved out or deleted there are collected for the main thread, which `wake` tells. The folder is only read;
/// events are read as the feed's folder watch reads them (`FolderChange.events`).
///
/// Nonisolated (and `Sendable`): the watch thread and the main thread share only the locked state and a pipe.
nonisolated public final class ShownFolderWatch: Sendable {
    private struct State {
        /// The folder asked for, and the one watched now.
        var wanted: String?
        var watched: String?
        /// Paths changed since `takeChanges()`, in the order first seen.
        var changed: [String] = []
        var stopped = false
    }

    private let state = LockedState(State())
    /// The pipe that wakes the watch thread: a new folder asked for, or the end.
    private let control: (read: Int32, write: Int32)

    /// Starts the watch thread, watching nothing yet; `wake` is called on it when changes are ready to take. Nil when
    /// the system has no pipe to spare: the photos still show, without live reload.
    public init?(wake: @escaping @Sendable () -> Void = {}) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        control = (ends[0], ends[1])
        let (state, control) = (state, control)
        DetachedThread.start(name: "gallery-watch") { Self.run(state: state, control: control.read, wake: wake) }
    }

    deinit {
        stop()
    }

    /// Watches `folder` from now on (the previous one no longer): what the photo on screen is in.
    public func watch(folder: String) {
        let changed = state.withLock { state in
            defer { state.wanted = folder }
            return state.wanted != folder
        }
        if changed { signal() }
    }

    /// The paths changed since the last call, each once.
    public func takeChanges() -> [String] {
        state.withLock { state in
            defer { state.changed.removeAll() }
            return state.changed
        }
    }

    /// Ends the watch thread (it closes its descriptors).
    public func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first {
            signal()
            close(control.write)
        }
    }

    private func signal() {
        var byte: UInt8 = 1
        _ = write(control.write, &byte, 1)  // A full pipe already holds a wake-up.
    }

    /// The watch thread: blocks in `poll` on the control pipe and the folder's inotify descriptor.
    private static func run(state: LockedState<State>, control: Int32, wake: @Sendable () -> Void) {
        var inotify: Int32 = -1
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        defer {
            if inotify >= 0 { close(inotify) }
            close(control)
        }
        while true {
            var descriptors = [pollfd(fd: control, events: Int16(POLLIN), revents: 0)]
            if inotify >= 0 { descriptors.append(pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)) }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 || errno == EINTR else { return }
            if descriptors[0].revents != 0 {
                while buffer.withUnsafeMutableBytes({ read(control, $0.baseAddress, 64) }) > 0 {}
                let (stopped, wanted, watched) = state.withLock { ($0.stopped, $0.wanted, $0.watched) }
                if stopped { return }
                if wanted != watched, let wanted {
                    if inotify >= 0 { close(inotify) }
                    inotify = Self.open(wanted)
                    state.withLock { $0.watched = wanted }
                }
            }
            guard descriptors.count > 1, descriptors[1].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            // An overflow loses only events of this folder's other files, or of the shown one that `r` finds.
            var events: [(name: String, change: FolderChange)] = []
            _ = FolderChange.events(in: buffer, count: count, into: &events)
            let names = events.filter { $0.change != .writing }
            guard !names.isEmpty else { continue }
            state.withLock { state in
                guard let folder = state.watched else { return }
                for (name, _) in names {
                    let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                    if !state.changed.contains(path) { state.changed.append(path) }
                }
            }
            wake()
        }
    }

    /// An inotify descriptor watching `folder` for finished writes, moves and deletions; -1 when it cannot be watched
    /// (gone, no permission, no inotify): the photo still shows, without live reload.
    private static func open(_ folder: String) -> Int32 {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return -1 }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
        guard PathBytes.withSystemPath(folder, { inotify_add_watch(descriptor, $0, mask) }) >= 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }
}
