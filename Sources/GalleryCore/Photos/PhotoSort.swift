/// The order a folder's photos are shown in (`--sort`).
public enum PhotoSort: String, CaseIterable, Sendable {
    /// Natural order of the file names ("photo2" before "photo10", case ignored).
    case name
    /// Oldest modification time first; equal times in natural order of the names.
    case mtime
}
