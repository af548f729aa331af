import Glibc

/// The folders the gallery must never write into: those it shows, watches or reads photos from, and everything below
/// them. Every file the gallery writes is opened through `OutputFolder` and `OutputFile`, which ask this policy about
/// the folder they actually opened.
///
/// Folders are compared by identity (device and inode), walking up from the opened folder with `..`, so a symbolic
/// link, a `..` in a path or a bind mount cannot make a photo folder look like another place.
public struct OutputPolicy: Sendable, Hashable {
    /// A protected folder: its identity, and its resolved path for messages.
    struct Protected: Sendable, Hashable {
        var device: UInt64
        var inode: UInt64
        var path: String
    }

    private(set) var protected: [Protected] = []

    /// A policy protecting `folders` (missing ones hold no photos and are skipped; links are followed).
    public init(protecting folders: some Sequence<String> = [String]()) {
        self = protecting(folders)
    }

    /// This policy with `folders` protected too.
    public func protecting(_ folders: some Sequence<String>) -> OutputPolicy {
        var policy = self
        for folder in folders {
            var status = stat()
            guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
            let identity = (UInt64(status.st_dev), UInt64(status.st_ino))
            guard !policy.protected.contains(where: { ($0.device, $0.inode) == identity }) else { continue }
            policy.protected.append(Protected(device: identity.0, inode: identity.1, path: Self.resolved(folder)))
        }
        return policy
    }

    /// This policy with `other`'s folders protected too.
    public func protecting(_ other: OutputPolicy) -> OutputPolicy {
        var policy = self
        for folder in other.protected
        where !policy.protected.contains(where: { ($0.device, $0.inode) == (folder.device, folder.inode) }) {
            policy.protected.append(folder)
        }
        return policy
    }

    /// The resolved paths of the protected folders, in the order they were added.
    public var protectedFolders: [String] { protected.map(\.path) }

    /// The protected folder that the folder open at `descriptor` is or lies inside, or nil when writing there is
    /// allowed. Throws the system's reason when the folders above it cannot be looked at (then nothing is written).
    func protector(ofFolderAt descriptor: Int32) throws(OutputProblem) -> String? {
        guard !protected.isEmpty else { return nil }
        var current = dup(descriptor)
        guard current >= 0 else { throw .system(FileSystem.message(forErrorCode: errno)) }
        defer { close(current) }
        // Deeper than any real path (PATH_MAX allows ~2048 levels), so a loop in a strange file system still ends.
        for _ in 0..<4096 {
            var status = stat()
            guard fstat(current, &status) == 0 else { throw .system(FileSystem.message(forErrorCode: errno)) }
            let identity = (UInt64(status.st_dev), UInt64(status.st_ino))
            if let found = protected.first(where: { ($0.device, $0.inode) == identity }) { return found.path }
            let parent = openat(current, "..", O_DIRECTORY | OutputPolicy.pathOnly | O_CLOEXEC)
            guard parent >= 0 else { throw .system(FileSystem.message(forErrorCode: errno)) }
            var parentStatus = stat()
            let atRoot =
                fstat(parent, &parentStatus) == 0
                && (UInt64(parentStatus.st_dev), UInt64(parentStatus.st_ino)) == identity
            close(current)
            current = parent
            if atRoot { return nil }
        }
        throw .system("too many folders above it")
    }

    /// `O_PATH`: a descriptor that only names a folder (no read permission needed), enough for `fstat` and `*at` calls.
    static let pathOnly: Int32 = 0o10000000

    /// `path` with links, `.` and `..` resolved, or as given when it cannot be.
    static func resolved(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
