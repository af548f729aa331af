import Foundation
import GalleryCore
import GalleryTesting
import Imaging
import PagerEngine
import Support
import Testing

@testable import Gallery
@testable import GalleryScene

/// Files that vanish, appear, change or never were photos, and the keys newcomers reach for (Escape, marks without
/// `-o`), run as a user would: headless as a process, and on a controller for what needs the folder changed mid-run.
extension SDLSerializedTests {
    @Suite("Library changes end to end")
    @MainActor struct LibraryChangeEndToEndTests {
        static let jpeg = JPEGFixture.rgb(width: 64, height: 48) { _, _ in .white }
        static let square = JPEGFixture.rgb(width: 48, height: 48) { _, _ in RGBA(r: 40, g: 160, b: 60) }

        /// A folder of `files` (name and bytes), modified a minute ago: files there since, not being written (a file
        /// whose read fails within a second of a change is read again once it settles, `GalleryController.settling`).
        static func folder(_ files: [(String, [UInt8])]) throws -> TemporaryDirectory {
            let folder = try TemporaryDirectory()
            let minuteAgo = Date(timeIntervalSinceNow: -60)
            for (name, bytes) in files {
                try FileManager.default.setAttributes(
                    [.modificationDate: minuteAgo], ofItemAtPath: try folder.write(bytes, to: name))
            }
            return folder
        }

        @Test("A text file and an empty file named .png leave the count once met; the photo shown stays")
        func unshowableFilesLeaveTheCount() throws {
            let photos = try Self.folder([
                ("a.jpg", Self.jpeg), ("b.png", Array("not a photo\n".utf8)), ("c.png", []), ("d.jpg", Self.jpeg),
            ])
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.5, "End"), ScriptLine.key(1.5, "Home"), ScriptLine.quit(3)],
                arguments: ["--mode", "bounded", photos.url.path])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.first?.pages == 4)
            // End: the last photo, d.jpg, is the second of two.
            #expect(run.records.last { $0.t < 1.5 }?.pages == 2)
            #expect(run.records.last { $0.t < 1.5 }?.page == 1)
            #expect(run.records.last?.pages == 2 && run.records.last?.page == 0)
        }

        @Test("In the grid, a file whose thumbnail cannot be made leaves the count too")
        func unshowableThumbnailsLeaveTheCount() throws {
            // Far from the selection (no page decode reaches it), only its thumbnail tells.
            let photos = try Self.folder(
                (0..<9).map { ("\($0).jpg", $0 == 7 ? Array("not a photo\n".utf8) : Self.jpeg) })
            let run = try GalleryProcess.run(
                [ScriptLine.quit(2)], arguments: ["--mode", "grid", photos.url.path], size: "640x480")
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.records.first?.pages == 9)
            #expect(run.records.last?.pages == 8 && run.records.last?.mode == .grid)
        }

        @Test("Escape leaves the zoom, then full screen, and only then quits")
        func escapeStepsOut() throws {
            let photos = try Self.folder([
                ("a.jpg", JPEGFixture.rgb(width: 1600, height: 1200) { _, _ in .white }), ("b.jpg", Self.jpeg),
            ])
            let run = try GalleryProcess.run(
                [
                    ScriptLine.key(0.5, "="), ScriptLine.key(1.5, "Escape"), ScriptLine.key(2.5, "F"),
                    ScriptLine.key(3.0, "Escape"), ScriptLine.key(3.5, "Escape"), ScriptLine.quit(6),
                ],
                arguments: ["--mode", "bounded", photos.url.path])
            #expect(run.status == 0, "\(run.standardError)")
            #expect((run.records.last { $0.t < 1.5 }?.zoom ?? 0) > 1)
            #expect(run.records.last { $0.t < 2.5 }?.zoom == 1)
            #expect(run.records.contains { $0.t > 3.2 })
            #expect((run.records.last?.t ?? 9) < 3.6)
        }

        @Test("Quitting with marks and no -o lists them on standard error")
        func marksNotLostSilently() throws {
            let photos = try Self.folder([("a.jpg", Self.jpeg), ("b.jpg", Self.jpeg)])
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.5, "m"), ScriptLine.quit(1)], arguments: ["--mode", "bounded", photos.url.path])
            #expect(run.status == 0)
            #expect(run.standardError.contains("1 marked, not printed without -o"), "\(run.standardError)")
            #expect(run.standardError.contains(photos.path("a.jpg")))
        }

        /// A controller on the photos of `folder` in bounded mode, showing `start`, listing again as at start, and
        /// watching the shown photo's folder when `watching`.
        static func gallery(
            _ folder: TemporaryDirectory, start: Int, mode: GalleryMode = .bounded, worker: DecodeWorker,
            watching: Bool = false
        ) throws -> GalleryController {
            let path = folder.url.path
            var services = GalleryServices()
            services.relist = { PageLibrary(photos: try PhotoIndex(paths: [path], sort: $0)) }
            if watching { services.shownFolderWatch = ShownFolderWatch() }
            return try GalleryController(
                library: PageLibrary(photos: try PhotoIndex(paths: [path])), mode: mode,
                renderer: try Renderer(target: try Surface(width: 320, height: 240, opaque: true)), worker: worker,
                thumbnailWorker: DecodeWorker(threadCount: 1, wakeEventType: nil), startPage: start, services: services)
        }

        /// Runs and draws frames from `time` until `done` holds (up to 10 s of real time); returns the time reached.
        @discardableResult
        static func pump(
            _ gallery: GalleryController, worker: DecodeWorker, from time: Double, until done: () -> Bool
        ) throws -> Double {
            var now = time
            let deadline = MonotonicClock.seconds() + 10
            repeat {
                now += 0.05
                gallery.advance(to: now)
                worker.waitUntilIdle()
                try gallery.receiveDecodes(uploadBudget: nil)
                try gallery.render()  // Fills the slots shown with their textures, as a frame does.
                if done() { return now }
                usleep(2000)
            } while MonotonicClock.seconds() < deadline
            Issue.record("not reached in 10 s")
            return now
        }

        /// The path of the photo on screen.
        static func shownPath(_ gallery: GalleryController) -> String {
            gallery.library.source(forPhoto: gallery.photo(ofPage: gallery.currentPage)).displayName
        }

        /// The shape of the photo on screen's texture, width over height, to two decimals.
        static func shownAspect(_ gallery: GalleryController) -> Double? {
            gallery.store.textureSize(forPhoto: gallery.photo(ofPage: gallery.currentPage)).map {
                (Double($0.width) / Double($0.height) * 100).rounded() / 100
            }
        }

        @Test(
            "r lists the folder again: new files join, removed ones leave, a changed one is read again; the photo stays",
            arguments: [GalleryMode.bounded, .endCaps, .threeSurfaces])
        func reloadKeepsThePhoto(mode: GalleryMode) throws {
            let photos = try Self.folder([("a.jpg", Self.jpeg), ("b.jpg", Self.jpeg), ("c.jpg", Self.jpeg)])
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            let gallery = try Self.gallery(photos, start: 1, mode: mode, worker: worker)
            var time = try Self.pump(gallery, worker: worker, from: 0) { Self.shownAspect(gallery) != nil }
            gallery.perform(.toggleMark, at: time)
            #expect(Self.shownAspect(gallery) == 1.33)

            try FileManager.default.removeItem(atPath: photos.path("a.jpg"))
            try photos.write(Self.jpeg, to: "0.jpg")
            try photos.write(Self.jpeg, to: "d.jpg")
            try photos.write(Self.square, to: "b.jpg.new")
            #expect(rename(photos.path("b.jpg.new"), photos.path("b.jpg")) == 0)
            gallery.apply(.key(.named("r"), isRepeat: false), at: time)
            gallery.waitForReload()
            time += 0.05
            gallery.advance(to: time)
            #expect(gallery.library.count == 4 && gallery.mode == mode)
            #expect(Self.shownPath(gallery) == "b.jpg")
            #expect(gallery.photo(ofPage: gallery.currentPage) == 1)
            #expect(gallery.model.marks.inOrder == [1])
            #expect(gallery.model.overlays.notice == "reloaded: 2 new, 1 gone")
            // The old picture stays on screen until the changed file's arrives.
            #expect(Self.shownAspect(gallery) == 1.33)
            try Self.pump(gallery, worker: worker, from: time) { Self.shownAspect(gallery) == 1 }
        }

        @Test("A file dropped as unshowable stays out of a reload until it changes: fixed, it comes back")
        func fixedFileReturns() throws {
            let photos = try Self.folder([("a.jpg", Self.jpeg), ("b.jpg", Array("not a photo\n".utf8))])
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            let gallery = try Self.gallery(photos, start: 0, worker: worker)
            var time = try Self.pump(gallery, worker: worker, from: 0) { gallery.library.count == 1 }
            #expect(gallery.model.overlays.notice == "b.jpg dropped: not an image in a supported format")
            gallery.apply(.key(.named("r"), isRepeat: false), at: time)
            gallery.waitForReload()
            time = try Self.pump(gallery, worker: worker, from: time) { !gallery.isReloading }
            #expect(gallery.library.count == 1 && gallery.model.overlays.notice == "reloaded: no change")

            usleep(10_000)
            try photos.write(Self.square, to: "b.jpg")
            gallery.apply(.key(.named("r"), isRepeat: false), at: time)
            gallery.waitForReload()
            try Self.pump(gallery, worker: worker, from: time) { !gallery.isReloading }
            #expect(gallery.library.count == 2 && gallery.model.overlays.notice == "reloaded: 1 new")
            #expect(Self.shownPath(gallery) == "a.jpg")
        }

        @Test("The photo on screen follows its file: rewritten, it shows the new picture; deleted, its neighbour")
        func liveReload() throws {
            let photos = try Self.folder([("a.jpg", Self.jpeg), ("b.jpg", Self.jpeg), ("c.jpg", Self.jpeg)])
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            let gallery = try Self.gallery(photos, start: 1, worker: worker, watching: true)
            var time = try Self.pump(gallery, worker: worker, from: 0) { Self.shownAspect(gallery) != nil }
            usleep(100_000)  // The watch thread takes up the folder.

            try photos.write(Self.square, to: "b.jpg.new")
            #expect(rename(photos.path("b.jpg.new"), photos.path("b.jpg")) == 0)
            time = try Self.pump(gallery, worker: worker, from: time) { Self.shownAspect(gallery) == 1 }
            #expect(gallery.library.count == 3 && Self.shownPath(gallery) == "b.jpg")

            try FileManager.default.removeItem(atPath: photos.path("b.jpg"))
            try Self.pump(gallery, worker: worker, from: time) { gallery.library.count == 2 }
            #expect(Self.shownPath(gallery) == "c.jpg")
            #expect(gallery.model.pager?.pageCount == 2)
        }
    }
}
