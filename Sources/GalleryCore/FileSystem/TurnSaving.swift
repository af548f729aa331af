import CLinux
import Glibc
import Support

/// Writes a photo's view turn into its file's EXIF orientation tag (Ctrl+S), losslessly: the tag's two bytes (and a
/// PNG chunk's CRC) change, every other byte stays, nothing is re-encoded or inserted. The new file is written beside
/// the old one in the same folder, given its permissions and owner, synced, and renamed over it (atomic: a reader
/// sees the old file or the new one); its modification time is the write's. Not undoable.
public enum TurnSaving {
    /// The largest file rewritten (a decoder reads it whole to find the tag).
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

    /// Finds where the orientation tag of the file open as the descriptor (named by the path) is: a decoder
    /// process's answer where the gallery has them, so the viewer reads none of the file (`inProcess` otherwise).
    public typealias Locate =
        @Sendable (_ descriptor: Int32, _ path: String) -> Result<
            OrientationTagEdit, TurnSavingRefusal
        >

    /// Finds the tag in this process, reading the file whole (galleries without decoder processes, tests).
    public static let inProcess: Locate = { descriptor, _ in
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size <= maximumBytes else {
            return .failure(.file("cannot read it"))
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, $0.count - done, off_t(done))
            }
            guard count > 0 else { return .failure(.file("cannot read it: \(errorText())")) }
            done += count
        }
        return ExifOrientationTag.find(in: bytes).map { OrientationTagEdit($0, in: bytes) }
    }

    /// Saves `turn` (the view's, applied after the file's own orientation) into the file at `path`, its tag found by
    /// `locate`: a copy of the file with the tag's bytes (and a PNG chunk's CRC) written at their offsets replaces it.
    public static func save(_ turn: ViewOrientation, into path: String, locate: Locate = inProcess)
        -> Result<Saved, TurnSavingRefusal>
    {
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
        let edit: OrientationTagEdit
        switch locate(descriptor, path) {
        case .success(let found): edit = found
        case .failure(let refusal): return .failure(refusal)
        }
        // The answer is hostile too: its offsets must lie inside this file.
        guard edit.fits(fileSize: Int(status.st_size)) else { return .failure(.damaged) }
        let after = turn.after(ViewOrientation(exifValue: edit.value)!).exifValue
        guard after != edit.value else { return .success(Saved(before: edit.value, after: after)) }
        if let refusal = replace(path, copying: descriptor, like: status, patches: edit.patches(for: after)) {
            return .failure(refusal)
        }
        return .success(Saved(before: edit.value, after: after))
    }

    /// Copies the file open as `source` (in the kernel: its bytes never pass through this process) to a new file in
    /// `path`'s folder, writes `patches` at their offsets, gives it `status`'s permissions and owner, syncs it, and
    /// renames it over `path` unless the file changed meanwhile; nil, or why not (the new file removed).
    private static func replace(
        _ path: String, copying source: Int32, like status: stat, patches: [(offset: Int, bytes: [UInt8])]
    ) -> TurnSavingRefusal? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(name).gallery-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .file("cannot write in its folder: \(errorText())") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        var copied = 0
        let size = Int(status.st_size)
        while failure == nil, copied < size {
            var from = off_t(copied)
            var count = gallery_copy_file_range(source, &from, descriptor, size - copied)
            // A file system without it: sendfile, in the kernel too.
            if count < 0, [EXDEV, EINVAL, ENOSYS, EOPNOTSUPP].contains(errno) {
                count = sendfile(descriptor, source, &from, size - copied)
            }
            if count <= 0 { failure = "cannot copy it: \(errorText())" } else { copied += count }
        }
        for patch in patches where failure == nil {
            let count = patch.bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress, $0.count, off_t(patch.offset))
            }
            if count != patch.bytes.count { failure = "cannot write: \(errorText())" }
        }
        // Changed while it was copied (another program wrote it): not replaced by a mix of both.
        var now = stat()
        if failure == nil,
            fstat(source, &now) != 0 || now.st_size != status.st_size
                || now.st_mtim.tv_sec != status.st_mtim.tv_sec || now.st_mtim.tv_nsec != status.st_mtim.tv_nsec
        {
            failure = "it changed while it was saved"
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
