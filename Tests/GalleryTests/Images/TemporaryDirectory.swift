import Foundation

/// A fresh directory under the system temporary directory, removed when the value is deallocated.
final class TemporaryDirectory {
    /// The directory's path.
    let url: URL

    /// Creates a uniquely named directory.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `bytes` to `name` and returns the file's path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
