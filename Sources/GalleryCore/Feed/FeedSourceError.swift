/// Why a feed source could not be set up from the command line.
public enum FeedSourceError: Error, Equatable, Sendable {
    /// `--feed-watch` names something that cannot be watched.
    case invalidWatchFolder(String, reason: String)
    /// `--feed-command` is empty or blank.
    case emptyCommand
}

extension FeedSourceError: CustomStringConvertible {
    /// One line for the terminal.
    public var description: String {
        switch self {
        case .invalidWatchFolder(let folder, let reason): "--feed-watch \(folder): \(reason)"
        case .emptyCommand: "--feed-command needs a command to run"
        }
    }
}
