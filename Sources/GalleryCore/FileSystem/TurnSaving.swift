import Glibc

/// Writes a photo's view turn into its file's EXIF orientation tag (Ctrl+S), losslessly: the tag's two bytes (and a
/// PNG chunk's CRC) change, every other byte stays, nothing is re-encoded or inserted. The new file is written beside
/// the old one in the same folder, given its permissions and owner, synced, and renamed over it (atomic: a reader
/// sees the old file or the new one); its modification time is the write's. Not undoable.
public enum TurnSaving {
    /// The largest file rewritten: it is read whole.
    public static let maximumBytes = 256 << 20

    /// What a save did: the orientation value before and after.
    public struct Saved: Sendable, Equatable {
        /// The EXIF value the file stated.
        public let before: Int
        /// The EXIF value it states now.
        public let after: Int

        /// A save from `before` to `after`.
        public init(before: Int, after: Int) {
            self.before = before
            self.after = after
        }
    }

    /// Saves `turn` (the view's, applied after the file's own orientation) into the file at `path`.
    public static func save(_ turn: ViewOrientation, into path: String) -> Result<Saved, TurnSavingRefusal> {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.file("cannot open it: \(errorText())")) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(.file("it is not a regular file"))
        }
        guard status.st_size <= maximumBytes else { return .failure(.file("it is over 256 MB")) }
        // Read-only by its mode too: root may write anything, but a file nobody may write is not to be changed.
        guard access(path, W_OK) == 0, status.st_mode & 0o222 != 0 else { return .failure(.file("it is read-only")) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, $0.count - done, done)
            }
            guard count > 0 else { return .failure(.file("cannot read it: \(errorText())")) }
            done += count
        }
        let tag: ExifOrientationTag
        switch ExifOrientationTag.find(in: bytes) {
        case .success(let found): tag = found
        case .failure(let refusal): return .failure(refusal)
        }
        let after = turn.after(ViewOrientation(exifValue: tag.value)!).exifValue
        guard after != tag.value else { return .success(Saved(before: tag.value, after: after)) }
        if let refusal = replace(path, with: tag.rewriting(bytes, to: after), like: status) {
            return .failure(refusal)
        }
        return .success(Saved(before: tag.value, after: after))
    }

    /// Writes `bytes` to a new file in `path`'s folder with `status`'s permissions and owner, syncs it, and renames it
    /// over `path`; nil, or why not (the new file removed).
    private static func replace(_ path: String, with bytes: [UInt8], like status: stat) -> TurnSavingRefusal? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(name).gallery-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .file("cannot write in its folder: \(errorText())") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        var written = 0
        while failure == nil, written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count <= 0 { failure = "cannot write: \(errorText())" } else { written += count }
        }
        if failure == nil, fchmod(descriptor, status.st_mode & 0o7777) != 0 { failure = "chmod: \(errorText())" }
        if failure == nil, fchown(descriptor, status.st_uid, status.st_gid) != 0, geteuid() == 0 {
            failure = "chown: \(errorText())"  // only root may give a file away; the owner's own group change may fail
        }
        if failure == nil, fsync(descriptor) != 0 { failure = "fsync: \(errorText())" }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = "cannot replace it: \(errorText())" }
        guard let failure else {
            let folderDescriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folderDescriptor >= 0 {
                _ = fsync(folderDescriptor)
                close(folderDescriptor)
            }
            return nil
        }
        unlink(temporary)
        return .file(failure)
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
