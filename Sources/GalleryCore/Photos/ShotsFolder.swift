#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where headless shots may be written: never over a photo, so never into a folder the gallery shows photos from.
public enum ShotsFolder {
    /// Checks `path` against the folders of the photos shown (`PhotoOrder.folders`); throws a one-line reason when
    /// shots must not go there.
    public static func check(_ path: String, photoFolders: Set<String>) throws(ShotsFolderError) {
        switch try? FileSystem.kind(atPath: path) {
        case .regular?, .special?:
            throw ShotsFolderError(message: "--shots: \(path) is a file, not a folder")
        case .directory?:
            guard let folder = canonical(path) else { return }
            if Set(photoFolders.compactMap(canonical)).contains(folder) {
                throw ShotsFolderError(
                    message: "--shots: \(path) holds photos the gallery is showing; choose another folder, "
                        + "so no shot can overwrite a photo")
            }
        case .missing?, nil:
            return  // Created when the run starts; a new folder holds no photos.
        }
    }

    /// `path` with links and `..` resolved, or nil if it cannot be.
    private static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
