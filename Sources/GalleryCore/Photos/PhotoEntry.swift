/// One photo of the index: where it is and what to call it.
public struct PhotoEntry: Hashable, Sendable {
    /// The path to open: a folder argument joined with the file name, or a file argument as given.
    public var path: String

    /// Creates an entry.
    public init(path: String) {
        self.path = path
    }

    /// The last path component, for title bars and error tiles.
    public var fileName: String {
        String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path))
    }
}
