#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's size and modification time: when either differs from the decoded one, the file changed.
public struct FileStamp: Sendable, Hashable {
    /// Size in bytes.
    public var byteCount: Int
    /// Modification time in nanoseconds since the epoch.
    public var modifiedNanoseconds: Int

    /// The stamp of a `stat` result.
    init(_ status: stat) {
        byteCount = Int(status.st_size)
        modifiedNanoseconds = Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
    }

    /// The stamp of the file at `path` now (following links), or nil when it cannot be examined.
    public static func current(atPath path: String) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileStamp(status)
    }
}
