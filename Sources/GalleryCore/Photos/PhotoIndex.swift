#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ordered list of photos to show, built from command-line paths without writing anything.
///
/// Rules (docs/FORMATS.md repeats them for users):
/// - A folder contributes its visible image files, in natural order (or by modification time). It is
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
    public static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "png", "bmp", "gif", "webp", "tif", "tiff", "tga", "qoi", "pnm", "ppm", "pgm",
    ]

    /// The photos, in display order.
    public var photos: [PhotoEntry]
    /// The photo to open on: the file named when a single file was given, else the first.
    public var startIndex: Int

    /// Wraps a ready list (synthetic pages, tests).
    public init(photos: [PhotoEntry], startIndex: Int = 0) {
        self.photos = photos
        self.startIndex = startIndex
    }

    /// Builds the list from folders and files, in argument order; folders are searched `recursive`ly if asked and
    /// sorted by `sort`. A single file opens within its folder.
    public init(paths: [String], recursive: Bool = false, sort: PhotoSort = .name) throws(PhotoIndexError) {
        guard !paths.isEmpty else { throw .noPaths }
        startIndex = 0
        if paths.count == 1, try Self.kind(of: paths[0]) == .regular,
           let siblings = Self.siblings(of: paths[0], sort: sort) {
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
                let scan = try Self.imageFiles(inFolder: path, recursive: recursive, sort: sort)
                photos += scan.photos
                scannedFolders.append(path)
                entriesExamined += scan.entriesExamined
            case .special:
                throw .notAFileOrFolder(path: path)
            case .missing:
                throw .pathNotFound(path: path)
            }
        }
        guard !photos.isEmpty else {
            throw .noImages(folders: scannedFolders, entriesExamined: entriesExamined)
        }
        self.photos = photos
    }

    /// Whether a file name ends in one of `imageExtensions`, ignoring case.
    public static func hasImageExtension(_ fileName: String) -> Bool {
        // On UTF-8 bytes: called once per directory entry, so 100,000 times for a large folder.
        let bytes = fileName.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return false }
        let suffix = bytes[bytes.index(after: dot)...]
        guard suffix.count <= longestExtension, suffix.allSatisfy({ $0 < 0x80 }) else { return false }
        let lowered = suffix.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
        return imageExtensions.contains(String(decoding: lowered, as: UTF8.self))
    }

    /// The length of the longest of `imageExtensions`.
    private static let longestExtension = imageExtensions.map(\.utf8.count).max() ?? 0

    private static func kind(of path: String) throws(PhotoIndexError) -> FileKind {
        do {
            return try FileSystem.kind(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
    }

    /// The photos of `file`'s folder with `file` among them (whatever its name), and its position; nil when the
    /// folder cannot be listed (the file is then shown alone).
    private static func siblings(of file: String, sort: PhotoSort) -> (photos: [PhotoEntry], start: Int)? {
        let slash = file.lastIndex(of: "/")
        let folder = slash.map { $0 == file.startIndex ? "/" : String(file[..<$0]) } ?? "."
        let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
        // Siblings are spelled like the argument: "photo.jpg" has siblings "other.jpg", not "./other.jpg".
        let prefix = slash == nil ? "" : String(file[...slash!])
        guard !name.isEmpty, var found = try? imageFiles(inFolder: folder, prefix: prefix, recursive: false) else {
            return nil
        }
        if !found.contains(where: { $0.relative == name }) {
            // Hidden, or an extension the folder scan skips: the user asked for it, so it joins at its place.
            found.append((name, PhotoEntry(path: file)))
        }
        let photos = order(found, sort: sort)
        return (photos, photos.firstIndex { $0.path == prefix + name } ?? 0)
    }

    private static func imageFiles(
        inFolder folder: String, recursive: Bool, sort: PhotoSort
    ) throws(PhotoIndexError) -> (photos: [PhotoEntry], entriesExamined: Int) {
        var examined = 0
        let found = try imageFiles(
            inFolder: folder, prefix: folder.hasSuffix("/") ? folder : folder + "/", recursive: recursive,
            examined: &examined)
        return (order(found, sort: sort), examined)
    }

    /// The image files of `folder` (and, if `recursive`, of its subfolders that are not links), unsorted, each with
    /// its path relative to `folder` (what they are sorted by) and its path for opening (`prefix` + relative path).
    private static func imageFiles(
        inFolder folder: String, prefix: String, recursive: Bool
    ) throws(PhotoIndexError) -> [(relative: String, entry: PhotoEntry)] {
        var examined = 0
        return try imageFiles(inFolder: folder, prefix: prefix, recursive: recursive, examined: &examined)
    }

    private static func imageFiles(
        inFolder folder: String, prefix: String, recursive: Bool, relativeTo base: String = "", examined: inout Int
    ) throws(PhotoIndexError) -> [(relative: String, entry: PhotoEntry)] {
        let listing: (entries: [(name: String, kind: FileKind?)], undecodableNames: Int)
        do {
            listing = try FileSystem.typedEntries(inDirectory: folder)
        } catch {
            throw .unreadable(path: folder, reason: error.reason)
        }
        examined += listing.entries.count + listing.undecodableNames
        var found: [(relative: String, entry: PhotoEntry)] = []
        var subfolders: [String] = []
        for (name, reported) in listing.entries where !name.hasPrefix(".") {
            let path = prefix + name
            // readdir names most kinds itself; links and unknown types are examined, following links. An entry that
            // cannot be examined (a link loop, no permission) is skipped like a broken link.
            let kind = reported ?? (try? FileSystem.kind(atPath: path))
            if kind == .directory {
                if recursive, reported == .directory || !FileSystem.isSymbolicLink(atPath: path) {
                    subfolders.append(name)
                }
            } else if kind == .regular, hasImageExtension(name) {
                found.append((base + name, PhotoEntry(path: path)))
            }
        }
        for name in subfolders {
            // An unreadable subfolder is skipped: the folder named on the command line was readable.
            if let nested = try? imageFiles(inFolder: prefix + name, prefix: prefix + name + "/", recursive: true,
                                           relativeTo: base + name + "/", examined: &examined) {
                found += nested
            }
        }
        return found
    }

    /// `photos` in `sort` order by their relative paths: each one's natural-order key is made once, and times are
    /// read only for `mtime`.
    private static func order(_ photos: [(relative: String, entry: PhotoEntry)], sort: PhotoSort) -> [PhotoEntry] {
        switch sort {
        case .name:
            return NaturalOrderKey.sortedIndices(of: photos.map(\.relative)).map { photos[$0].entry }
        case .mtime:
            return photos.map { (FileSystem.modificationTime(atPath: $0.entry.path) ?? 0, NaturalOrderKey($0.relative),
                                 $0.entry) }
                .sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        }
    }
}
