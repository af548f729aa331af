import Glibc

/// A folder opened for the gallery's output (`--shots`), checked against the policy; files are created relative to
/// its descriptor, through no symbolic link, so nothing planted in it can lead a write elsewhere.
public final class OutputFolder {
    /// The folder as named.
    public let path: String
    /// The option that named it, for messages.
    public let role: String
    /// The folders it must not write into; grows while a run goes on (a feed's photos).
    public var policy: OutputPolicy
    let descriptor: Int32

    private init(path: String, role: String, policy: OutputPolicy, descriptor: Int32) {
        self.path = path
        self.role = role
        self.policy = policy
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Opens the folder at `path` (following a link the user named), creating it, but never its parents, when
    /// `creating`; refuses it when it is or lies inside a protected folder.
    public static func open(
        _ path: String, role: String, policy: OutputPolicy, creating: Bool
    ) throws(OutputError) -> OutputFolder {
        func refuse(_ problem: OutputProblem) -> OutputError { OutputError(role: role, path: path, problem: problem) }
        var descriptor = Glibc.open(path, O_DIRECTORY | OutputPolicy.pathOnly | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            guard code == ENOENT, creating else { throw refuse(Self.problem(forOpenError: code, folder: path)) }
            let (parentPath, name) = Self.split(path)
            guard !name.isEmpty, name != ".", name != ".." else { throw refuse(.missingFolder(path)) }
            let parent = Glibc.open(parentPath, O_DIRECTORY | OutputPolicy.pathOnly | O_CLOEXEC)
            guard parent >= 0 else { throw refuse(Self.problem(forOpenError: errno, folder: parentPath)) }
            defer { close(parent) }
            // The new folder would lie inside its parent: ask before creating anything.
            try check(parent, policy: policy, refuse: refuse)
            guard mkdirat(parent, name, 0o755) == 0 || errno == EEXIST else {
                throw refuse(.system(FileSystem.message(forErrorCode: errno)))
            }
            descriptor = openat(parent, name, O_DIRECTORY | O_NOFOLLOW | OutputPolicy.pathOnly | O_CLOEXEC)
            guard descriptor >= 0 else { throw refuse(Self.problem(forOpenError: errno, folder: path)) }
        }
        let folder = OutputFolder(path: path, role: role, policy: policy, descriptor: descriptor)
        try check(descriptor, policy: policy, refuse: refuse)
        return folder
    }

    /// Creates (or replaces, if it is an earlier output of `kind`) the file at `relativePath` inside this folder.
    /// Folders on the way must exist already and may not be links; `role` names what asked (for messages).
    public func createFile(_ relativePath: String, kind: OutputKind, role: String) throws(OutputError) -> OutputFile {
        let display = path.hasSuffix("/") ? path + relativePath : path + "/" + relativePath
        func refuse(_ problem: OutputProblem) -> OutputError {
            OutputError(role: role, path: display, problem: problem)
        }
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !relativePath.hasPrefix("/"), parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw refuse(.badRelativePath)
        }
        var directory = dup(descriptor)
        guard directory >= 0 else { throw refuse(.system(FileSystem.message(forErrorCode: errno))) }
        defer { close(directory) }
        var walked = path
        for part in parts.dropLast() {
            walked += "/" + part
            let next = openat(directory, part, O_DIRECTORY | O_NOFOLLOW | OutputPolicy.pathOnly | O_CLOEXEC)
            guard next >= 0 else {
                let code = errno
                var status = stat()
                if fstatat(directory, part, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFLNK {
                    throw refuse(.symbolicLink)
                }
                throw refuse(Self.problem(forOpenError: code, folder: walked))
            }
            close(directory)
            directory = next
        }
        try Self.check(directory, policy: policy, refuse: refuse)
        return try OutputFile.create(in: directory, name: parts.last!, displayPath: display, kind: kind, role: role)
    }

    /// Throws `refuse`'s error when the folder open at `directory` is or lies inside a folder `policy` protects.
    static func check(
        _ directory: Int32, policy: OutputPolicy, refuse: (OutputProblem) -> OutputError
    ) throws(OutputError) {
        let protector: String?
        do { protector = try policy.protector(ofFolderAt: directory) } catch { throw refuse(error) }
        if let protector { throw refuse(.insideProtectedFolder(folder: protector)) }
    }

    /// What a failed `open` of a folder means to the user.
    static func problem(forOpenError code: Int32, folder: String) -> OutputProblem {
        switch code {
        case ENOENT: .missingFolder(folder)
        case ENOTDIR: .notAFolder
        default: .system(FileSystem.message(forErrorCode: code))
        }
    }

    /// A path's folder and last name: `a/b` → (`a`, `b`), `b` → (`.`, `b`), `/b` → (`/`, `b`); trailing slashes
    /// are dropped first.
    package static func split(_ path: String) -> (folder: String, name: String) {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return (".", String(path)) }
        let folder = path[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(path[path.index(after: slash)...]))
    }
}
