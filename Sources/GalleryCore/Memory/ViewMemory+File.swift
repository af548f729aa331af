import Glibc
import Support

/// The state file on disk: read once before the start, written once at quit through a temporary file and a rename, so
/// a crash or a full disk leaves the old file whole.
extension ViewMemory {
    /// The largest state file read (1000 views of long paths fit many times over).
    public static let maximumFileBytes = 8 << 20

    /// `$XDG_STATE_HOME/gallery/views`, else `~/.local/state/gallery/views` (a relative `XDG_STATE_HOME` is ignored);
    /// nil with neither.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/gallery/views" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/gallery/views"
    }

    /// The memory kept at `path`: nothing when there is no file yet; nothing and a note (for standard error) when it
    /// cannot be read or is not understood, so a damaged file never stops the gallery (it is replaced at quit).
    public static func load(path: String) -> (memory: ViewMemory, note: String?) {
        let ignored = "; the remembered views are ignored, and replaced at quit"
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.contents(ofFile: path, maximumBytes: maximumFileBytes)
        } catch {
            if error.code == ENOENT { return (ViewMemory(), nil) }
            return (ViewMemory(), "\(path): \(error.reason)\(ignored)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return (ViewMemory(), "\(path): not UTF-8 text\(ignored)")
        }
        do {
            return (try ViewMemory(text: text), nil)
        } catch {
            return (ViewMemory(), "\(path):\(error.line ?? 1): not understood\(ignored)")
        }
    }

    /// Writes the memory to `path` (its folder made, private to the user, if missing): into a new file beside it,
    /// flushed, then renamed over it. The error's text says what failed.
    package func save(path: String) throws(FileSystemError) {
        let folder = OutputFolder.split(path).folder
        try Self.makeFolders(folder)
        let temporary = path + ".new-\(getpid())"
        let descriptor = PathBytes.withSystemPath(temporary) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else { throw FileSystemError(path: temporary, code: errno) }
        let bytes = Array(text.utf8)
        var failure = bytes.withUnsafeBytes { FileSystem.writeAll($0, to: descriptor) }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if let closing = FileSystem.closeDescriptor(descriptor), failure == nil { failure = closing }
        if failure == nil,
            PathBytes.withSystemPath(temporary, { from in PathBytes.withSystemPath(path) { rename(from, $0) } }) != 0
        {
            failure = errno
        }
        if let failure {
            _ = PathBytes.withSystemPath(temporary) { unlink($0) }
            throw FileSystemError(path: path, code: failure)
        }
    }

    /// Makes `folder` and its missing parents, each private to the user.
    private static func makeFolders(_ folder: String) throws(FileSystemError) {
        guard !folder.isEmpty, folder != "/" else { return }
        if (try? FileSystem.kind(atPath: folder)) == .directory { return }
        try makeFolders(OutputFolder.split(folder).folder)
        if PathBytes.withSystemPath(folder, { mkdir($0, 0o700) }) != 0, errno != EEXIST {
            throw FileSystemError(path: folder, code: errno)
        }
    }
}
