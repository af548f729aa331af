import Glibc
import Support
import Synchronization

/// The one door to photo files: every `stat`, `open`, `fstat` and read of a photo (`FileStamp`, `ImageFile`) passes
/// through here, so a test can make a folder slow, as a NAS or a sleeping disk is (its own wait runs before each
/// access), and see which threads touched it.
///
/// Nothing here runs on the main thread in a correct gallery (docs/RELIABILITY.md, "File access off the main
/// thread"): decode threads examine and read photos, the main thread only reads what they report.
package enum PhotoFileAccess {
    /// A folder made slow by a test, and the threads that accessed files in it.
    private struct SlowFolder {
        /// The folder's path with a trailing slash, so `/a/b` does not match `/a/bc/x.jpg`.
        var prefix: String
        /// The test's wait, run before each access.
        var wait: @Sendable () -> Void
        var threads: Set<UInt> = []
        var accessCount = 0
    }

    private static let slowFolders = LockedState<[SlowFolder]>([])
    /// How many folders are slowed, kept beside `slowFolders`: with none (every run but a test's), an access reads
    /// this one word and takes no lock, so decode threads never queue on the hook.
    private static let slowFolderCount = Atomic<Int>(0)

    /// Called before each access to `path`: runs the wait of a slow folder holding it, and notes the thread.
    package static func willAccess(_ path: String) {
        guard slowFolderCount.load(ordering: .acquiring) > 0 else { return }
        let wait: (@Sendable () -> Void)? = slowFolders.withLock { folders in
            guard let index = folders.firstIndex(where: { path.hasPrefix($0.prefix) })
            else { return nil }
            folders[index].threads.insert(UInt(bitPattern: Int(bitPattern: pthread_self())))
            folders[index].accessCount += 1
            return folders[index].wait
        }
        wait?()
    }

    /// Makes every access to a file in `folder` (an absolute path) run the test's `wait` first, until
    /// `restore(folder:)`.
    package static func slowDown(folder: String, by wait: @escaping @Sendable () -> Void) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        slowFolders.withLock { folders in
            folders.removeAll { $0.prefix == prefix }
            folders.append(SlowFolder(prefix: prefix, wait: wait))
            slowFolderCount.store(folders.count, ordering: .releasing)
        }
    }

    /// Ends `slowDown(folder:bySeconds:)`.
    package static func restore(folder: String) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        slowFolders.withLock { folders in
            folders.removeAll { $0.prefix == prefix }
            slowFolderCount.store(folders.count, ordering: .releasing)
        }
    }

    /// The threads (`pthread_self()`, as a number) that accessed files in a slowed `folder`, and how many accesses.
    package static func accesses(inFolder folder: String) -> (threads: Set<UInt>, count: Int) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return slowFolders.withLock { folders in
            folders.first { $0.prefix == prefix }.map { ($0.threads, $0.accessCount) } ?? ([], 0)
        }
    }

    /// Whether any folder is slowed: while none is, accesses pass without taking the hook's lock.
    package static var isHooked: Bool { slowFolderCount.load(ordering: .acquiring) > 0 }

    /// The calling thread as `accesses(inFolder:)` numbers it.
    package static var currentThread: UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

    /// `stat` of `path`, following links; nil when it cannot be examined.
    package static func status(ofPath path: String) -> stat? {
        willAccess(path)
        var status = stat()
        return PathBytes.withSystemPath(path) { stat($0, &status) } == 0 ? status : nil
    }
}
