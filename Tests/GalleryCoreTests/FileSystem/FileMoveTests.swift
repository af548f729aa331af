import Foundation
import Glibc
import Testing

@testable import GalleryCore

/// `--move-to` and `--copy-to`'s file work: never replacing, across volumes copied, flushed and compared before the
/// original goes, and undone only for the very file placed.
@Suite("Moving and copying photos into folders")
struct FileMoveTests {
    /// A folder on another volume than the temporary directory: `GALLERY_TEST_SECOND_VOLUME` (a tmpfs mounted for the
    /// purpose), else `/dev/shm`, Linux's shared-memory tmpfs.
    static func otherVolume(than path: String) throws -> TemporaryFolderOn {
        let root = ProcessInfo.processInfo.environment["GALLERY_TEST_SECOND_VOLUME"] ?? "/dev/shm"
        let folder = try TemporaryFolderOn(root)
        try #require(Self.device(folder.path) != Self.device(path), "\(root) is on the same volume as \(path)")
        return folder
    }

    static func device(_ path: String) -> UInt64? {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_dev) : nil
    }

    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// A photo's worth of bytes that differ from file to file.
    static func content(_ seed: Int, count: Int = 300_000) -> [UInt8] {
        var generator = SplitMix64(seed: UInt64(seed))
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    @Test(
        "within a volume a move renames, a taken name gets a number, and undo renames it back",
        arguments: [true, false])
    func sameVolume(removing: Bool) throws {
        let folder = try TemporaryFolder()
        let photo = try folder.write("a.jpg", bytes: Self.content(1))
        let keep = try folder.makeFolder("keep")
        let squatter = try folder.write("keep/a.jpg", bytes: Self.content(2))
        var before = stat()
        stat(photo, &before)
        let item = try FileMove.place(photo, into: keep, removing: removing)
        #expect(item.placed == keep + "/a.2.jpg")
        #expect(Self.bytes(item.placed) == Self.content(1))
        #expect(Self.bytes(squatter) == Self.content(2), "the taken name was replaced")
        #expect(FileManager.default.fileExists(atPath: photo) == !removing)
        var after = stat()
        stat(item.placed, &after)
        // A move is the same file (rename); a copy keeps the modification time.
        #expect((after.st_ino == before.st_ino) == removing)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        try FileMove.undo(item)
        #expect(Self.bytes(photo) == Self.content(1))
        #expect(!FileManager.default.fileExists(atPath: item.placed))
        #expect(Self.bytes(squatter) == Self.content(2))
    }

    @Test("across volumes a move copies, flushes, compares and removes the original; undo does the same back")
    func acrossVolumes() throws {
        let folder = try TemporaryFolder()
        let other = try Self.otherVolume(than: folder.path)
        let photo = try folder.write("b.jpg", bytes: Self.content(3, count: 3_000_000))
        let item = try FileMove.place(photo, into: other.path, removing: true)
        #expect(item.placed == other.path + "/b.jpg" && item.removedOriginal)
        #expect(!FileManager.default.fileExists(atPath: photo))
        #expect(Self.bytes(item.placed) == Self.content(3, count: 3_000_000))
        try FileMove.undo(item)
        #expect(Self.bytes(photo) == Self.content(3, count: 3_000_000))
        #expect(!FileManager.default.fileExists(atPath: item.placed))
    }

    @Test("undo changes nothing when the placed file changed, or the original's name is taken again")
    func undoRefuses() throws {
        let folder = try TemporaryFolder()
        let keep = try folder.makeFolder("keep")
        let copied = try FileMove.place(try folder.write("c.jpg", bytes: Self.content(4)), into: keep, removing: false)
        try Data(Self.content(5)).write(to: URL(fileURLWithPath: copied.placed))
        #expect(throws: TrashError.notTheFileMoved(copied.original, trashed: copied.placed)) {
            try FileMove.undo(copied)
        }
        #expect(Self.bytes(copied.placed) == Self.content(5), "an edited copy was removed")
        let moved = try FileMove.place(try folder.write("d.jpg", bytes: Self.content(6)), into: keep, removing: true)
        try folder.write("d.jpg", bytes: Self.content(7))
        #expect(throws: TrashError.occupied(moved.original)) { try FileMove.undo(moved) }
        #expect(Self.bytes(moved.placed) == Self.content(6) && Self.bytes(moved.original) == Self.content(7))
    }

    @Test("what is not a regular file is refused, and the folder left as it was")
    func refusesOthers() throws {
        let folder = try TemporaryFolder()
        let keep = try folder.makeFolder("keep")
        let link = folder.path + "/link.jpg"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/etc/hostname")
        #expect(throws: TrashError.system(link, EINVAL)) { try FileMove.place(link, into: keep, removing: true) }
        #expect(throws: (any Error).self) { try FileMove.place(folder.path + "/none.jpg", into: keep, removing: true) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: keep).isEmpty)
    }

    @Test("the runner keeps one undo history: Ctrl+Z undoes a move, then the Delete before it")
    func oneHistory() throws {
        let folder = try TemporaryFolder()
        let keep = try folder.makeFolder("keep")
        let trash = Trash(home: folder.path + "/Trash", userID: getuid(), volumeTop: { _ in "/" })
        let runner = TrashRunner(trash: { trash })
        let first = try folder.write("e.jpg", bytes: Self.content(8))
        let second = try folder.write("f.jpg", bytes: Self.content(9))
        runner.moveToTrash(first, place: 0)
        runner.place(second, place: 1, into: keep, removing: true)
        #expect(
            TrashRunnerTests.outcomes(runner, count: 2) == [
                .trashed(path: first, place: 0), .moved(path: second, place: 1, to: keep + "/f.jpg"),
            ])
        runner.restoreLast()
        #expect(TrashRunnerTests.outcomes(runner, count: 1) == [.restored(path: second, place: 1, marked: false)])
        #expect(Self.bytes(second) == Self.content(9))
        runner.restoreLast()
        #expect(TrashRunnerTests.outcomes(runner, count: 1) == [.restored(path: first, place: 0, marked: false)])
        #expect(Self.bytes(first) == Self.content(8))
    }
}

/// A fresh folder under `root`, removed when released.
final class TemporaryFolderOn {
    let path: String

    init(_ root: String) throws {
        path = root + "/GalleryCoreTests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
