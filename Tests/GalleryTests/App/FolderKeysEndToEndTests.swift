import Foundation
import GalleryCore
import Imaging
import PagerEngine
import Support
import Testing

@testable import Gallery
@testable import GalleryScene

/// `}` / `{` (Ctrl+PageDown / Ctrl+PageUp) over a tree of shoots opened `--recursive`, as a user runs them: headless
/// shots of each folder's first photo, and the photo reached in every screen read back through `-o`.
extension SDLSerializedTests {
    @Suite("Folder keys end to end")
    struct FolderKeysEndToEndTests {
        /// trip/day1 (2 photos, the first red), trip/day2 (3, the first green), trip/day3 (1, blue); the others grey.
        static func tree() throws -> TemporaryDirectory {
            let folder = try TemporaryDirectory()
            let photos: [(name: String, rgb: (UInt8, UInt8, UInt8))] = [
                ("day1/1.png", (220, 30, 30)), ("day1/2.png", (90, 90, 90)), ("day2/1.png", (30, 200, 40)),
                ("day2/2.png", (90, 90, 90)), ("day2/3.png", (90, 90, 90)), ("day3/1.png", (30, 40, 220)),
            ]
            for photo in photos {
                let path = folder.path("trip/" + photo.name)
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                let png = PNGChunks.solid(
                    width: 40, height: 30, red: photo.rgb.0, green: photo.rgb.1, blue: photo.rgb.2)
                try Data(png).write(to: URL(fileURLWithPath: path))
            }
            return folder
        }

        /// The photo in the middle of a shot: which colour of the tree's it is.
        static func colour(_ shot: Surface) -> String {
            let pixel = shot.pixel(x: shot.width / 2, y: shot.height / 2)
            switch (pixel.r > 150, pixel.g > 150, pixel.b > 150) {
            case (true, false, false): return "red"
            case (false, true, false): return "green"
            case (false, false, true): return "blue"
            default: return "other \(pixel)"
            }
        }

        @Test("} goes to each folder's first photo, stops at the last in bounded; Ctrl+PageUp and { go back")
        func shots() throws {
            let tree = try Self.tree()
            let run = try GalleryProcess.run(
                [
                    ScriptLine.shot(0.5, "day1.png"), ScriptLine.key(0.6, "}"), ScriptLine.shot(1.0, "day2.png"),
                    ScriptLine.key(1.1, "}"), ScriptLine.shot(1.5, "day3.png"), ScriptLine.key(1.6, "}"),
                    ScriptLine.shot(2.0, "stays.png"), ScriptLine.key(2.1, "Ctrl+PageUp"),
                    ScriptLine.shot(2.5, "back.png"), ScriptLine.key(2.6, "{"), ScriptLine.shot(3.0, "first.png"),
                ],
                arguments: [
                    "--no-thumbnail-cache", "--recursive", "--mode", "bounded", "--transition", "none",
                    tree.path("trip"),
                ])
            #expect(run.status == 0, "\(run.standardError)")
            let colours = try ["day1", "day2", "day3", "stays", "back", "first"].map {
                Self.colour(try HeadlessEndToEndTests.load(run.shot("\($0).png")))
            }
            #expect(colours == ["red", "green", "blue", "blue", "green", "red"])
        }

        /// Runs the gallery headless on `paths` with `keys` 0.1 s apart and `-o`; returns the marked paths it printed,
        /// relative to `tree`.
        static func marked(_ tree: TemporaryDirectory, _ paths: [String], keys: [String], extra: [String]) throws
            -> [String]
        {
            let scripts = try TemporaryDirectory()
            let lines = keys.enumerated().map { ScriptLine.key(0.1 * Double($0.offset + 1), $0.element) }
            try (lines + [ScriptLine.quit(0.1 * Double(keys.count + 1))]).joined(separator: "\n")
                .write(toFile: scripts.path("s.jsonl"), atomically: true, encoding: .utf8)
            let (status, output) = try GalleryProcess.capture(
                ["--headless", "--size", "320x240", "--no-thumbnail-cache", "--script", scripts.path("s.jsonl"), "-o"]
                    + extra + paths.map { tree.path($0) },
                stream: .standardOutput)
            #expect(status == 0)
            let root = tree.path("trip") + "/"
            return output.split(separator: "\n").map { String($0.dropFirst(root.count)) }
        }

        @Test(
            "the photo each screen reaches, in the order shown",
            arguments: [
                (["--mode", "bounded"], ["}", "}", "m"], "day3/1.png"),
                (["--mode", "bounded"], ["}", "}", "}", "m"], "day3/1.png"),
                (["--mode", "bounded"], ["}", "Right", "{", "{", "m"], "day1/1.png"),
                (["--mode", "end-caps"], ["{", "m"], "day3/1.png"),
                (["--mode", "three-surfaces"], ["Right", "}", "}", "}", "m"], "day1/1.png"),
                (["--mode", "grid"], ["}", "m"], "day2/1.png"),
                (["--mode", "grid"], ["End", "Ctrl+PageUp", "m"], "day2/1.png"),
                (["--mode", "wheel"], ["}", "m"], "day2/1.png"),
                (["--mode", "bounded"], ["v", "}", "m"], "day2/1.png"),
                (["--mode", "bounded", "--reverse"], ["}", "m"], "day2/3.png"),
            ])
        func reached(extra: [String], keys: [String], expected: String) throws {
            let tree = try Self.tree()
            #expect(try Self.marked(tree, ["trip"], keys: keys, extra: ["--recursive"] + extra) == [expected])
        }

        @Test("files named from several folders: their folders, without --recursive")
        func namedFiles() throws {
            let tree = try Self.tree()
            let paths = ["trip/day1/1.png", "trip/day1/2.png", "trip/day3/1.png"]
            #expect(try Self.marked(tree, paths, keys: ["}", "m"], extra: []) == ["day3/1.png"])
        }

        @Test("the order key's new order is the one the folder keys follow: folders the order parts are met in runs")
        func afterSort() throws {
            let tree = try Self.tree()
            // By modification time: day1/1, day2/1, day1/2, day3/1, day2/2, day2/3.
            let order = ["day1/1.png", "day2/1.png", "day1/2.png", "day3/1.png", "day2/2.png", "day2/3.png"]
            for (rank, name) in order.enumerated() {
                try FileManager.default.setAttributes(
                    [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000 + Double(rank) * 60)],
                    ofItemAtPath: tree.path("trip/" + name))
            }
            #expect(
                try Self.marked(
                    tree, ["trip"], keys: ["O", "}", "}", "m"], extra: ["--recursive", "--mode", "bounded"])
                    == ["day1/2.png"])
            #expect(
                try Self.marked(
                    tree, ["trip"], keys: ["O", "End", "{", "m"], extra: ["--recursive", "--mode", "bounded"])
                    == ["day3/1.png"])
        }

        @Test(
            "the information line names the folder reached, and the folders listed again by r are the ones gone through"
        )
        @MainActor func noticeAndReload() throws {
            try SDLTestSession.start()
            let tree = try Self.tree()
            let root = tree.path("trip")
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            var services = GalleryServices()
            services.relist = { PageLibrary(photos: try PhotoIndex(paths: [root], recursive: true, sort: $0)) }
            let gallery = try GalleryController(
                library: PageLibrary(photos: try PhotoIndex(paths: [root], recursive: true)), mode: .bounded,
                renderer: try Renderer(target: try Surface(width: 320, height: 240, opaque: true)), worker: worker,
                thumbnailWorker: DecodeWorker(threadCount: 1, wakeEventType: nil), startPage: 0, services: services)
            gallery.perform(.nextFolder, at: 0.1)
            var time = try LibraryChangeEndToEndTests.pump(gallery, worker: worker, from: 0.1) {
                gallery.model.phase == .idle
            }
            #expect(gallery.model.overlays.notice == "trip/day2 — 3 photos")
            #expect(LibraryChangeEndToEndTests.shownPath(gallery) == "1.png" && gallery.currentPage.rawValue == 2)
            gallery.perform(.nextFolder, at: time)
            gallery.perform(.nextFolder, at: time)
            #expect(gallery.model.overlays.notice == "trip/day3 is the last folder")
            // A folder made since, between day1 and day2, is met once r listed it.
            try FileManager.default.createDirectory(atPath: tree.path("trip/day1b"), withIntermediateDirectories: true)
            try Data(PNGChunks.solid(width: 40, height: 30, red: 9, green: 9, blue: 9))
                .write(to: URL(fileURLWithPath: tree.path("trip/day1b/1.png")))
            gallery.perform(.reload, at: time)
            gallery.waitForReload()
            time = try LibraryChangeEndToEndTests.pump(gallery, worker: worker, from: time) { !gallery.isReloading }
            // From day3 (the photo shown stays): back to day2, then to day1b.
            gallery.perform(.previousFolder, at: time)
            gallery.perform(.previousFolder, at: time)
            try LibraryChangeEndToEndTests.pump(gallery, worker: worker, from: time) { gallery.model.phase == .idle }
            #expect(gallery.model.overlays.notice == "trip/day1b — 1 photo")
            #expect(
                gallery.library.source(forPhoto: gallery.model.currentPhoto)
                    == .file(path: tree.path("trip/day1b/1.png")))
        }
    }
}
