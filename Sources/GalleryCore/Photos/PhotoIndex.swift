import Glibc
import Support

/// The ordered list of photos to show, built from command-line paths without writing anything.
///
/// Rules (docs/FORMATS.md repeats them for users):
/// - A folder contributes its visible image files, in natural order (or by modification time): named so, or, where
///   the name does not say, starting like one (`PhotoIndex+Content`). It is
///   searched recursively only when asked, and then never through links to folders, so symlink loops
///   cannot occur.
///   Hidden names (leading "."), FIFOs, sockets, devices, broken links and names that are not
///   valid UTF-8 are skipped too.
/// - A file named explicitly is included whatever its extension: the user asked for it, and the
///   decoder, which looks at content rather than names, shows it or an error tile saying why not.
/// - A single file argument opens its folder at that file, so the user can page through its siblings.
/// - Arguments keep their command-line order; a photo named twice is shown twice.
public struct PhotoIndex: Hashable, Sendable {
    /// File extensions taken from folders, lowercase; matching ignores case.
    public static let imageExtensions = Set(PhotoFormat.all.flatMap(\.extensions))

    /// The photos, in display order.
    public var photos: [PhotoEntry]
    /// The photo to open on: the file named when a single file was given, else the first.
    public var startIndex: Int
    /// The paths given that do not exist, skipped as feh and nsxiv skip them (with others to show): for a warning.
    public var missing: [String] = []

    /// Wraps a ready list (synthetic pages, tests).
    public init(photos: [PhotoEntry], startIndex: Int = 0) {
        self.photos = photos
        self.startIndex = startIndex
    }

    /// Builds the list from folders and files, in argument order; folders are searched `recursive`ly if asked and
    /// sorted by `sort` (last first if `reverse`), showing one file of each RAW + JPEG pair as `rawPairs` says. A single
    /// file opens within its folder.
    public init(
        paths: [String], recursive: Bool = false, sort: PhotoSort = .name, reverse: Bool = false,
        rawPairs: RawPairs = .jpeg
    ) throws(PhotoIndexError) {
        guard !paths.isEmpty else { throw .noPaths }
        startIndex = 0
        if paths.count == 1, try Self.kind(of: paths[0]) == .regular,
            let siblings = Self.siblings(of: paths[0], sort: sort, reverse: reverse, rawPairs: rawPairs)
        {
            photos = siblings.photos
            startIndex = siblings.start
            return
        }
        var photos: [PhotoEntry] = []
        var scannedFolders: [String] = []
        var entriesExamined = 0
        for path in paths {
            switch try Self.kind(of: path) {
            case .regular:
                photos.append(PhotoEntry(path: path))
            case .directory:
                let scan = try Self.imageFiles(
                    inFolder: path, recursive: recursive, sort: sort, reverse: reverse, rawPairs: rawPairs)
                photos += scan.photos
                scannedFolders.append(path)
                entriesExamined += scan.entriesExamined
            case .special:
                throw .notAFileOrFolder(path: path)
            case .missing:
                // One path mistyped among several: the others still open, and the caller warns.
                guard paths.count > 1 else { throw .pathNotFound(path: path) }
                missing.append(path)
            }
        }
        guard !photos.isEmpty else {
            if scannedFolders.isEmpty, let first = missing.first { throw .pathNotFound(path: first) }
            throw .noImages(folders: scannedFolders, entriesExamined: entriesExamined)
        }
        self.photos = photos
    }

    /// Lists `paths` again for a reload (`r`, the order key), as `init(paths:…)` does, except that a single file named
    /// and gone since (deleted, moved away) lists the folder it was shown in: the photos it was shown among.
    public static func relisting(
        paths: [String], recursive: Bool = false, sort: PhotoSort = .name, reverse: Bool = false,
        rawPairs: RawPairs = .jpeg
    ) throws(PhotoIndexError) -> PhotoIndex {
        if paths.count == 1, try kind(of: paths[0]) == .missing,
            let siblings = unsortedSiblings(of: paths[0], rawPairs: rawPairs, addingFile: false)
        {
            guard !siblings.found.isEmpty else {
                throw .noImages(folders: [siblings.folder], entriesExamined: siblings.examined)
            }
            return PhotoIndex(photos: order(siblings.found, prefix: siblings.prefix, sort: sort, reverse: reverse))
        }
        return try PhotoIndex(paths: paths, recursive: recursive, sort: sort, reverse: reverse, rawPairs: rawPairs)
    }

    /// Whether a file name ends in one of `imageExtensions`, ignoring case.
    public static func hasImageExtension(_ fileName: String) -> Bool {
        var name = fileName
        return name.withUTF8 { hasImageExtension(UnsafeBufferPointer(rebasing: $0[...])) }
    }

    /// Whether a file name's UTF-8 bytes end in one of `imageExtensions`, ignoring case: packed into an integer, so
    /// the 100,000 entries of a large folder are checked without allocating.
    static func hasImageExtension(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        packedExtension(bytes).map(packedImageExtensions.contains) ?? false
    }

    /// A file name's extension (the bytes after its last dot, the dot not first) packed as `packedLowercase` packs
    /// it; nil for none, or one too long or not ASCII to be any image extension. Read once per listed name.
    static func packedExtension(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != 0, bytes.count - dot - 1 <= 8 else { return nil }
        return packedLowercase(bytes[(dot + 1)...])
    }

    /// `imageExtensions` packed as `packedLowercase` packs a name's suffix.
    static let packedImageExtensions = Set(
        imageExtensions.compactMap { name in
            packedLowercase(Array(name.utf8)[...])
        })

    /// Up to 8 ASCII bytes, lowercased, as one integer (a leading 1 bit keeps "jpg" apart from "\0jpg"); nil for more
    /// bytes or non-ASCII.
    static func packedLowercase<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64? {
        guard bytes.count <= 8 else { return nil }
        var packed: UInt64 = 1
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            packed = packed << 8 | UInt64((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte)
        }
        return packed
    }

    private static func kind(of path: String) throws(PhotoIndexError) -> FileKind {
        do {
            return try FileSystem.kind(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
    }

    /// Lists `paths` as `init(paths:recursive:sort:)` does, but returns before the sort when they are one folder, or
    /// one file within its folder, in name order: the count, the start and the photos at the first and last places
    /// (and around the start) are known after one pass over the names, and the rest is sorted on another thread.
    /// A window shows the first photo of a 100,000-photo folder without waiting for the sort. Other orders, and
    /// `reverse`, list in full first.
    public static func ordering(
        paths: [String], recursive: Bool = false, sort: PhotoSort = .name, reverse: Bool = false,
        rawPairs: RawPairs = .jpeg
    ) throws(PhotoIndexError) -> PhotoOrder {
        guard paths.count == 1, sort == .name, !reverse else {
            return PhotoOrder(
                try PhotoIndex(paths: paths, recursive: recursive, sort: sort, reverse: reverse, rawPairs: rawPairs))
        }
        switch try kind(of: paths[0]) {
        case .regular:
            guard let siblings = unsortedSiblings(of: paths[0], rawPairs: rawPairs) else {
                return PhotoOrder(PhotoIndex(photos: [PhotoEntry(path: paths[0])]))
            }
            // One folder: its one name stands for all.
            return PhotoOrder(
                sortingByName: siblings.found, prefix: siblings.prefix, start: siblings.start,
                folders: PhotoOrder.folders(of: [siblings.found[siblings.start]], after: siblings.prefix))
        case .directory:
            let scan = try folderScan(paths[0], recursive: recursive, rawPairs: rawPairs)
            guard !scan.found.isEmpty else {
                throw .noImages(folders: [paths[0]], entriesExamined: scan.entriesExamined)
            }
            return PhotoOrder(
                sortingByName: scan.found, prefix: scan.prefix, start: nil,
                folders: PhotoOrder.folders(of: scan.folderNames, after: scan.prefix))
        case .special:
            throw .notAFileOrFolder(path: paths[0])
        case .missing:
            throw .pathNotFound(path: paths[0])
        }
    }

    /// The photos of `file`'s folder with `file` among them (whatever its name), and its position; nil when the
    /// folder cannot be listed (the file is then shown alone).
    private static func siblings(
        of file: String, sort: PhotoSort, reverse: Bool, rawPairs: RawPairs
    ) -> (photos: [PhotoEntry], start: Int)? {
        guard let siblings = unsortedSiblings(of: file, rawPairs: rawPairs) else { return nil }
        let photos = order(siblings.found, prefix: siblings.prefix, sort: sort, reverse: reverse)
        return (photos, photos.firstIndex { $0.path == file } ?? 0)
    }

    /// The image files of `file`'s folder, unsorted, as names after `prefix` (`file`'s folder as spelled in `file`),
    /// with `file`'s own name among them (whatever it is, unless not `addingFile`) at `start`; nil when the folder
    /// cannot be listed. `examined` counts the folder's entries.
    private static func unsortedSiblings(
        of file: String, rawPairs: RawPairs, addingFile: Bool = true
    ) -> (found: [String], prefix: String, start: Int, folder: String, examined: Int)? {
        let slash = file.lastIndex(of: "/")
        let folder = slash.map { $0 == file.startIndex ? "/" : String(file[..<$0]) } ?? "."
        let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
        // Siblings are spelled like the argument: "photo.jpg" has siblings "other.jpg", not "./other.jpg".
        let prefix = slash == nil ? "" : String(file[...slash!])
        var scan = FolderScan(recursive: false, rawPairs: rawPairs)
        guard !name.isEmpty, var found = try? scan.imageFiles(inFolder: folder, prefix: prefix) else { return nil }
        let examined = scan.examined
        guard let start = found.firstIndex(of: name) else {
            guard addingFile else { return (found, prefix, 0, folder, examined) }
            // Hidden, an extension the folder scan skips, or the other half of a RAW + JPEG pair: the user asked for
            // it, so it joins at its place.
            found.append(name)
            return (found, prefix, found.count - 1, folder, examined)
        }
        return (found, prefix, start, folder, examined)
    }

    /// The image files of `folder`, unsorted, as paths relative to it, and the prefix that makes them openable paths.
    /// `folderNames` holds one of the paths for each folder that has any: what the folders are known by.
    private static func folderScan(
        _ folder: String, recursive: Bool, rawPairs: RawPairs
    ) throws(PhotoIndexError) -> (found: [String], prefix: String, entriesExamined: Int, folderNames: [String]) {
        var scan = FolderScan(recursive: recursive, rawPairs: rawPairs)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let found = try scan.imageFiles(inFolder: folder, prefix: prefix)
        return (found, prefix, scan.examined, scan.folderNames)
    }

    private static func imageFiles(
        inFolder folder: String, recursive: Bool, sort: PhotoSort, reverse: Bool, rawPairs: RawPairs
    ) throws(PhotoIndexError) -> (photos: [PhotoEntry], entriesExamined: Int) {
        let scan = try folderScan(folder, recursive: recursive, rawPairs: rawPairs)
        return (order(scan.found, prefix: scan.prefix, sort: sort, reverse: reverse), scan.entriesExamined)
    }

    /// The photos `prefix` + each of `relatives`, in `sort` order of the relative paths (last first if `reverse`):
    /// each one's natural-order key is made once, and files are examined only for orders other than `name`.
    /// `shuffle` shuffles the name order with `seed`, so the same names and seed give the same order whatever order
    /// the folder listed them in.
    static func order(
        _ relatives: [String], prefix: String, sort: PhotoSort, reverse: Bool = false,
        seed: UInt64 = PhotoSort.shuffleSeed
    ) -> [PhotoEntry] {
        let ordered: [PhotoEntry]
        switch sort {
        case .name:
            ordered = NaturalOrderKeys(relatives).sortedIndices().map { PhotoEntry(path: prefix + relatives[$0]) }
        case .shuffle:
            var generator = SplitMix64(seed: seed)
            ordered = NaturalOrderKeys(relatives).sortedIndices().shuffled(using: &generator).map {
                PhotoEntry(path: prefix + relatives[$0])
            }
        case .mtime, .taken, .size:
            // Ties go in name order: each file's rank in it, from the bulk natural-order sort, so the sort compares
            // two integers (a natural-order key a file cost 20 s and 563 MB for 1,000,000 photos).
            var rank = [Int](repeating: 0, count: relatives.count)
            for (position, index) in NaturalOrderKeys(relatives).sortedIndices().enumerated() { rank[index] = position }
            // Dates taken are asked for all at once: decoder processes read them in parallel.
            let keys =
                sort == .taken
                ? PhotoSort.takenKeys(forPaths: relatives.map { prefix + $0 })
                : relatives.map { sort.key(forPath: prefix + $0) }
            ordered = relatives.indices.sorted { (keys[$0], rank[$0]) < (keys[$1], rank[$1]) }
                .map { PhotoEntry(path: prefix + relatives[$0]) }
        }
        return reverse ? ordered.reversed() : ordered
    }
}
