/// What `OutputPolicy` found wrong with a place to write.
public enum OutputProblem: Error, Equatable, Sendable {
    /// The place is, or lies inside, `folder`: a folder the gallery shows, watches or reads photos from.
    case insideProtectedFolder(folder: String)
    /// The folder to write in does not exist, and the gallery creates no parent folders.
    case missingFolder(String)
    /// A folder was expected (`--shots`, or a folder on the way to a file) and this is something else.
    case notAFolder
    /// The name is a symbolic link: the gallery never writes through one.
    case symbolicLink
    /// The name is a FIFO, device or socket, which could block or do anything when written.
    case notRegularFile
    /// The file exists and is not something this gallery wrote before, so it is not replaced.
    case existingFile(OutputKind)
    /// A shot's path is not a plain relative path (absolute, `..`, empty component).
    case badRelativePath
    /// The script takes a shot but no `--shots` folder was given.
    case noShotsFolder
    /// A system call failed: the system's reason.
    case system(String)
}

extension OutputProblem: CustomStringConvertible {
    /// The problem as a user reads it, after the path.
    public var description: String {
        switch self {
        case .insideProtectedFolder(let folder):
            "is inside \(folder), a folder the gallery shows, watches or reads photos from; choose another folder, "
                + "so nothing the gallery writes can overwrite a photo"
        case .missingFolder(let folder):
            "the folder \(folder) does not exist (the gallery creates no parent folders)"
        case .notAFolder:
            "is a file, not a folder"
        case .symbolicLink:
            "is a symbolic link; the gallery never writes through one"
        case .notRegularFile:
            "is not a regular file (a FIFO, device or socket); the gallery writes only regular files"
        case .existingFile(let kind):
            "exists and is not \(kind.article) the gallery wrote; the gallery never replaces other files"
        case .badRelativePath:
            "must be a relative path without `..` or empty parts, inside the --shots folder"
        case .noShotsFolder:
            "the script takes shots, but no --shots folder was given"
        case .system(let reason):
            reason
        }
    }
}
