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

extension PhotoIndexError: CustomStringConvertible {
    /// The error as a user reads it, saying what was looked for and where.
    public var description: String {
        switch self {
        case .noPaths:
            return "no photo folder or file given"
        case .pathNotFound(let path):
            return "\(path): no such file or folder"
        case .notAFileOrFolder(let path):
            return "\(path): not a regular file or folder (FIFOs, sockets and devices are not read)"
        case .unreadable(let path, let reason):
            return "\(path): cannot read: \(reason)"
        case .noImages(let folders, let entriesExamined):
            let places = folders.joined(separator: ", ")
            let entries = entriesExamined == 1 ? "1 entry" : "\(entriesExamined) entries"
            let extensions = PhotoIndex.imageExtensions.sorted().joined(separator: " ")
            return "no images in \(places): looked at \(entries), found no visible file ending in one of: \(extensions)"
        }
    }
}
