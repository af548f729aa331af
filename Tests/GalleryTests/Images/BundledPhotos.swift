import Foundation

/// The photos shipped in `Assets/Photos`, found from this file's location (the package root is three levels up).
enum BundledPhotos {
    /// The package's `Assets/Photos` directory.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Images
        .deletingLastPathComponent()  // GalleryTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Assets/Photos")

    /// Paths of every bundled JPEG, sorted by name.
    static var paths: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".jpg") }.sorted().map { directory.appendingPathComponent($0).path }
    }
}
