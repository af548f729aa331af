import Dispatch
import GalleryCore
import Support

/// A library being opened on its own thread, so that listing and sorting a large folder overlaps with SDL's start,
/// and the first photo's decode can be submitted the moment its path is known. Files dropped onto the window are
/// opened the same way, so a slow folder never stops the frame loop (docs/RELIABILITY.md).
package final class LibraryOpening: Sendable {
    private let outcome = LockedState<Result<OpenedLibrary, any Error>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `open` on a new thread; `then` runs on that thread with the opened library, before `wait()` returns it;
    /// `done` runs last on that thread, whatever the outcome (a window loop's wake-up).
    package init(
        _ open: @escaping @Sendable () throws -> OpenedLibrary,
        then: @escaping @Sendable (OpenedLibrary) -> Void = { _ in }, done: @escaping @Sendable () -> Void = {}
    ) {
        DetachedThread.start(name: "gallery-open") { [outcome, finished] in
            let result = Result { try open() }
            if case .success(let opened) = result { then(opened) }
            outcome.withLock { $0 = result }
            finished.signal()
            done()
        }
    }

    /// The opened library, once the thread is done; rethrows its error.
    package func wait() throws -> OpenedLibrary {
        finished.wait()
        finished.signal()  // Later calls return at once.
        return try outcome.withLock { $0! }.get()
    }

    /// The outcome if the thread is done, without waiting; nil while it runs.
    package var result: Result<OpenedLibrary, any Error>? {
        outcome.withLock { $0 }
    }
}
