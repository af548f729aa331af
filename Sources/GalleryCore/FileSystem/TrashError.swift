import Glibc
import Support

/// Why a photo could not go to the trash or come back from it; the file stays where it was.
public enum TrashError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call on `path` failed with `errno`.
    case system(String, Int32)
    /// No trash on the file's volume could take it (it is never copied across volumes).
    case noTrash(String)
    /// A trash folder exists but is a link, not a folder, or another user's.
    case notUsable(String)
    /// A file of the original's name is there again: restoring would replace it.
    case occupied(String)
    /// The file in the trash at `trashed` is not the one moved there from `path` (the trash was emptied and another
    /// file of that name trashed since): restoring would bring back a stranger.
    case notTheFileMoved(String, trashed: String)

    /// The message the window shows.
    public var description: String {
        switch self {
        case .system(let path, let code): "\(path): \(FileSystem.message(forErrorCode: code))"
        case .noTrash(let path): "\(path): no trash on its volume can take it"
        case .notUsable(let path): "\(path) is not a trash folder of yours"
        case .occupied(let path): "\(path) exists again: not replaced"
        case .notTheFileMoved(let path, let trashed):
            "\(path): the Trash's \(Trash.lastComponent(trashed)) is not the file Delete moved there (the Trash changed)"
                + ": not restored"
        }
    }
}
