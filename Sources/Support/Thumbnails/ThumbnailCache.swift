import Glibc

/// The desktop's shared thumbnail cache (the freedesktop Thumbnail Managing Standard):
/// `$XDG_CACHE_HOME/thumbnails/{normal,large,x-large,xx-large}/MD5(URI).png`, valid while `Thumb::URI` and
/// `Thumb::MTime` (and `Thumb::Size`, if stated) match the photo. Thread-safe; used from decode threads only, as it
/// reads and writes files.
///
/// A thumbnail is used only when it is no larger than its size's folder allows (its PNG header read before any
/// decode): a "normal" thumbnail of 9999 × 9999 pixels is another program's mistake or an attack, not a thumbnail.
/// The cache's PNGs are read by `facts` (`ThumbnailFacts`: in the viewer, a decoder process reads them), never here:
/// the cache examines its folders and writes, and compares numbers and digests.
/// Nothing is read from a cache folder another user owns or others may write (`isTrusted`).
///
/// Writes follow the standard and the output policy (docs/RELIABILITY.md): a temporary file in the same folder, then
/// a rename; files 0600, folders 0700, created from the cache home (the root's parent: `$XDG_CACHE_HOME` or
/// `~/.cache`) down, never above it; no symbolic link followed below the root; nothing written when the folder lies
/// in or below a photo folder; at most `budgetBytes` per run. The first write into a folder in a run removes the
/// temporary files that writers which died left there (`*.gallery-PID-N.tmp` of a PID that no longer runs). Failed photos get an entry under
/// `fail/gallery-<version>/`, which later runs honour. The photo folders are those the policy given protects (the
/// folders named and watched), those `protect` adds (a feed's photos as they arrive), and the folder of every photo a
/// thumbnail is written for, added before its write.
public final class ThumbnailCache: Sendable {
    /// The cache root, `…/thumbnails`.
    public let root: String
    /// The `Software` text written into thumbnails.
    public let software: String
    /// The folder of this version's fail entries, below the root.
    public let failFolder: String
    /// Bytes the cache may write in one run.
    public let budgetBytes: Int

    private struct State {
        var policy = OutputPolicy()
        var bytesWritten = 0
        var filesWritten = 0
        var temporaryCount = 0
        /// Folders (below the root) whose dead writers' temporary files were removed in this run.
        var swept: Set<[String]> = []
    }

    private let state = LockedState(State())
    /// Folders `protect` named, not yet resolved: the caller (the main thread) only appends; the next write resolves
    /// them (a `stat` each) before it writes. A lock of its own, so `protect` never waits on a write's file I/O.
    private let pendingFolders = LockedState([String]())

    /// A cache at `root` written by gallery `version`, writing at most `budgetBytes` per run and never into the
    /// folders `policy` protects.
    public init(root: String, version: String, budgetBytes: Int = 128 << 20, policy: OutputPolicy = OutputPolicy()) {
        self.root = root
        state.withLock { $0.policy = policy }
        let safeVersion = String(
            version.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._+-".contains($0)) ? $0 : "-" })
        software = "gallery \(safeVersion)"
        failFolder = "fail/gallery-\(safeVersion)"
        self.budgetBytes = budgetBytes
    }

    /// The standard's root for `environment`: `$XDG_CACHE_HOME/thumbnails` when it is an absolute path, else
    /// `$HOME/.cache/thumbnails`; nil with neither.
    public static func defaultRoot(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/thumbnails" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/thumbnails"
    }

    /// Protects `folders` (photo folders) from the cache's writes as well, from the next write on; does no file I/O
    /// itself (the writing thread resolves them), so the main thread may call it.
    public func protect(_ folders: some Sequence<String>) {
        let added = Array(folders)
        guard !added.isEmpty else { return }
        pendingFolders.withLock { $0 += added }
    }

    /// Bytes written in this run.
    public var bytesWritten: Int { state.withLock { $0.bytesWritten } }

    /// Thumbnails and fail entries written in this run.
    public var filesWritten: Int { state.withLock { $0.filesWritten } }

    /// The path of a valid thumbnail of `key` for a picture drawn `needed` pixels a side, the closest size first
    /// (`ThumbnailFlavour.lookupOrder`), and its size; nil when none is valid. `facts` reads a thumbnail file's facts.
    public func lookup(_ key: ThumbnailKey, needed: Int, facts: (String) -> ThumbnailFacts?)
        -> (path: String, flavour: ThumbnailFlavour)?
    {
        guard Self.isTrusted(root) else { return nil }
        for flavour in ThumbnailFlavour.lookupOrder(needed: needed) {
            let path = "\(root)/\(flavour.folderName)/\(key.fileName)"
            guard Self.isTrusted(root + "/" + flavour.folderName), let found = facts(path),
                Self.fits(found, in: flavour),
                key.isValid(found)
            else { continue }
            return (path, flavour)
        }
        return nil
    }

    /// Whether the cache folder at `path` is one only this user writes: its own, writable by no group nor other. In
    /// a folder another may write, a thumbnail could be any picture under any photo's name (or a fail entry could
    /// hide a photo's thumbnail): such a folder is no cache.
    static func isTrusted(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && status.st_uid == geteuid()
            && status.st_mode & (S_IWGRP | S_IWOTH) == 0
    }

    /// Whether a picture of the size `facts` state may be a thumbnail in `flavour`'s folder: not empty, no side over
    /// its size (compared as stated, 64-bit, before any conversion).
    static func fits(_ facts: ThumbnailFacts, in flavour: ThumbnailFlavour) -> Bool {
        let sides = 1...UInt64(flavour.side)
        return sides.contains(facts.width) && sides.contains(facts.height)
    }

    /// Whether an earlier run of this version failed on `key` as it is now (a valid entry in `failFolder`, whose facts
    /// `facts` reads).
    public func hasFailure(_ key: ThumbnailKey, facts: (String) -> ThumbnailFacts?) -> Bool {
        var folder = root
        guard Self.isTrusted(folder) else { return false }
        for component in failFolder.split(separator: "/") {
            folder += "/" + component
            guard Self.isTrusted(folder) else { return false }
        }
        guard let found = facts("\(root)/\(failFolder)/\(key.fileName)") else { return false }
        return key.isValid(found)
    }

    /// Writes `png` (a PNG whose longest side is at most `flavour.side`) as the thumbnail of `key`, with the
    /// standard's text chunks added; returns its path, or nil when it was not written (budget spent, refused folder,
    /// a system error).
    @discardableResult
    public func store(_ png: [UInt8], for key: ThumbnailKey, flavour: ThumbnailFlavour) -> String? {
        guard let marked = PNGChunks.inserting(key.textChunks(software: software), into: png) else { return nil }
        return write(marked, for: key, folder: [flavour.folderName])
    }

    /// Writes a fail entry for `key` (a 1 × 1 PNG with the text chunks), so later runs of this version skip it.
    @discardableResult
    public func storeFailure(for key: ThumbnailKey) -> String? {
        let png = PNGChunks.solid(
            width: 1, height: 1, red: 0, green: 0, blue: 0, chunks: key.textChunks(software: software))
        return write(png, for: key, folder: failFolder.split(separator: "/").map(String.init))
    }

    /// The facts of the thumbnail at `path`, read in this process (tests; the viewer has a decoder process read them).
    public static func facts(ofFileAt path: String) -> ThumbnailFacts? {
        ThumbnailFacts.read { count in head(ofFileAt: path, limit: count) ?? [] }
    }

    /// The first `limit` bytes of the regular file at `path` (no link followed), or nil.
    static func head(ofFileAt path: String, limit: Int = ThumbnailFacts.headBytes) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: min(Int(status.st_size), limit))
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Array(head[..<count])
    }

    /// Writes `bytes` as `key`'s file in `folder` (components below the root, created 0700): a temporary file first,
    /// then renamed over the name. The photo's own folder is protected first, for this write and every later one.
    private func write(_ bytes: [UInt8], for key: ThumbnailKey, folder: [String]) -> String? {
        let name = key.fileName
        let photoFolder = OutputFolder.split(key.path).folder
        let photoPolicy = OutputPolicy(protecting: [photoFolder])  // Its stat, outside the lock.
        let reserved: (policy: OutputPolicy, number: Int)? = state.withLock { state in
            // Under the write lock, so no write can pass before the folders named so far are protected.
            let named = pendingFolders.withLock { pending in
                defer { pending.removeAll() }
                return pending
            }
            if !named.isEmpty { state.policy = state.policy.protecting(named) }
            state.policy = state.policy.protecting(photoPolicy)
            guard state.bytesWritten + bytes.count <= budgetBytes else { return nil }
            state.bytesWritten += bytes.count
            state.temporaryCount += 1
            return (state.policy, state.temporaryCount)
        }
        guard let reserved else { return nil }
        let sweeps = state.withLock { $0.swept.insert(folder).inserted }
        var written = false
        defer {
            state.withLock { state in
                if written { state.filesWritten += 1 } else { state.bytesWritten -= bytes.count }
            }
        }
        guard let directory = Self.openFolder(root: root, below: folder, policy: reserved.policy) else { return nil }
        defer { close(directory) }
        if sweeps { Self.removeDeadWritersFiles(in: directory) }
        let temporary = "\(name).gallery-\(getpid())-\(reserved.number).tmp"
        let file = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { return nil }
        let failed = fchmod(file, 0o600) != 0 || bytes.withUnsafeBytes { FileSystem.writeAll($0, to: file) } != nil
        if FileSystem.closeDescriptor(file) != nil || failed || renameat(directory, temporary, directory, name) != 0 {
            unlinkat(directory, temporary, 0)
            return nil
        }
        written = true
        return ([root] + folder + [name]).joined(separator: "/")
    }

    /// Removes the temporary files of this cache's writers that no longer run from the folder `directory` (opened
    /// path-only): `NAME.gallery-PID-N.tmp` where no process `PID` exists. A writer killed mid-write leaves one, which
    /// nothing else would ever remove. This process's own are never touched.
    private static func removeDeadWritersFiles(in directory: Int32) {
        let listing = openat(directory, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard listing >= 0, let stream = fdopendir(listing) else {
            if listing >= 0 { close(listing) }
            return
        }
        defer { closedir(stream) }
        var dead: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: $0.pointee)) {
                    String(cString: $0)
                }
            }
            if let pid = writerProcess(ofTemporaryFile: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                dead.append(name)
            }
        }
        for name in dead { unlinkat(dirfd(stream), name, 0) }
    }

    /// The process ID in a temporary file's name as `write` makes it (`NAME.gallery-PID-N.tmp`), or nil.
    static func writerProcess(ofTemporaryFile name: String) -> pid_t? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[parts.count - 1] == "tmp", parts[parts.count - 2].hasPrefix("gallery-") else {
            return nil
        }
        let numbers = parts[parts.count - 2].dropFirst("gallery-".count).split(
            separator: "-", omittingEmptySubsequences: false)
        guard numbers.count == 2, numbers.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let pid = pid_t(numbers[0]), pid > 0
        else { return nil }
        return pid
    }

    /// A descriptor of `root`/`components`, creating what is missing with mode 0700 from the cache home (the root's
    /// parent) down: a fresh account has no `~/.cache`, but an `$XDG_CACHE_HOME` below a folder that does not exist
    /// gets no tree of folders from `/`. Asks `policy` before creating anything and about the folder reached; no link
    /// followed below the root.
    private static func openFolder(root: String, below components: [String], policy: OutputPolicy) -> Int32? {
        var directory = open("/", O_DIRECTORY | OutputPolicy.pathOnly | O_CLOEXEC)
        let rootParts = root.split(separator: "/").map(String.init)
        for (index, part) in (rootParts + components).enumerated() {
            let belowRoot = index >= rootParts.count
            let flags = O_DIRECTORY | OutputPolicy.pathOnly | O_CLOEXEC | (belowRoot ? O_NOFOLLOW : 0)
            var next = openat(directory, part, flags)
            if next < 0, errno == ENOENT, index >= rootParts.count - 2 {
                // Created only where the policy allows writing.
                guard (try? policy.protector(ofFolderAt: directory)) == .some(nil),
                    mkdirat(directory, part, 0o700) == 0 || errno == EEXIST
                else {
                    close(directory)
                    return nil
                }
                next = openat(directory, part, flags)
            }
            close(directory)
            guard next >= 0 else { return nil }
            directory = next
        }
        guard (try? policy.protector(ofFolderAt: directory)) == .some(nil) else {
            close(directory)
            return nil
        }
        return directory
    }
}
