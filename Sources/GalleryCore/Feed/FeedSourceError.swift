/// Why a feed source could not be set up from the command line.
public enum FeedSourceError: Error, Equatable, Sendable {
    /// `--feed-watch` names something that cannot be watched.
    case invalidWatchFolder(String, reason: String)
    /// `--feed-command` is empty or blank.
    case emptyCommand
}
