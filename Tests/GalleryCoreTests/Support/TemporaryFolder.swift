import Foundation

/// A fresh folder under the system temporary directory, removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("GalleryCoreTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes a UTF-8 file and returns its path.
    @discardableResult
    func write(_ relativePath: String, _ text: String = "") throws -> String {
        try write(relativePath, bytes: Array(text.utf8))
    }

    /// Writes a file and returns its path.
    @discardableResult
    func write(_ relativePath: String, bytes: [UInt8]) throws -> String {
        let filePath = path + "/" + relativePath
        try Data(bytes).write(to: URL(fileURLWithPath: filePath))
        return filePath
    }

    /// Creates a sub-folder and returns its path.
    @discardableResult
    func makeFolder(_ relativePath: String) throws -> String {
        let folderPath = path + "/" + relativePath
        try FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true)
        return folderPath
    }

    /// Creates a symbolic link at `relativePath` pointing to `destination` and returns its path.
    @discardableResult
    func link(_ relativePath: String, to destination: String) throws -> String {
        let linkPath = path + "/" + relativePath
        try FileManager.default.createSymbolicLink(atPath: linkPath, withDestinationPath: destination)
        return linkPath
    }

    /// Every entry below the folder with its type, size, permissions and modification time, sorted.
    func snapshot() throws -> [String] {
        var lines: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let relative = enumerator?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: path + "/" + relative)
            let type = attributes[.type] as? FileAttributeType
            let size = attributes[.size] as? Int
            let permissions = attributes[.posixPermissions] as? Int
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970
            lines.append(
                "\(relative) \(String(describing: type)) \(String(describing: size)) "
                    + "\(String(describing: permissions)) \(String(describing: modified))")
        }
        return lines.sorted()
    }
}
