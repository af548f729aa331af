import Glibc

/// A regular file the gallery writes (a trace, a shot), opened through `OutputPolicy`: never in or below a protected
/// folder, never through a symbolic link, never a FIFO or device (opened non-blocking, so nothing can hang the open),
/// and never replacing a file that is not an earlier output of the same kind. Owned by one thread.
public final class OutputFile {
    /// The path, for messages.
    public let path: String
    /// The open descriptor; `close()` releases it.
    package let descriptor: Int32
    private var isClosed = false

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        if !isClosed { Glibc.close(descriptor) }
    }

    /// Creates the file at `path`, or replaces an earlier output of `kind` there. Its folder must exist already (the
    /// gallery creates no parent folders) and may not be or lie inside a protected folder.
    public static func create(
        atPath path: String, kind: OutputKind, role: String, policy: OutputPolicy
    ) throws(OutputError) -> OutputFile {
        func refuse(_ problem: OutputProblem) -> OutputError { OutputError(role: role, path: path, problem: problem) }
        let (folderPath, name) = OutputFolder.split(path)
        guard !path.hasSuffix("/"), !name.isEmpty, name != ".", name != ".." else { throw refuse(.notRegularFile) }
        let folder = open(folderPath, O_DIRECTORY | OutputPolicy.pathOnly | O_CLOEXEC)
        guard folder >= 0 else { throw refuse(OutputFolder.problem(forOpenError: errno, folder: folderPath)) }
        defer { Glibc.close(folder) }
        try OutputFolder.check(folder, policy: policy, refuse: refuse)
        return try create(in: folder, name: name, displayPath: path, kind: kind, role: role)
    }

    /// Creates `name` in the folder open at `folder` (already checked against the policy), or replaces an earlier
    /// output of `kind` there.
    static func create(
        in folder: Int32, name: String, displayPath: String, kind: OutputKind, role: String
    ) throws(OutputError) -> OutputFile {
        do {
            return OutputFile(path: displayPath, descriptor: try openFile(in: folder, name: name, kind: kind))
        } catch {
            throw OutputError(role: role, path: displayPath, problem: error)
        }
    }

    /// The descriptor of a new file, or of an earlier output of `kind`, emptied. Twice at most: a name that appears
    /// or changes between the look and the open is looked at again.
    private static func openFile(in folder: Int32, name: String, kind: OutputKind) throws(OutputProblem) -> Int32 {
        for _ in 0..<2 {
            var seen = stat()
            if fstatat(folder, name, &seen, AT_SYMLINK_NOFOLLOW) != 0 {
                guard errno == ENOENT else { throw .system(FileSystem.message(forErrorCode: errno)) }
                let created = openat(
                    folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
                if created >= 0 { return created }
                if errno == EEXIST { continue }
                throw .system(FileSystem.message(forErrorCode: errno))
            }
            switch seen.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFLNK: throw .symbolicLink
            default: throw .notRegularFile
            }
            // Checked and emptied through one descriptor, so what is truncated is what was looked at.
            let existing = openat(folder, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard existing >= 0 else {
                if errno == ENOENT { continue }
                throw errno == ELOOP ? .symbolicLink : .system(FileSystem.message(forErrorCode: errno))
            }
            var opened = stat()
            guard fstat(existing, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else {
                Glibc.close(existing)
                throw .notRegularFile
            }
            guard opened.st_dev == seen.st_dev, opened.st_ino == seen.st_ino else {
                Glibc.close(existing)
                continue
            }
            var head = [UInt8](repeating: 0, count: kind.headLength)
            let count = head.withUnsafeMutableBytes { pread(existing, $0.baseAddress, $0.count, 0) }
            guard count >= 0, kind.isPreviousOutput(head: Array(head[..<count])) else {
                Glibc.close(existing)
                throw .existingFile(kind)
            }
            guard ftruncate(existing, 0) == 0 else {
                let reason = FileSystem.message(forErrorCode: errno)
                Glibc.close(existing)
                throw .system(reason)
            }
            return existing
        }
        throw .system("it changed while being opened")
    }

    /// Writes all of `bytes`; on failure, the system's reason.
    public func write(_ bytes: [UInt8]) throws(OutputError) {
        if let code = bytes.withUnsafeBytes({ FileSystem.writeAll($0, to: descriptor) }) {
            throw OutputError(role: "writing", path: path, problem: .system(FileSystem.message(forErrorCode: code)))
        }
    }

    /// Closes the file; the `errno` if `close(2)` reported a deferred write error. Later calls do nothing.
    @discardableResult
    public func close() -> Int32? {
        guard !isClosed else { return nil }
        isClosed = true
        return FileSystem.closeDescriptor(descriptor)
    }
}
