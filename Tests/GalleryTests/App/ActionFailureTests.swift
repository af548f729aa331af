import Foundation
import GalleryCore
import Imaging
import PagerEngine
import Support
import Testing

@testable import Gallery
@testable import GalleryScene

/// An action that fails, or cannot start, is said in the window, not only on standard error; `%F` over more marked
/// photos than one command line holds runs as `xargs` would, on every one of them.
extension SDLSerializedTests {
    @Suite("Action failures and long lists")
    @MainActor struct ActionFailureTests {
        @Test("a failed action's reason is said with the page information, and fades with it")
        func failureShowsInTheWindow() throws {
            try SDLTestSession.start()
            let (folder, paths) = try MarksEndToEndTests.photos()
            defer { withExtendedLifetime(folder) {} }
            let target = try Surface(width: 320, height: 240, opaque: true)
            let renderer = try Renderer(target: target)
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            let thumbnails = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer {
                worker.shutdown()
                thumbnails.shutdown()
            }
            var services = GalleryServices()
            services.actions = ActionRunner(commands: [1: ActionCommand(template: "echo broken >&2; exit 3")])
            let gallery = try GalleryController(
                library: PageLibrary(photos: PhotoIndex(photos: paths.map(PhotoEntry.init))), mode: .bounded,
                renderer: renderer, worker: worker, thumbnailWorker: thumbnails, services: services)
            gallery.carryOut([.runAction(number: 2, photo: 0, marked: [])], at: 0)
            #expect(gallery.model.overlays.notice == "Ctrl+2: no --action2 was given")
            gallery.carryOut([.runAction(number: 1, photo: 0, marked: [])], at: 0)
            gallery.waitForAction(upTo: 10)
            gallery.advance(to: 5)
            try gallery.receiveDecodes(uploadBudget: nil)
            #expect(gallery.model.overlays.notice == "--action1 ended with status 3: broken")
            let shown = gallery.model.overlay(name: "p1.png", now: 5, panelLines: [])
            #expect(shown.info == "1 / 5 — p1.png · bounded · --action1 ended with status 3: broken")
            #expect(shown.infoOpacity == 1)
            gallery.advance(to: 20)
            #expect(gallery.model.overlays.notice == nil)
        }
    }

    @Suite("Actions over many marks end to end")
    struct ManyMarksEndToEndTests {
        @Test("M then Ctrl+1 over 12,000 photos with long names: %F reaches every one, over several runs")
        func everyMarkedPhotoOnce() throws {
            let folder = try TemporaryDirectory()
            let png = PNGChunks.solid(width: 4, height: 4, red: 90, green: 120, blue: 150)
            let first = folder.path("photo-00000.png")
            try Data(png).write(to: URL(fileURLWithPath: first))
            // 12,000 names of about 200 bytes: 2.4 MB of arguments, more than Linux's usual 2 MB ARG_MAX.
            let padding = String(repeating: "x", count: 180)
            for index in 1..<12_000 {
                try FileManager.default.linkItem(
                    atPath: first, toPath: folder.path(String(format: "photo-%05d-\(padding).png", index)))
            }
            let out = try TemporaryDirectory()
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.1, "M"), ScriptLine.key(0.2, "Ctrl+1")],
                arguments: [
                    "--no-thumbnail-cache", "--mode", "bounded", "--action1",
                    "printf '%s\\n' %F >> '\(out.path("list.txt"))'; echo run >> '\(out.path("runs.txt"))'",
                    folder.url.path,
                ])
            #expect(run.status == 0, "\(run.standardError)")
            let listed = try String(contentsOfFile: out.path("list.txt"), encoding: .utf8).split(separator: "\n")
            #expect(listed.count == 12_000)
            #expect(Set(listed).count == 12_000)
            let runs = try String(contentsOfFile: out.path("runs.txt"), encoding: .utf8).split(separator: "\n")
            #expect(runs.count > 1)
        }
    }
}
