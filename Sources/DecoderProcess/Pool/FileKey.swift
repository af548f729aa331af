import Glibc

/// The identity of an opened file's contents (device, inode, size, modification time), read with `fstat` on the
/// descriptor: a photo a decoder crashed on is known again by it, and tried again once it changes.
public struct FileKey: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int64
    let modifiedNanoseconds: Int64

    /// The key of the file open as `descriptor`, or nil when `fstat` fails.
    public init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modifiedSeconds = Int64(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(status.st_mtim.tv_nsec)
    }
}
