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
            // Distinct folders first: a 100,000-photo folder is one realpath, not 100,000.
            let photoFolders = Set(Set(photos.photos.map { parent(of: $0.path) }).compactMap(canonical))
            if photoFolders.contains(folder) {
                throw ShotsFolderError(
                    message: "--shots: \(path) holds photos the gallery is showing; choose another folder, "
                        + "so no shot can overwrite a photo")
            }
        case .missing?, nil:
            return  // Created when the run starts; a new folder holds no photos.
        }
    }

    /// The folder part of `path` ("." for a bare name).
    private static func parent(of path: String) -> String {
        let bytes = path.utf8  // bytes, not Characters: called once per photo
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == bytes.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` with links and `..` resolved, or nil if it cannot be.
    private static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
