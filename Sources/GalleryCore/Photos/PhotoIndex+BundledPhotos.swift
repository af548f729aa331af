import Support

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PhotoIndex {
    /// The environment variable that names the bundled photos folder, checked first.
    public static let photosEnvironmentVariable = "GALLERY_PHOTOS"

    /// The folder of bundled photos (`Assets/Photos`), or `nil` if none is found. Looked for in order:
    /// `$GALLERY_PHOTOS` (returned even if missing, so a typo gets reported rather than silently replaced),
    /// `<executable dir>/../share/gallery/Photos` (an install), then `Assets/Photos` in the checkout this
    /// file was compiled from (`swift run`, tests).
    public static func bundledPhotosDirectory() -> String? {
        bundledPhotosDirectory(
            environment: ProcessInfo.processInfo.environment,
            executablePath: FileSystem.executablePath(),
            sourceFilePath: #filePath
        )
    }

    /// `bundledPhotosDirectory()` with its inputs given, for tests.
    package static func bundledPhotosDirectory(
        environment: [String: String],
        executablePath: String?,
        sourceFilePath: String
    ) -> String? {
        if let configured = environment[photosEnvironmentVariable], !configured.isEmpty {
            return configured
        }
        if let executablePath {
            let installed = parentDirectory(of: executablePath) + "/../share/gallery/Photos"
            if isDirectory(installed) { return installed }
        }
        var folder = parentDirectory(of: sourceFilePath)
        while !folder.isEmpty {
            if (try? FileSystem.kind(atPath: folder + "/Package.swift")) == .regular {
                let assets = folder + "/Assets/Photos"
                return isDirectory(assets) ? assets : nil
            }
            folder = parentDirectory(of: folder)
        }
        return nil
    }

    /// The path up to its last "/", or "" when none remains ("/a" gives "").
    private static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private static func isDirectory(_ path: String) -> Bool {
        (try? FileSystem.kind(atPath: path)) == .directory
    }
}
