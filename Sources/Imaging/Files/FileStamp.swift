import Glibc

/// A photo file's identity: device, inode, size and modification time. When any differs from the one decoded, the
/// page shows another file, changed in place, or renamed or copied over the name (`mv new.jpg p01.jpg` keeps the new
/// file's modification time but brings its own inode).
public struct FileStamp: Sendable, Hashable {
    /// The device holding the file.
    public var device: UInt64
    /// The file's inode on that device.
    public var inode: UInt64
    /// Size in bytes.
    public var byteCount: Int
    /// Modification time in nanoseconds since the epoch.
    public var modifiedNanoseconds: Int

    /// The stamp of a `stat` result.
    package init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        byteCount = Int(status.st_size)
        modifiedNanoseconds = Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
    }

    /// The stamp of the file at `path` now (following links), or nil when it cannot be examined. A file access: never
    /// on the main thread (decode threads call it, see `DecodeWorker`).
    public static func current(atPath path: String) -> FileStamp? {
        PhotoFileAccess.status(ofPath: path).map(FileStamp.init)
    }
}
