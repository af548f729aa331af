import Foundation

/// The ordered list of photos to show, built from command-line paths without writing anything.
///
/// Rules (docs/FORMATS.md repeats them for users):
/// - A folder contributes its visible image files, in natural order. It is not searched recursively,
///   and entries that are folders or links to folders are skipped, so symlink loops cannot occur.
///   Hidden names (leading "."), FIFOs, sockets, devices, broken links and names that are not
///   valid UTF-8 are skipped too.
/// - A file named explicitly is included whatever its extension: the user asked for it, and the
///   decoder, which looks at content rather than names, shows it or an error tile saying why not.
/// - Arguments keep their command-line order; a photo named twice is shown twice.
public struct PhotoIndex: Hashable, Sendable {
    /// File extensions taken from folders, lowercase; matching ignores case.
    public static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "png", "bmp", "gif", "webp", "tif", "tiff", "tga", "qoi", "pnm", "ppm", "pgm",
    ]

    /// The photos, in display order.
    public var photos: [PhotoEntry]

    /// Wraps a ready list (synthetic pages, tests).
    public init(photos: [PhotoEntry]) {
        self.photos = photos
    }

    /// Builds the list from folders and files, in argument order.
    public init(paths: [String]) throws(PhotoIndexError) {
        guard !paths.isEmpty else { throw .noPaths }
        var photos: [PhotoEntry] = []
        var scannedFolders: [String] = []
        var entriesExamined = 0
        for path in paths {
            switch try Self.kind(of: path) {
            case .regular:
                photos.append(PhotoEntry(path: path))
            case .directory:
                let scan = try Self.imageFiles(inFolder: path)
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
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return false }
        return imageExtensions.contains(fileName[fileName.index(after: dot)...].lowercased())
    }

    private static func kind(of path: String) throws(PhotoIndexError) -> FileKind {
        do {
            return try FileSystem.kind(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
    }

    private static func imageFiles(
        inFolder folder: String
    ) throws(PhotoIndexError) -> (photos: [PhotoEntry], entriesExamined: Int) {
        let listing: (names: [String], undecodableNames: Int)
        do {
            listing = try FileSystem.entries(inDirectory: folder)
        } catch {
            throw .unreadable(path: folder, reason: error.reason)
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let imageNames = listing.names.filter { name in
            // An entry that cannot be examined (a link loop, no permission) is skipped like a broken link.
            !name.hasPrefix(".") && hasImageExtension(name)
                && (try? FileSystem.kind(atPath: prefix + name)) == .regular
        }
        let photos = imageNames.sorted(by: NaturalOrder.areInIncreasingOrder).map { PhotoEntry(path: prefix + $0) }
        return (photos, listing.names.count + listing.undecodableNames)
    }
}
