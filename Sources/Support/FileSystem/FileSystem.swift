import Glibc

/// The few read-mostly POSIX calls GalleryCore needs, returning `errno` text instead of Foundation's generic messages.
///
/// POSIX rather than `FileManager` because the photo index must tell a FIFO from a file without
/// opening it, list a folder without following anything, and report "Permission denied" verbatim.
package enum FileSystem {
    /// `path` made absolute against the working folder, links not resolved: what goes to another program or the
    /// clipboard, so a name such as `--help.jpg` or `file:/etc/passwd.jpg` is never read as an option or a URI.
    package static func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return (folder == "/" ? "" : folder) + "/" + relative
    }

    /// What `path` names, following symbolic links; errors other than "does not exist" are thrown.
    package static func kind(atPath path: String) throws(FileSystemError) -> FileKind {
        var status = stat()
        guard PathBytes.withSystemPath(path, { stat($0, &status) }) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            throw FileSystemError(path: path, code: code)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .special
        }
    }

    /// Calls `body` with each entry of a directory but `.` and `..`, in the order the system returns them: the name's
    /// bytes (valid only during the call) and the kind `readdir` reports (nil for a link, or when the file system does
    /// not say), so most entries need no `stat`. No string is made here: a caller skipping a name by its bytes pays
    /// nothing for it, which matters in a 100,000-photo folder.
    package static func forEachEntry(
        inDirectory path: String, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ kind: FileKind?) -> Void
    ) throws(FileSystemError) {
        guard let directory = PathBytes.withSystemPath(path, { opendir($0) }) else {
            throw FileSystemError(path: path, code: errno)
        }
        defer { closedir(directory) }
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw FileSystemError(path: path, code: errno) }
                return
            }
            let kind: FileKind? =
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_REG): .regular
                case Int32(DT_DIR): .directory
                case Int32(DT_FIFO), Int32(DT_SOCK), Int32(DT_CHR), Int32(DT_BLK): .special
                default: nil
                }
            withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { start in
                    let name = UnsafeBufferPointer(
                        start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)))
                    let isDotOrDotDot = name.count <= 2 && name.allSatisfy { $0 == UInt8(ascii: ".") }
                    if !isDotOrDotDot { body(name, kind) }
                }
            }
        }
    }

    /// The modification time of `path` in nanoseconds since the epoch (following links), or nil if it cannot be read.
    package static func modificationTime(atPath path: String) -> Int? {
        var status = stat()
        guard PathBytes.withSystemPath(path, { stat($0, &status) }) == 0 else { return nil }
        return Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
    }

    /// Whether `path` is itself a symbolic link (not followed).
    package static func isSymbolicLink(atPath path: String) -> Bool {
        var status = stat()
        return PathBytes.withSystemPath(path) { lstat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// The whole content of a regular file of at most `maximumBytes`.
    ///
    /// Opened non-blocking and checked with `fstat` before reading, so a FIFO, a device or a directory named by
    /// mistake gives an error at once instead of blocking or reading without end.
    package static func contents(
        ofFile path: String, maximumBytes: Int = .max
    ) throws(FileSystemError) -> [UInt8] {
        let descriptor = PathBytes.withSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw FileSystemError(path: path, code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystemError(path: path, code: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileSystemError(path: path, code: EISDIR)
        default: throw FileSystemError(path: path, reason: "not a regular file (a FIFO, device or socket)")
        }
        guard status.st_size <= maximumBytes else {
            throw FileSystemError(path: path, reason: "larger than \(maximumBytes) bytes")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: path, code: errno)
            }
            if count == 0 { return bytes }
            // A file that grows while it is read is cut off at the limit rather than read without end.
            guard bytes.count + count <= maximumBytes else {
                throw FileSystemError(path: path, reason: "larger than \(maximumBytes) bytes")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes all of `bytes` to `descriptor`, resuming after short writes and signals (`EINTR`); on failure, returns
    /// the `errno` of the write that failed, having written an unknown prefix.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Closes `descriptor`; the `errno` if `close(2)` reported an error (the descriptor is released all the same).
    package static func closeDescriptor(_ descriptor: Int32) -> Int32? {
        close(descriptor) == 0 ? nil : errno
    }

    /// The running executable's path with symbolic links resolved (`/proc/self/exe`), or nil where there is none.
    /// What `Bundle.main.executableURL` gave, which is not in FoundationEssentials.
    package static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The system's description of an `errno` value, such as "Permission denied".
    package static func message(forErrorCode code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
