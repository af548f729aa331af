/// Why pixel memory could not be had.
public enum PixelBufferError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The size asked for is zero, negative or overflows (the text says which).
    case invalidSize(String)
    /// The kernel refused the memory (`errno` from `mmap` or `ftruncate`).
    case outOfMemory(byteCount: Int, errno: Int32)
    /// A shared-memory call failed.
    case sharedMemory(call: String, errno: Int32)

    /// A sentence for an error tile or a log line.
    public var description: String {
        switch self {
        case .invalidSize(let what): "invalid pixel buffer size: \(what)"
        case .outOfMemory(let byteCount, let errno): "cannot allocate \(byteCount) bytes of pixels (errno \(errno))"
        case .sharedMemory(let call, let errno): "\(call) failed (errno \(errno))"
        }
    }
}
