import CLinux
import Glibc
import Support

/// The desktop's wastebasket, per the freedesktop.org Trash specification 1.0: a photo moved there by Delete can be
/// put back (Ctrl+Z, or any file manager's "Restore"), never unlinked. A file on the home volume goes to
/// `$XDG_DATA_HOME/Trash` (`~/.local/share/Trash`, made with its missing folders); one on another volume to the top of
/// that volume (its mount point, for the file's real path) in `.Trash/$uid` (when `.Trash` is a sticky directory, not
/// a link) or `.Trash-$uid`, never copied across volumes. Each move writes `info/NAME.trashinfo` first (reserving the
/// name with `O_EXCL`), then renames the file into `files/NAME` without replacing anything: a file is either where it
/// was or in the trash with its info, never lost. A restore puts back only the very file moved (`Identity`).
public struct Trash: Sendable {
    /// A file moved to the trash, with what puts it back.
    public struct Item: Equatable, Sendable {
        /// Where it was, absolute.
        public var original: String
        /// Where it is now: `TRASH/files/NAME`.
        public var trashed: String
        /// Its `TRASH/info/NAME.trashinfo`.
        public var info: String
        /// The trashed file as it was once moved: what it must still be for a restore.
        public var identity: Identity
    }

    /// What tells a file from another that took its name: device, inode, size and modification time.
    public struct Identity: Equatable, Sendable {
        /// `st_dev`.
        public var device: UInt64
        /// `st_ino`.
        public var inode: UInt64
        /// `st_size`.
        public var size: Int64
        /// `st_mtim`, seconds and nanoseconds.
        public var modified: (seconds: Int64, nanoseconds: Int64)

        /// The identity of the file `status` describes.
        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            modified = (Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec))
        }

        /// Equal when every field is.
        public static func == (lhs: Identity, rhs: Identity) -> Bool {
            lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size && lhs.modified == rhs.modified
        }
    }

    /// The home trash: `$XDG_DATA_HOME/Trash`.
    public let home: String
    /// The user whose trash folders on other volumes are `.Trash/UID` and `.Trash-UID`.
    let userID: uid_t
    /// The top folder of the volume holding a path (its mount point), for a file that is not on the home volume.
    let volumeTop: @Sendable (String) -> String
    /// Called with the destination just before each move (tests: a file made in the gap, a slow move).
    package var beforeMove: (@Sendable (String) -> Void)?

    /// The trash of this user, `$XDG_DATA_HOME` from `environment` (else `$HOME/.local/share`).
    public init(environment: [String: String]) {
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? "/") + "/.local/share")
        self.init(home: dataHome + "/Trash", userID: getuid(), volumeTop: Self.mountPoint)
    }

    /// A trash with its home folder and volume lookup given (tests).
    package init(home: String, userID: uid_t, volumeTop: @escaping @Sendable (String) -> String) {
        self.home = home
        self.userID = userID
        self.volumeTop = volumeTop
    }

    /// Moves `path` to the trash; returns what puts it back. Throws, leaving the file where it was, when no trash on
    /// its volume can take it.
    public func moveToTrash(_ path: String, at time: time_t = time(nil)) throws(TrashError) -> Item {
        let original = FileSystem.absolutePath(path)  // the link itself is trashed, not resolved
        var file = stat()
        guard PathBytes.withSystemPath(original, { lstat($0, &file) }) == 0 else { throw .system(original, errno) }
        let (trash, infoPath) = try trashFolder(for: original, device: file.st_dev)
        let base = Self.lastComponent(original)
        var attempt = 1
        while true {
            let name = Self.trashName(base, attempt)
            let info = trash + "/info/" + name + ".trashinfo"
            let trashed = trash + "/files/" + name
            let infoFile = TrashInfoFile(path: info, recordedPath: infoPath, deletionTime: time)
            guard try infoFile.create() else {
                guard attempt < 10_000 else { throw .system(info, EEXIST) }
                attempt += 1
                continue
            }
            beforeMove?(trashed)
            if let code = Self.moveWithoutReplacing(original, to: trashed) {
                TrashInfoFile.remove(info)
                // A file of that name without its info (another program's half-done move): not ours to replace.
                guard code == EEXIST, attempt < 10_000 else { throw .system(original, code) }
                attempt += 1
                continue
            }
            var moved = stat()
            // rename(2) keeps all four, so the status taken before stands in should the new one fail.
            if PathBytes.withSystemPath(trashed, { lstat($0, &moved) }) != 0 { moved = file }
            return Item(original: original, trashed: trashed, info: info, identity: Identity(moved))
        }
    }

    /// Puts `item` back where it was and removes its info. Throws, changing nothing, when a file of that name is
    /// there again, or the trashed file is gone or is not the one moved there (the trash emptied and another file of
    /// its name trashed since).
    public func restore(_ item: Item) throws(TrashError) {
        var current = stat()
        guard PathBytes.withSystemPath(item.trashed, { lstat($0, &current) }) == 0 else {
            throw .system(item.trashed, errno)
        }
        guard Identity(current) == item.identity else { throw .notTheFileMoved(item.original, trashed: item.trashed) }
        beforeMove?(item.original)
        if let code = Self.moveWithoutReplacing(item.trashed, to: item.original) {
            throw code == EEXIST ? .occupied(item.original) : .system(item.trashed, code)
        }
        TrashInfoFile.remove(item.info)
    }

    /// The trash folder for a file at `original` on `device`, made if missing, and the `Path=` its info records:
    /// absolute in the home trash, relative to the volume's top in a volume's trash (as the specification allows and
    /// GLib writes, so the volume can be mounted elsewhere).
    private func trashFolder(for original: String, device: dev_t) throws(TrashError) -> (String, String) {
        // The nearest folder that exists on the way to the home trash tells its volume; what is missing is made.
        if Self.device(of: Self.nearestExisting(home)) == device {
            try makeParents(of: home)
            try makeTrash(home)
            return (home, original)
        }
        // The volume's top is found for the real path: through a linked folder, the lexical parents lie on another
        // volume, and the trash would land inside the photo's folder.
        guard let resolved = Self.resolved(original) else { throw .noTrash(original) }
        let top = volumeTop(resolved)
        guard top == "/" || resolved.hasPrefix(top + "/") else { throw .noTrash(original) }
        let relative = String(resolved.dropFirst(top == "/" ? 1 : top.count + 1))
        let shared = (top == "/" ? "" : top) + "/.Trash"
        var sharedInfo = stat()
        // The administrator's `.Trash`: a real folder with the sticky bit, holding one folder per user.
        if PathBytes.withSystemPath(shared, { lstat($0, &sharedInfo) }) == 0, sharedInfo.st_mode & S_IFMT == S_IFDIR,
            sharedInfo.st_mode & S_ISVTX != 0
        {
            let own = shared + "/\(userID)"
            if (try? makeTrash(own)) != nil, Self.device(of: own) == device { return (own, relative) }
        }
        let own = (top == "/" ? "" : top) + "/.Trash-\(userID)"
        try makeTrash(own)
        guard Self.device(of: own) == device else { throw .noTrash(original) }
        return (own, relative)
    }

    /// Makes the missing folders above `trash` (mode 0700), as the base directory specification asks of a data home
    /// that does not exist yet (a fresh account, root's `/root` without `.local/share`).
    private func makeParents(of trash: String) throws(TrashError) {
        var missing: [String] = []
        var folder = Self.parent(trash)
        while folder != "/", Self.device(of: folder) == nil {
            missing.append(folder)
            folder = Self.parent(folder)
        }
        for folder in missing.reversed() {
            if PathBytes.withSystemPath(folder, { mkdir($0, 0o700) }) != 0, errno != EEXIST {
                throw .system(folder, errno)
            }
        }
    }

    /// `path` itself if it exists, else the nearest folder above it that does.
    static func nearestExisting(_ path: String) -> String {
        var current = path
        while current != "/", device(of: current) == nil { current = parent(current) }
        return current
    }

    /// `path` with its folder's links resolved (realpath(3)) and its last component kept as it is (a link there is
    /// the file trashed); nil when the folder cannot be resolved.
    static func resolved(_ path: String) -> String? {
        let folder = parent(path)
        guard let real = PathBytes.withSystemPath(folder, { realpath($0, nil) }) else { return nil }
        defer { free(real) }
        let bytes = UnsafeBufferPointer(start: real, count: strlen(real)).map { UInt8(bitPattern: $0) }
        let resolvedFolder = PathBytes.string(fromBytes: bytes)
        return (resolvedFolder == "/" ? "" : resolvedFolder) + "/" + lastComponent(path)
    }

    /// Makes `trash` with its `files` and `info` folders (mode 0700) where missing, checking that each is a folder of
    /// this user's and not a link.
    private func makeTrash(_ trash: String) throws(TrashError) {
        for folder in [trash, trash + "/files", trash + "/info"] {
            if PathBytes.withSystemPath(folder, { mkdir($0, 0o700) }) != 0, errno != EEXIST {
                throw .system(folder, errno)
            }
            var info = stat()
            guard PathBytes.withSystemPath(folder, { lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR,
                info.st_uid == userID
            else {
                throw .notUsable(folder)
            }
        }
    }

    /// Renames `from` to `destination` unless something has that name (`EEXIST` then): renameat2's
    /// `RENAME_NOREPLACE`, atomic; where the file system cannot (`EINVAL`), a check and rename(2), which leaves a gap.
    /// Nil on success, else the error code.
    static func moveWithoutReplacing(_ from: String, to destination: String) -> Int32? {
        let result = PathBytes.withSystemPath(from) { source in
            PathBytes.withSystemPath(destination) { target -> Int32 in
                if gallery_rename_noreplace(source, target) == 0 { return 0 }
                guard errno == EINVAL || errno == ENOSYS else { return errno }
                var existing = stat()
                if lstat(target, &existing) == 0 { return EEXIST }
                return rename(source, target) == 0 ? 0 : errno
            }
        }
        return result == 0 ? nil : result
    }

    /// The folder holding `path` ("/" for a top-level entry).
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func lastComponent(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The most bytes of a name in the trash: `NAME.trashinfo` must fit in `NAME_MAX` (255).
    static let longestName = 255 - ".trashinfo".utf8.count

    /// The name of `base`'s `attempt`th try in the trash: `base` itself, then numbered before its extension (`a.jpg`
    /// → `a.2.jpg`, as file managers name a second `a.jpg`); a name over `longestName` bytes has its stem shortened
    /// (at a character's start) and keeps its extension; the info's `Path=` keeps the full name.
    package static func trashName(_ base: String, _ attempt: Int) -> String {
        let bytes = PathBytes.bytes(of: base)
        let suffix = attempt == 1 ? [] : Array(".\(attempt)".utf8)
        var stem = bytes[...]
        var tail: ArraySlice<UInt8> = []
        // The extension follows the last dot, not a leading one.
        if let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != 0 {
            stem = bytes[..<dot]
            tail = bytes[dot...]
        }
        // Too long, an extension of over 32 bytes is no extension worth keeping whole: the stem's room would be small.
        if bytes.count + suffix.count > longestName, tail.count > 32 {
            stem = bytes[...]
            tail = []
        }
        let room = longestName - suffix.count - tail.count
        if stem.count > room {
            var end = stem.startIndex + room
            // Not inside a UTF-8 sequence: its continuation bytes are 10xxxxxx.
            while end > stem.startIndex, stem[end] & 0xC0 == 0x80 { end -= 1 }
            stem = stem[..<end]
        }
        return PathBytes.string(fromBytes: stem + suffix + tail)
    }

    static func device(of path: String) -> dev_t? {
        var info = stat()
        return PathBytes.withSystemPath(path, { stat($0, &info) }) == 0 ? info.st_dev : nil
    }
}
