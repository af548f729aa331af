extension FeedSourceError: CustomStringConvertible {
    /// One line for the terminal.
    public var description: String {
        switch self {
        case .invalidWatchFolder(let folder, let reason): "--feed-watch \(folder): \(reason)"
        case .emptyCommand: "--feed-command needs a command to run"
        }
    }
}
