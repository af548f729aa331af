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
