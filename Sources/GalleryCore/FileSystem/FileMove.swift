import CLinux
import Glibc
import Support

/// Culling's file work (`--move-to`, `--copy-to`): a photo moved or copied into a folder, and undone. Nothing is ever
/// replaced: a name taken in the folder gets a number before its extension, as the Trash numbers it (`a.2.jpg`).
/// Within a volume a move is one rename (renameat2's `RENAME_NOREPLACE`); across volumes, and for every copy, the bytes
/// are copied into a new file (`O_EXCL`), flushed to the disk with the folder's entry, read back and compared with the
/// original, and only then is the original removed (a move), so a failure at any step leaves the original as it was.
public enum FileMove {
    /// A photo placed in a folder, with what undoes it.
    public struct Item: Equatable, Sendable {
        /// Where it was, absolute.
        public var original: String
        /// Where it is now.
        public var placed: String
        /// The placed file as written: what it must still be for an undo to touch it.
        public var identity: Trash.Identity
        /// Whether the original was removed (a move) or kept (a copy).
        public var removedOriginal: Bool
    }

    /// Bytes copied a read.
    static let chunk = 1 << 20

    /// Moves (`removing`) or copies the regular file at `path` into `folder`; returns what undoes it. Throws, leaving
    /// the original where it was and no partial copy, when it cannot.
    public static func place(_ path: String, into folder: String, removing: Bool) throws(TrashError) -> Item {
        let original = FileSystem.absolutePath(path)
        var source = stat()
        guard PathBytes.withSystemPath(original, { lstat($0, &source) }) == 0 else { throw .system(original, errno) }
        guard source.st_mode & S_IFMT == S_IFREG else { throw .system(original, EINVAL) }
        let base = Trash.lastComponent(original)
        let target = FileSystem.absolutePath(folder)
        for attempt in 1...10_000 {
            let placed = (target == "/" ? "" : target) + "/" + Trash.trashName(base, attempt)
            if removing {
                switch Trash.moveWithoutReplacing(original, to: placed) {
                case nil:
                    syncFolder(of: placed)
                    syncFolder(of: original)
                    return Item(
                        original: original, placed: placed, identity: identity(of: placed) ?? Trash.Identity(source),
                        removedOriginal: true)
                case EEXIST?: continue
                case EXDEV?: break
                case let code?: throw .system(original, code)
                }
            }
            switch try copyVerified(original, source: source, to: placed) {
            case .taken: continue
            case .written(let written):
                if removing { try removeOriginal(original, as: source, copy: placed) }
                return Item(original: original, placed: placed, identity: written, removedOriginal: removing)
            }
        }
        throw .system(target, EEXIST)
    }

    /// Undoes `item`: a moved photo goes back where it was (moved the same way), a copy is removed. Throws, changing
    /// nothing, when the placed file is not the one written (changed or replaced since) or the original's name is
    /// taken again.
    public static func undo(_ item: Item) throws(TrashError) {
        guard identity(of: item.placed) == item.identity else {
            throw .notTheFileMoved(item.original, trashed: item.placed)
        }
        guard item.removedOriginal else {
            guard PathBytes.withSystemPath(item.placed, { unlink($0) }) == 0 else { throw .system(item.placed, errno) }
            syncFolder(of: item.placed)
            return
        }
        switch Trash.moveWithoutReplacing(item.placed, to: item.original) {
        case nil:
            syncFolder(of: item.original)
            syncFolder(of: item.placed)
            return
        case EEXIST?: throw .occupied(item.original)
        case EXDEV?: break
        case let code?: throw .system(item.placed, code)
        }
        var placed = stat()
        guard PathBytes.withSystemPath(item.placed, { lstat($0, &placed) }) == 0 else {
            throw .system(item.placed, errno)
        }
        switch try copyVerified(item.placed, source: placed, to: item.original) {
        case .taken: throw .occupied(item.original)
        case .written: try removeOriginal(item.placed, as: placed, copy: item.original)
        }
    }

    /// What a copy did.
    enum Copy {
        /// The destination's name was taken: nothing written.
        case taken
        /// The copy, flushed and equal to the source, with its identity.
        case written(Trash.Identity)
    }

    /// Copies `from` (whose status was `source`) to the new file `destination` with its permission bits and times,
    /// flushes it and its folder entry, reads it back and compares; any failure removes the partial copy.
    static func copyVerified(_ from: String, source: stat, to destination: String) throws(TrashError) -> Copy {
        let input = PathBytes.withSystemPath(from) { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard input >= 0 else { throw .system(from, errno) }
        defer { close(input) }
        let output = PathBytes.withSystemPath(destination) {
            open($0, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(source.st_mode & 0o777))
        }
        if output < 0 {
            if errno == EEXIST { return .taken }
            throw .system(destination, errno)
        }
        var written: stat?
        defer {
            close(output)
            if written == nil { _ = PathBytes.withSystemPath(destination) { unlink($0) } }
        }
        var buffer = [UInt8](repeating: 0, count: chunk)
        var copied: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .system(from, errno) }
            if count == 0 { break }
            if let code = buffer.withUnsafeBytes({
                FileSystem.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: output)
            }) {
                throw .system(destination, code)
            }
            copied += Int64(count)
        }
        // The original changed while it was read: the copy would not be it.
        var after = stat()
        guard fstat(input, &after) == 0, copied == Int64(after.st_size), Trash.Identity(after) == Trash.Identity(source)
        else { throw .system(from, EAGAIN) }
        var times = [source.st_atim, source.st_mtim]
        _ = futimens(output, &times)
        guard fsync(output) == 0 else { throw .system(destination, errno) }
        syncFolder(of: destination)
        guard try sameBytes(input, output, count: copied) else { throw .system(destination, EIO) }
        var status = stat()
        guard fstat(output, &status) == 0 else { throw .system(destination, errno) }
        written = status
        return .written(Trash.Identity(status))
    }

    /// Whether the two open files hold the same `count` bytes, read from their starts.
    static func sameBytes(_ first: Int32, _ second: Int32, count: Int64) throws(TrashError) -> Bool {
        var a = [UInt8](repeating: 0, count: chunk)
        var b = [UInt8](repeating: 0, count: chunk)
        var offset: Int64 = 0
        while offset < count {
            let want = Int(min(Int64(chunk), count - offset))
            let readA = a.withUnsafeMutableBytes { pread(first, $0.baseAddress, want, off_t(offset)) }
            let readB = b.withUnsafeMutableBytes { pread(second, $0.baseAddress, want, off_t(offset)) }
            if readA < 0 || readB < 0, errno == EINTR { continue }
            guard readA == want, readB == want else { return false }
            guard memcmp(a, b, want) == 0 else { return false }
            offset += Int64(want)
        }
        return true
    }

    /// Removes `path` once copied to `copy`, only if it is still the file copied (`source`); else removes the copy.
    static func removeOriginal(_ path: String, as source: stat, copy: String) throws(TrashError) {
        guard identity(of: path) == Trash.Identity(source) else {
            _ = PathBytes.withSystemPath(copy) { unlink($0) }
            throw .system(path, EAGAIN)
        }
        guard PathBytes.withSystemPath(path, { unlink($0) }) == 0 else {
            let code = errno
            _ = PathBytes.withSystemPath(copy) { unlink($0) }
            throw .system(path, code)
        }
        syncFolder(of: path)
    }

    /// The identity of the file at `path` (not following a link), nil when it cannot be examined.
    static func identity(of path: String) -> Trash.Identity? {
        var status = stat()
        return PathBytes.withSystemPath(path, { lstat($0, &status) }) == 0 ? Trash.Identity(status) : nil
    }

    /// Flushes the folder holding `path`, so a new or removed entry survives a crash (best effort).
    static func syncFolder(of path: String) {
        let descriptor = PathBytes.withSystemPath(Trash.parent(path)) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
