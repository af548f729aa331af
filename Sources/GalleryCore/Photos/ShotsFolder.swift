#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where headless shots may be written: never over a photo, so never into a folder the gallery shows photos from.
public enum ShotsFolder {
    /// Checks `path` against the photos shown; throws a one-line reason when shots must not go there.
    public static func check(_ path: String, photos: PhotoIndex) throws(ShotsFolderError) {
        switch try? FileSystem.kind(atPath: path) {
        case .regular?, .special?:
            throw ShotsFolderError(message: "--shots: \(path) is a file, not a folder")
        case .directory?:
            guard let folder = canonical(path) else { return }
            let photoFolders = Set(folders(of: photos.photos).compactMap(canonical))
            if photoFolders.contains(folder) {
                throw ShotsFolderError(
                    message: "--shots: \(path) holds photos the gallery is showing; choose another folder, "
                        + "so no shot can overwrite a photo")
            }
        case .missing?, nil:
            return  // Created when the run starts; a new folder holds no photos.
        }
    }

    /// The distinct folders `photos` are in ("." for bare names): a 100,000-photo folder is one realpath, not
    /// 100,000. Photos of one folder come one after another, so each is compared with the last folder, in bytes,
    /// and a new folder string is made only when the folder changes.
    private static func folders(of photos: [PhotoEntry]) -> Set<String> {
        var folders: Set<String> = []
        var last: Substring?
        for photo in photos {
            let path = photo.path
            let folder: Substring
            if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
                folder = slash == path.utf8.startIndex ? path[...slash] : path[..<slash]
            } else {
                folder = "."
            }
            guard folder != last else { continue }
            last = folder
            folders.insert(String(folder))
        }
        return folders
    }

    /// `path` with links and `..` resolved, or nil if it cannot be.
    private static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
