import Foundation
import GalleryCore
import Testing

/// The freedesktop.org Trash specification 1.0 as `Trash` follows it: where a file goes, what its info says, and
/// that restoring puts back the very bytes.
@Suite("Trash")
struct TrashTests {
    /// A scratch data home with a photos folder beside it.
    static func scratch() throws -> (folder: TemporaryFolder, trash: Trash, photo: String) {
        let folder = try TemporaryFolder()
        try folder.makeFolder("data")
        try folder.makeFolder("photos")
        let photo = try folder.write("photos/a b(1).jpg", bytes: (0..<200).map { UInt8($0) })
        let trash = Trash(environment: ["XDG_DATA_HOME": folder.path + "/data", "HOME": "/nonexistent"])
        return (folder, trash, photo)
    }

    @Test("a file on the home volume goes to $XDG_DATA_HOME/Trash with its info; restore puts back the same bytes")
    func homeTrashAndRestore() throws {
        let (folder, trash, photo) = try Self.scratch()
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        let item = try trash.moveToTrash(photo, at: 0)
        #expect(!FileManager.default.fileExists(atPath: photo))
        #expect(item.trashed == folder.path + "/data/Trash/files/a b(1).jpg")
        #expect(item.info == folder.path + "/data/Trash/info/a b(1).jpg.trashinfo")
        let info = try String(contentsOfFile: item.info, encoding: .utf8)
        let lines = info.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == "[Trash Info]")
        #expect(lines[1] == "Path=" + TrashInfoFile.escaped(photo))
        #expect(lines[1].hasSuffix("/photos/a%20b%281%29.jpg"))
        #expect(lines[2].wholeMatch(of: /DeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/) != nil)
        try trash.restore(item)
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/data/Trash/info") == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/data/Trash/files") == [])
    }

    @Test("a second file of the same name gets a numbered name; neither replaces the other")
    func sameNameTwice() throws {
        let (folder, trash, photo) = try Self.scratch()
        let first = try trash.moveToTrash(photo)
        try folder.write("photos/a b(1).jpg", "second")
        let second = try trash.moveToTrash(photo)
        #expect(first.trashed.hasSuffix("/files/a b(1).jpg"))
        #expect(second.trashed.hasSuffix("/files/a b(1).2.jpg"))
        #expect(second.info.hasSuffix("/info/a b(1).2.jpg.trashinfo"))
        #expect(try String(contentsOfFile: second.trashed, encoding: .utf8) == "second")
    }

    @Test("restoring over a file of the same name is refused, and nothing moves")
    func restoreRefusesToReplace() throws {
        let (folder, trash, photo) = try Self.scratch()
        let item = try trash.moveToTrash(photo)
        try folder.write("photos/a b(1).jpg", "new")
        #expect(throws: TrashError.occupied(photo)) { try trash.restore(item) }
        #expect(try String(contentsOfFile: photo, encoding: .utf8) == "new")
        #expect(FileManager.default.fileExists(atPath: item.trashed))
        #expect(FileManager.default.fileExists(atPath: item.info))
    }

    @Test("on another volume: its sticky .Trash/UID, else .Trash-UID, with a path relative to the volume's top")
    func volumeTrash() throws {
        let folder = try TemporaryFolder()
        let top = try folder.makeFolder("volume")
        try folder.makeFolder("volume/photos")
        // A home trash under /proc is on another device than the photo: the volume's trash must take it.
        let trash = Trash(home: "/proc/gallery-no-such/Trash", userID: getuid(), volumeTop: { _ in top })
        let photo = try folder.write("volume/photos/p.jpg", "p")
        let item = try trash.moveToTrash(photo)
        #expect(item.trashed == top + "/.Trash-\(getuid())/files/p.jpg")
        #expect(try String(contentsOfFile: item.info, encoding: .utf8).contains("\nPath=photos/p.jpg\n"))

        // A .Trash that is a link is never used; a sticky folder is.
        try folder.link("volume/.Trash", to: folder.path)
        try folder.write("volume/photos/q.jpg", "q")
        #expect(try trash.moveToTrash(top + "/photos/q.jpg").trashed == top + "/.Trash-\(getuid())/files/q.jpg")
        try FileManager.default.removeItem(atPath: top + "/.Trash")
        try folder.makeFolder("volume/.Trash")
        chmod(top + "/.Trash", 0o1777)
        try folder.write("volume/photos/r.jpg", "r")
        #expect(try trash.moveToTrash(top + "/photos/r.jpg").trashed == top + "/.Trash/\(getuid())/files/r.jpg")
    }

    @Test("a missing file is an error and nothing is made")
    func missingFile() throws {
        let (folder, trash, _) = try Self.scratch()
        #expect(throws: TrashError.system(folder.path + "/photos/none.jpg", ENOENT)) {
            try trash.moveToTrash(folder.path + "/photos/none.jpg")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/data/Trash"))
    }
}
