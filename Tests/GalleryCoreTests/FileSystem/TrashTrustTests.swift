import Foundation
import GalleryCore
import Testing

/// What `Trash` never does: restore a file it did not move, replace a file made in the gap before a move.
@Suite("Trash trust")
struct TrashTrustTests {
    @Test("a trash emptied and refilled with another file of the photo's name: Ctrl+Z refuses and moves nothing")
    func restoreChecksIdentity() throws {
        let (folder, trash, photo) = try TrashTests.scratch()
        let item = try trash.moveToTrash(photo)
        // A file manager empties the trash; then another folder's file of the same name goes there, with its info.
        try FileManager.default.removeItem(atPath: item.trashed)
        try FileManager.default.removeItem(atPath: item.info)
        try folder.makeFolder("other")
        let other = try folder.write("other/a b(1).jpg", "another photo")
        let second = try trash.moveToTrash(other)
        try #require(second.trashed == item.trashed && second.info == item.info)
        let error = #expect(throws: TrashError.self) { try trash.restore(item) }
        #expect(error?.description.contains("not the file Delete moved there") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: photo))
        #expect(try String(contentsOfFile: second.trashed, encoding: .utf8) == "another photo")
        #expect(FileManager.default.fileExists(atPath: second.info))
        // The other file's own record still puts it back.
        try trash.restore(second)
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "another photo")
    }

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
