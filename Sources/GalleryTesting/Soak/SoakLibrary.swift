import Gallery
import GalleryCore
import GalleryScene

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The pages a soak run pages through: the bundled photos, 100,000 generated pages, or the hostile corpus.
package enum SoakLibrary: String, CaseIterable, Sendable {
    /// The photos in `Assets/Photos` (or `$GALLERY_PHOTOS`).
    case photos
    /// `--synthetic 100000`.
    case synthetic
    /// `HostileCorpus`, written into a scratch folder.
    case hostile

    /// How summaries name the library.
    package var displayName: String {
        switch self {
        case .photos: "bundled photos"
        case .synthetic: "synthetic 100000"
        case .hostile: "hostile corpus"
        }
    }

    /// How many of its `count` pages may prove files that cannot be shown, and leave the count: in the hostile corpus
    /// any but its sound photo; none elsewhere.
    package func mostUnshowable(of count: Int) -> Int {
        self == .hostile ? count - 1 : 0
    }

    /// Opens the library; the hostile corpus is first written into a new folder inside `scratchFolder` (a temporary
    /// folder the caller removes, never a photo folder).
    package func open(scratchFolder: String) throws -> PageLibrary {
        switch self {
        case .photos:
            // Not found: PhotoIndex names the path it could not open.
            return PageLibrary(photos: try PhotoIndex(paths: [PhotoIndex.bundledPhotosDirectory() ?? "Assets/Photos"]))
        case .synthetic:
            return PageLibrary(syntheticCount: 100_000)
        case .hostile:
            let folder = scratchFolder + "/hostile-corpus"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try HostileCorpus.write(into: folder)
            return PageLibrary(photos: try PhotoIndex(paths: [folder]))
        }
    }
}
