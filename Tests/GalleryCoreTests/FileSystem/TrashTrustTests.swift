import Foundation
import GalleryCore
import Testing

/// What `Trash` never does: replace a file made in the gap before a move.
@Suite("Trash trust")
struct TrashTrustTests {
    @Test("a file made at the photo's name just before Ctrl+Z's move is never replaced")
    func restoreNeverReplaces() throws {
        let (folder, original, photo) = try TrashTests.scratch()
        let item = try original.moveToTrash(photo)
        var trash = original
        trash.beforeMove = { destination in
            _ = FileManager.default.createFile(atPath: destination, contents: Data("new".utf8))
        }
        #expect(throws: TrashError.occupied(photo)) { try trash.restore(item) }
        #expect(try String(contentsOfFile: photo, encoding: .utf8) == "new")
        #expect(FileManager.default.fileExists(atPath: item.trashed))
        #expect(FileManager.default.fileExists(atPath: item.info))
        withExtendedLifetime(folder) {}
    }

    @Test("a file made at the trash's name just before Delete's move is never replaced: the next name is taken")
    func trashNeverReplaces() throws {
        let (folder, original, photo) = try TrashTests.scratch()
        var trash = original
        let taken = folder.path + "/data/Trash/files/a b(1).jpg"
        trash.beforeMove = { destination in
            if destination == taken { _ = FileManager.default.createFile(atPath: taken, contents: Data("other".utf8)) }
        }
        let item = try trash.moveToTrash(photo)
        #expect(item.trashed.hasSuffix("/files/a b(1).2.jpg"))
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "other")
        #expect(try Data(contentsOf: URL(fileURLWithPath: item.trashed)).count == 200)
        // The info reserved for the taken name is not left behind.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path + "/data/Trash/info") == [
                "a b(1).2.jpg.trashinfo"
            ])
    }
}
