import Foundation
import GalleryCore
import Testing

/// `TrashRunner`: moves and restores off the calling thread, in the order asked, the last moved restored first.
@Suite("Trash runner")
struct TrashRunnerTests {
    /// Waits for every job asked for, taking their outcomes.
    static func outcomes(_ runner: TrashRunner, count: Int) -> [TrashOutcome] {
        var taken: [TrashOutcome] = []
        let deadline = Date().addingTimeInterval(10)
        while taken.count < count, Date() < deadline {
            runner.waitForOne(upTo: 0.1)
            taken += runner.takeFinished()
        }
        return taken
    }

    @Test(
        "Delete, Delete, Ctrl+Z, Ctrl+Z: the second comes back first (with its mark), each byte for byte; a third Ctrl+Z says so"
    )
    func stack() throws {
        let (folder, trash, photo) = try TrashTests.scratch()
        let other = try folder.write("photos/b.jpg", bytes: [1, 2, 3])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        let runner = TrashRunner(trash: { trash })
        runner.moveToTrash(photo, place: 0)
        runner.moveToTrash(other, place: 3, marked: true)
        #expect(Self.outcomes(runner, count: 2) == [.trashed(path: photo, place: 0), .trashed(path: other, place: 3)])
        #expect(!FileManager.default.fileExists(atPath: photo) && !FileManager.default.fileExists(atPath: other))
        #expect(runner.trashed.map(\.original) == [photo, other])
        runner.restoreLast()
        #expect(Self.outcomes(runner, count: 1) == [.restored(path: other, place: 3, marked: true)])
        runner.restoreLast()
        runner.restoreLast()
        let last = Self.outcomes(runner, count: 2)
        #expect(last.first == .restored(path: photo, place: 0, marked: false))
        #expect(last.last == .failed("Ctrl+Z: nothing moved to the Trash or a folder to restore"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == bytes)
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == Data([1, 2, 3]))
        #expect(runner.pendingCount == 0)
    }

    @Test("a restore refused (a file of that name is back) changes nothing and stays on the stack")
    func occupied() throws {
        let (folder, trash, photo) = try TrashTests.scratch()
        let runner = TrashRunner(trash: { trash })
        runner.moveToTrash(photo, place: 0)
        _ = Self.outcomes(runner, count: 1)
        try Data([9]).write(to: URL(fileURLWithPath: photo))
        runner.restoreLast()
        #expect(Self.outcomes(runner, count: 1) == [.failed("Ctrl+Z: \(TrashError.occupied(photo))")])
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == Data([9]))
        #expect(runner.trashed.count == 1)
        _ = folder
    }

    @Test("quitting during a slow Delete waits for it: the photo is in the trash with its info, never an info alone")
    func quitWaitsForMove() throws {
        let (folder, original, photo) = try TrashTests.scratch()
        let moving = DispatchSemaphore(value: 0)
        var trash = original
        // The info is written; the move takes a while (a slow disk, a network volume).
        trash.beforeMove = { _ in
            moving.signal()
            usleep(300_000)
        }
        let runner = TrashRunner(trash: { [trash] in trash })
        runner.moveToTrash(photo, place: 0)
        try #require(moving.wait(timeout: .now() + 10) == .success)
        runner.finish(upTo: 10)
        let infos = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/data/Trash/info")
        #expect(!FileManager.default.fileExists(atPath: photo))
        #expect(infos == ["a b(1).jpg.trashinfo"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path + "/data/Trash/files") == ["a b(1).jpg"])
    }
}
