import Foundation
import GalleryCore
import GalleryCoreTesting
import GalleryTesting
import Imaging
import Testing

@testable import Gallery
@testable import GalleryScene

/// `--sort taken|size`, `--reverse` and the order key as a user runs them, read back through `-o` (every photo marked
/// prints the gallery's order; one marked prints the photo shown).
extension SDLSerializedTests {
    @Suite("Sort orders end to end")
    struct SortEndToEndTests {
        /// Four JPEGs whose names, modification times, dates taken and sizes each give another order:
        /// name a b c d; mtime d a c b; taken b d a c (c has no EXIF: its mtime, 2023, counts); size d b a c.
        static func photos() throws -> (folder: TemporaryDirectory, paths: [String: String]) {
            let folder = try TemporaryDirectory()
            let base = JPEGFixture.rgb(width: 24, height: 16) { x, _ in RGBA(r: UInt8(x * 10), g: 90, b: 160) }
            let photos: [(name: String, taken: String?, modified: String, padding: Int)] = [
                ("a", "2022:03:01 10:00:00", "2019-06-01", 300), ("b", "2020:03:01 10:00:00", "2024-06-01", 200),
                ("c", nil, "2023-01-01", 1000), ("d", "2021:03:01 10:00:00", "2018-06-01", 100),
            ]
            var paths: [String: String] = [:]
            for photo in photos {
                let jpeg = photo.taken.map { ExifFixture(taken: $0).inserted(into: base) } ?? base
                let path = try folder.write(jpeg + [UInt8](repeating: 0, count: photo.padding), to: "\(photo.name).jpg")
                let date = try #require(ISO8601DateFormatter().date(from: photo.modified + "T12:00:00Z"))
                try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
                paths[photo.name] = path
            }
            return (folder, paths)
        }

        /// The photos' paths in `names`' order, as `-o` prints them.
        static func listed(_ names: String, _ paths: [String: String]) -> String {
            names.map { paths[String($0)]! + "\n" }.joined()
        }

        @Test(
            "--sort name, mtime, taken and size, and --reverse, list the folder in their orders",
            arguments: [
                (["--sort", "name"], "abcd"), (["--sort", "mtime"], "dacb"), (["--sort", "taken"], "bdac"),
                (["--sort", "size"], "dbac"), (["--sort", "taken", "--reverse"], "cadb"), (["--reverse"], "dcba"),
            ])
        func orders(flags: [String], expected: String) throws {
            let (folder, paths) = try Self.photos()
            let output = try MarksEndToEndTests.run(folder, keys: ["M"], extra: ["-o"] + flags)
            #expect(output == Self.listed(expected, paths))
        }

        @Test("O cycles name → mtime → taken → size → shuffle → name, keeping the photo shown")
        func cycleKeepsThePhoto() throws {
            let (folder, paths) = try Self.photos()
            let flags = ["-o", "--transition", "none"]
            // On c (third by name), O twice: by date taken c is last, and still the one shown.
            #expect(
                try MarksEndToEndTests.run(folder, keys: ["Right", "Right", "O", "O", "m"], extra: flags) == paths["c"]!
                    + "\n")
            #expect(
                try MarksEndToEndTests.run(folder, keys: ["Right", "Right", "O", "O", "M"], extra: flags)
                    == Self.listed("bdac", paths))
            #expect(
                try MarksEndToEndTests.run(folder, keys: ["O", "O", "O", "M"], extra: flags)
                    == Self.listed("dbac", paths))
            #expect(
                try MarksEndToEndTests.run(folder, keys: ["O", "O", "O", "O", "O", "M"], extra: flags)
                    == Self.listed("abcd", paths))
            // With --reverse the cycle keeps it reversed.
            #expect(
                try MarksEndToEndTests.run(folder, keys: ["O", "M"], extra: flags + ["--reverse"])
                    == Self.listed("bcad", paths))
        }

        @Test("O says the new order in the information line, and the photo stays on screen")
        @MainActor func cycleNote() throws {
            try SDLTestSession.start()
            // Dates taken come from decoder processes, as in the app.
            TakenDateReading.install()
            let (folder, _) = try Self.photos()
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            let gallery = try LibraryChangeEndToEndTests.gallery(folder, start: 2, worker: worker)
            gallery.perform(.cycleSort, at: 0.1)
            gallery.waitForReload()
            var time = try LibraryChangeEndToEndTests.pump(gallery, worker: worker, from: 0.1) { !gallery.isReloading }
            #expect(gallery.upkeep.sort == .mtime)
            #expect(gallery.model.overlays.notice == "order: modification time")
            #expect(gallery.shownName == "c.jpg")
            #expect(gallery.currentPage.rawValue == 2)
            gallery.perform(.cycleSort, at: time)
            gallery.waitForReload()
            time = try LibraryChangeEndToEndTests.pump(gallery, worker: worker, from: time) { !gallery.isReloading }
            #expect(gallery.model.overlays.notice == "order: date taken")
            #expect(gallery.shownName == "c.jpg")
            #expect(gallery.currentPage.rawValue == 3)
        }
    }
}
