import Foundation
import GalleryCore
import Support
import Testing

@testable import Gallery

/// Delete and Ctrl+Z as a user presses them, on a scratch `XDG_DATA_HOME`: the photo goes to the freedesktop Trash
/// with its info and leaves the gallery, and comes back byte for byte at its place.
extension SDLSerializedTests {
    @Suite("Trash end to end")
    struct TrashEndToEndTests {
        /// Five photos of different colours (so each file's bytes are its own) and a scratch data folder.
        static func photos() throws -> (folder: TemporaryDirectory, paths: [String], data: TemporaryDirectory) {
            let folder = try TemporaryDirectory()
            let paths = try (1...5).map { index in
                let path = folder.path("p\(index).png")
                let png = PNGChunks.solid(width: 8, height: 6, red: UInt8(40 * index), green: 120, blue: 150)
                try Data(png).write(to: URL(fileURLWithPath: path))
                return path
            }
            return (folder, paths, try TemporaryDirectory())
        }

        @Test("Delete moves the photo to $XDG_DATA_HOME/Trash with its .trashinfo; the next photo shows")
        func delete() throws {
            let (folder, paths, data) = try Self.photos()
            let before = try Data(contentsOf: URL(fileURLWithPath: paths[1]))
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.1, "Right"), ScriptLine.key(0.6, "Delete")],
                arguments: ["--no-thumbnail-cache", "--mode", "bounded", folder.url.path],
                environment: ["XDG_DATA_HOME": data.url.path])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: paths[1]))
            let trashed = data.path("Trash/files/p2.png")
            #expect(try Data(contentsOf: URL(fileURLWithPath: trashed)) == before)
            let info = try String(contentsOfFile: data.path("Trash/info/p2.png.trashinfo"), encoding: .utf8)
            #expect(info.hasPrefix("[Trash Info]\nPath=\(TrashInfoFile.escaped(paths[1]))\nDeletionDate="), "\(info)")
            let last = try #require(run.records.last)
            #expect(last.pages == 4)
            // p3 took p2's place: the neighbour stays on screen.
            #expect(last.page == 1)
        }

        @Test("Ctrl+Z puts the photo back byte for byte at its place, shows it, and empties the trash")
        func undo() throws {
            let (folder, paths, data) = try Self.photos()
            let before = try Data(contentsOf: URL(fileURLWithPath: paths[2]))
            let run = try GalleryProcess.run(
                [
                    ScriptLine.key(0.1, "End"), ScriptLine.key(0.6, "Left"), ScriptLine.key(0.7, "Left"),
                    ScriptLine.key(1.3, "Delete"), ScriptLine.key(1.8, "End"), ScriptLine.key(2.5, "Ctrl+Z"),
                ],
                arguments: ["--no-thumbnail-cache", "--mode", "bounded", folder.url.path],
                environment: ["XDG_DATA_HOME": data.url.path])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: paths[2])) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: data.path("Trash/files")).isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: data.path("Trash/info")).isEmpty)
            // Five photos, then four after Delete, then five again, on the restored one (its old place, 3 of 5).
            let counts = run.records.map(\.pages)
            #expect(counts.first == 5 && counts.contains(4) && counts.last == 5, "\(counts)")
            #expect(run.records.last?.page == 2)
        }

        @Test("Ctrl+Z changes nothing when a file of the photo's name is there again")
        func occupied() throws {
            let (folder, paths, data) = try Self.photos()
            // Once the photo is in the trash, an action writes another file of its name.
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.1, "Delete"), ScriptLine.key(0.6, "Ctrl+1"), ScriptLine.key(1.2, "Ctrl+Z")],
                arguments: [
                    "--no-thumbnail-cache", "--mode", "bounded", "--action1", "printf new > '\(paths[0])' # %f",
                    folder.url.path,
                ],
                environment: ["XDG_DATA_HOME": data.url.path])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: paths[0])) == Data("new".utf8))
            #expect(FileManager.default.fileExists(atPath: data.path("Trash/files/p1.png")))
            #expect(FileManager.default.fileExists(atPath: data.path("Trash/info/p1.png.trashinfo")))
            #expect(run.records.last?.pages == 4)
            #expect(run.standardError.contains("exists again: not replaced"), "\(run.standardError)")
        }

        @Test("a marked photo deleted and restored with Ctrl+Z comes back marked")
        func undoKeepsMark() throws {
            let (folder, paths, data) = try Self.photos()
            let scripts = try TemporaryDirectory()
            try [
                ScriptLine.key(0.1, "Right"), ScriptLine.key(0.2, "m"), ScriptLine.key(0.7, "Delete"),
                ScriptLine.key(1.5, "Ctrl+Z"),
            ].joined(separator: "\n").write(toFile: scripts.path("s.jsonl"), atomically: true, encoding: .utf8)
            let run = try GalleryProcess.capture(
                [
                    "--headless", "--size", "320x240", "--no-thumbnail-cache", "--mode", "bounded", "--script",
                    scripts.path("s.jsonl"), "-o", folder.url.path,
                ], stream: .standardOutput,
                environment: ["XDG_DATA_HOME": data.url.path, "XDG_CACHE_HOME": scripts.path("cache")])
            #expect(run.status == 0)
            #expect(FileManager.default.fileExists(atPath: paths[1]))
            #expect(run.text == paths[1] + "\n")
        }

        @Test("the feed refuses Delete: the photo stays")
        func feed() throws {
            let (folder, paths, data) = try Self.photos()
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.1, "F5"), ScriptLine.key(0.5, "Delete")],
                arguments: ["--no-thumbnail-cache", "--mode", "bounded", folder.url.path],
                environment: ["XDG_DATA_HOME": data.url.path])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(FileManager.default.fileExists(atPath: paths[0]))
            #expect(!FileManager.default.fileExists(atPath: data.path("Trash")))
        }
    }
}
