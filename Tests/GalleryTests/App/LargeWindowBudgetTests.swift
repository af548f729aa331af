import Dispatch
import GalleryCore
import Glibc
import ImageDecoders
import Imaging
import PagerEngine
import Testing

@testable import Gallery
@testable import GalleryScene

/// A 4K window with the default budget keeps the current photo and both neighbours at the window's size, and with a
/// budget too small for three the photo just left stays on its texture until its replacement's is made.
extension SDLSerializedTests {
    @Suite("The budget at 4K: three photos by default, the one just left kept until its replacement is ready")
    @MainActor struct LargeWindowBudgetTests {
        @Test(
            "At 4K by default, a page turn and back decodes nothing again and keeps three pages",
            arguments: ["bounded", "threeSurfaces"])
        func fourKKeepsThreePages(mode: String) throws {
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.3, "Right"), ScriptLine.key(1.0, "Left")],
                arguments: ["--synthetic", "30", "--mode", mode], size: "3840x2160")
            #expect(run.status == 0, "\(run.standardError)")
            let last = try #require(run.records.last)
            #expect(last.page == 0)
            #expect(last.decoded >= 3, "\(last.decoded) pages kept")
            // Page 0, left on the turn, is still decoded: nothing is decoded again on the way back.
            let turned = try #require(run.records.last { $0.t < 1.0 })
            #expect(last.uploads == turned.uploads, "\(last.uploads - turned.uploads) uploads on the way back")
        }

        @Test(
            "With --cache-mb 64 at 4K (one page), the photo just left stays until its replacement is ready",
            arguments: [GalleryMode.threeSurfaces, .bounded])
        func photoJustLeftStaysUntilItsReplacementIsReady(mode: GalleryMode) throws {
            try SDLTestSession.start()
            let target = try Surface(width: 3840, height: 2160, opaque: true)
            let renderer = try Renderer(target: target)
            let gate = DispatchSemaphore(value: 0)
            // The first page decodes at once; the others wait at the gate.
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                if request.photo != 0 { gate.wait() }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            defer {
                for _ in 0..<16 { gate.signal() }
                worker.shutdown()
            }
            let gallery = try GalleryController(
                library: PageLibrary(syntheticCount: 30), mode: mode, renderer: renderer, worker: worker,
                // Thumbnails on a worker of their own: a gated thumbnail request on the page worker's one thread
                // would hold page 0's decode behind the gate.
                thumbnailWorker: DecodeWorker(threadCount: 1, wakeEventType: nil), cacheBytes: 64 << 20)
            try PixelForPixelTests.pump(gallery) { gallery.store.decodedCount > 0 }
            gallery.advance(to: 0.05)
            try gallery.render()
            #expect(gallery.store.textureCount == 1)
            gallery.perform(.next, at: 0.1)
            gallery.advance(to: 1)
            try gallery.receiveDecodes(uploadBudget: nil)
            try gallery.render()
            #expect(gallery.currentPage == 1)
            #expect(gallery.store.textureCount == 1, "page 0's texture, until page 1's is made")
            // Back before page 1 arrives: page 0 shows at once, its own picture, not the flat placeholder.
            gallery.perform(.previous, at: 1.1)
            gallery.advance(to: 2)
            try gallery.receiveDecodes(uploadBudget: nil)
            try gallery.render()
            renderer.present()
            #expect(gallery.currentPage == 0)
            let box = gallery.photoBox
            var colours = Set<UInt32>()
            for y in stride(from: box.y + 4, to: box.y + box.height / 2, by: 7) {
                for x in stride(from: box.x + 4, to: box.maxX - 4, by: 7) {
                    let pixel = target.pixel(x: x, y: y)
                    colours.insert(UInt32(pixel.r) << 16 | UInt32(pixel.g) << 8 | UInt32(pixel.b))
                }
            }
            #expect(colours.count > 1, "\(colours.count) colours: a flat placeholder")
        }
    }
}
