import GalleryCore
import GalleryScene
import ImageDecoders
import Imaging
import PagerEngine
import Testing

@testable import Gallery

extension SDLSerializedTests {
    /// At rest is at rest: a key with nothing to do draws no frame, so holding it costs its events, not a frame each.
    @Suite("Keys with nothing to do")
    @MainActor struct KeyAtRestTests {
        /// A gallery of generated pages, settled: its photos shown, nothing fading, the frame drawn.
        static func settledGallery() throws -> (GalleryController, [DecodeWorker]) {
            try SDLTestSession.start()
            let renderer = try Renderer(target: try Surface(width: 320, height: 240, opaque: true))
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                try ImageDecoder().decode(request.source, fitting: request.box)
            }
            let thumbnails = DecodeWorker(threadCount: 1, wakeEventType: nil)
            let gallery = try GalleryController(
                library: PageLibrary(syntheticCount: 10), mode: .bounded, renderer: renderer, worker: worker,
                thumbnailWorker: thumbnails)
            for time in [0.1, 0.2, 10.0] {
                worker.waitUntilIdle()
                gallery.advance(to: time)
                try gallery.receiveDecodes(uploadBudget: nil)
                try gallery.render()
            }
            return (gallery, [worker, thumbnails])
        }

        @Test(
            "a key asks for a frame only when it changes what is shown",
            arguments: [
                ([GalleryKey.unbound], false, false), ([.unbound], true, false), ([.scroll(1)], true, false),
                ([.scroll(-1)], false, false), ([.digit(3)], false, true), ([.digit(3), .digit(4)], false, true),
                ([.command(.next)], false, true), ([.command(.next)], true, true),
            ] as [([GalleryKey], Bool, Bool)])
        func keyAsksForAFrame(keys: [GalleryKey], isRepeat: Bool, redraws: Bool) throws {
            let (gallery, workers) = try Self.settledGallery()
            defer { for worker in workers { worker.shutdown() } }
            #expect(!gallery.needsRedraw && !gallery.needsFrame)
            // As the window's loop does for each event: the input, then advance, take decodes, draw if asked.
            var time = 10.0
            for key in keys {
                gallery.apply(.key(key, isRepeat: isRepeat), at: time)
                time += 0.04
                gallery.advance(to: time)
                try gallery.receiveDecodes(uploadBudget: 2)
            }
            #expect((gallery.needsRedraw || gallery.needsFrame) == redraws)
        }

        @Test("a key that forgets a typed number asks for the frame that no longer shows it")
        func forgettingATypedNumberRedraws() throws {
            let (gallery, workers) = try Self.settledGallery()
            defer { for worker in workers { worker.shutdown() } }
            gallery.apply(.key(.digit(3), isRepeat: false), at: 10)
            try gallery.render()
            gallery.apply(.key(.unbound, isRepeat: false), at: 10.1)
            #expect(gallery.needsRedraw)
            try gallery.render()
            gallery.apply(.key(.unbound, isRepeat: true), at: 10.2)
            #expect(!gallery.needsRedraw)
        }
    }
}
