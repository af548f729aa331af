/// Why no photo list could be built from the command-line paths.
public enum PhotoIndexError: Error, Equatable, Sendable {
    /// No paths were given at all.
    case noPaths
    /// A path does not exist (or a component of it is not a folder).
    case pathNotFound(path: String)
    /// A path is a FIFO, socket or device, which the gallery refuses to read.
    case notAFileOrFolder(path: String)
    /// A path exists but cannot be examined or listed (permissions, I/O error …).
    case unreadable(path: String, reason: String)
    /// Only folders were given and none holds an image; `entriesExamined` counts their directory entries.
    case noImages(folders: [String], entriesExamined: Int)
}
