import Dispatch
import GalleryCore
import Imaging
import Support

/// The details the information panel shows (`PhotoDetails`), read on a thread of their own for the photo shown while
/// the panel is open, one file at a time, and kept per path: the main thread never touches a photo's file, and
/// neither start-up nor the frame loop pays for EXIF the panel does not show.
package final class PhotoDetailsCache: Sendable {
    private struct State {
        /// Details read, by path; nil for a file that could not be opened.
        var read: [String: PhotoDetails?] = [:]
        /// The path being read, if any.
        var reading: String?
        /// Whether a read finished since `takeArrivals()`.
        var arrived = false
    }

    private let state = LockedState(State())
    private let idle = DispatchSemaphore(value: 1)
    /// What reads a photo's details: a decoder process where the gallery has them (`readingWith`), so the viewer parses
    /// no EXIF; in this process only where photos decode inline (tests, benchmarks).
    private let reader = LockedState<@Sendable (String) -> PhotoDetails?>({ PhotoDetailsReader.read(path: $0) })

    /// Reads details with `read` from now on.
    package func readingWith(_ read: @escaping @Sendable (String) -> PhotoDetails?) {
        reader.withLock { $0 = read }
    }

    /// The details of `path` if read; else starts reading them (unless another read is under way: the next frame asks
    /// again) and returns nil. `done` runs on the reading thread once they are in (a window loop's wake-up).
    func details(forPath path: String, done: @escaping @Sendable () -> Void) -> PhotoDetails?? {
        let start: Bool = state.withLock { state in
            guard state.read[path] == nil, state.reading == nil else { return false }
            state.reading = path
            return true
        }
        guard start else { return state.withLock { $0.read[path] } }
        idle.wait()
        let read = reader.withLock { $0 }
        DetachedThread.start(name: "gallery-details") { [state, idle] in
            let details = read(path)
            state.withLock { state in
                state.read[path] = .some(details)
                state.reading = nil
                state.arrived = true
            }
            idle.signal()
            done()
        }
        return nil
    }

    /// Whether details arrived since the last call (the panel is drawn again).
    func takeArrivals() -> Bool {
        state.withLock { state in
            defer { state.arrived = false }
            return state.arrived
        }
    }

    /// Forgets the details of `paths` (their files changed): read again when next shown.
    func forget(_ paths: some Sequence<String>) {
        state.withLock { state in for path in paths { state.read[path] = nil } }
    }

    /// Waits for the read under way, if any (headless runs and tests, which follow a virtual clock).
    func waitForReads() {
        idle.wait()
        idle.signal()
    }
}
