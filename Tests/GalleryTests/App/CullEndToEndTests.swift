import Foundation
import Gallery
import GalleryCore
import GalleryTesting
import Glibc
import Imaging
import Testing

/// `--move-to` as a photographer culls a shoot: 500 photos, half sent with `x` to a folder on another volume (copied,
/// flushed, compared, then removed) and half with `2 x` to one on the same volume (renamed), then every move undone
/// with Ctrl+Z; every byte is accounted for by SHA-256 before, after the cull and after the undo.
extension SDLSerializedTests {
    @Suite("Culling with x end to end")
    struct CullEndToEndTests {
        static let count = 500

        /// Each file's SHA-256 by name, under `folder` (one level), from coreutils' `sha256sum`.
        static func sums(_ folder: String) throws -> [String: String] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            guard !names.isEmpty else { return [:] }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            process.arguments = names
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            var sums: [String: String] = [:]
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ", maxSplits: 1)
                guard fields.count == 2 else { continue }
                sums[String(fields[1].drop { $0 == " " || $0 == "*" })] = String(fields[0])
            }
            #expect(sums.count == names.count)
            return sums
        }

        /// 500 distinct JPEGs of various sizes in a fresh folder, and their sums.
        static func shoot() throws -> (folder: TemporaryDirectory, sums: [String: String]) {
            let folder = try TemporaryDirectory()
            try FileManager.default.createDirectory(atPath: folder.path("shoot"), withIntermediateDirectories: false)
            for index in 0..<count {
                let jpeg = JPEGFixture.rgb(width: 8 + index % 24, height: 8) { x, y in
                    RGBA(r: UInt8(index % 256), g: UInt8(index / 256 * 60 + x), b: UInt8(y * 20))
                }
                try folder.write(
                    jpeg + [UInt8](repeating: UInt8(index % 251), count: index * 37), to: "shoot/IMG_\(index).jpg")
            }
            return (folder, try sums(folder.path("shoot")))
        }

        /// Runs the gallery on `shoot` with `keys`, 0.05 s apart, sending to `far` (x) and `near` (2 x).
        static func run(_ folder: TemporaryDirectory, keys: [String], far: String, near: String) throws {
            let events = keys.enumerated().map { ScriptLine.key(0.05 * Double($0.offset + 1), $0.element) }
            let output = try GalleryProcess.run(
                events + [ScriptLine.quit(0.05 * Double(keys.count + 2))],
                arguments: [
                    "--no-thumbnail-cache", "--transition", "none", "--mode", "bounded", "--move-to", far,
                    "--move-to", near, folder.path("shoot"),
                ], in: folder)
            #expect(output.status == 0, "\(output.standardError)")
        }

        @Test("x and 2 x cull 499 of 500 photos across two volumes and Ctrl+Z brings each back, every byte kept")
        func cullAndUndo() throws {
            let (folder, before) = try Self.shoot()
            let other = try TemporaryFolderOnOtherVolume(than: folder.path("shoot"))
            let near = folder.path("near")
            try FileManager.default.createDirectory(atPath: near, withIntermediateDirectories: false)
            // 499 moves (the last photo stays): even ones far, odd ones near.
            let cull = (0..<Self.count - 1).flatMap { $0 % 2 == 0 ? ["x"] : ["2", "x"] }
            try Self.run(folder, keys: cull, far: other.path, near: near)
            let (kept, far, nearby) = (
                try Self.sums(folder.path("shoot")), try Self.sums(other.path), try Self.sums(near)
            )
            #expect(
                kept.count == 1 && far.count == 250 && nearby.count == 249, "\(kept.count) \(far.count) \(nearby.count)"
            )
            // Every photo once, byte for byte, wherever it went; nothing else anywhere.
            var after = kept
            for (name, sum) in far.merging(nearby, uniquingKeysWith: { a, _ in a }) {
                #expect(after.updateValue(sum, forKey: name) == nil, "\(name) twice")
            }
            #expect(after == before)
            let bytes = try FileManager.default.contentsOfDirectory(atPath: other.path).reduce(0) {
                $0 + ((try FileManager.default.attributesOfItem(atPath: other.path + "/" + $1)[.size] as? Int) ?? 0)
            }
            #expect(bytes > 2_000_000, "the far volume holds \(bytes) bytes")

            // Again from the start, then Ctrl+Z for each move: all back, the folders empty.
            try FileManager.default.removeItem(atPath: folder.path("shoot"))
            try FileManager.default.createDirectory(atPath: folder.path("shoot"), withIntermediateDirectories: false)
            for name in try FileManager.default.contentsOfDirectory(atPath: other.path) {
                try FileManager.default.removeItem(atPath: other.path + "/" + name)
            }
            for name in try FileManager.default.contentsOfDirectory(atPath: near) {
                try FileManager.default.removeItem(atPath: near + "/" + name)
            }
            let (again, beforeAgain) = try Self.shoot()
            try FileManager.default.createDirectory(atPath: again.path("near"), withIntermediateDirectories: false)
            let undo = [String](repeating: "Ctrl+Z", count: Self.count - 1)
            try Self.run(again, keys: cull + undo, far: other.path, near: again.path("near"))
            #expect(try Self.sums(again.path("shoot")) == beforeAgain)
            #expect(try Self.sums(other.path).isEmpty && Self.sums(again.path("near")).isEmpty)
        }
    }
}

/// A fresh folder on another volume than `path`: `GALLERY_TEST_SECOND_VOLUME` (a tmpfs mounted for it), else
/// `/dev/shm`; removed when released.
final class TemporaryFolderOnOtherVolume {
    let path: String

    init(than other: String) throws {
        let root = ProcessInfo.processInfo.environment["GALLERY_TEST_SECOND_VOLUME"] ?? "/dev/shm"
        path = root + "/gallery-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        var (a, b) = (stat(), stat())
        try #require(
            stat(path, &a) == 0 && stat(other, &b) == 0 && a.st_dev != b.st_dev, "\(root) is not another volume")
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
