import Foundation
import GalleryCore
import GalleryScene
import ImageDecoders
import Imaging
import PagerEngine
import Testing

@testable import Gallery

extension SDLSerializedTests {
    /// A window sleeps when nothing asks for a frame: the frame that draws a finished fade at full opacity must be
    /// asked for, or the photo stays partly faded until something else wakes the window.
    @Suite("The last frame of a fade")
    @MainActor struct FadeInFrameTests {
        @Test("Advancing past a fade's end asks for the frame that draws the photo fully opaque, and no more")
        func finishedFadeAsksForItsLastFrame() throws {
            try SDLTestSession.start()
            let target = try Surface(width: 320, height: 240, opaque: true)
            let renderer = try Renderer(target: target)
            let gate = DispatchSemaphore(value: 0)
            // The photos around the first decode at once (the first shows without a fade); the far end's wait at the gate.
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                if request.photo.rawValue >= 50 { gate.wait() }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            // Stand-in thumbnails wait until the end: the neutral placeholder shows.
            let thumbnailGate = DispatchSemaphore(value: 0)
            let thumbnails = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                thumbnailGate.wait()
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            defer {
                for _ in 0..<8 { gate.signal() }
                for _ in 0..<8 { thumbnailGate.signal() }
                worker.shutdown()
                thumbnails.shutdown()
            }
            let gallery = try GalleryController(
                library: PageLibrary(syntheticCount: 100), mode: .bounded, renderer: renderer, worker: worker,
                thumbnailWorker: thumbnails)
            func frame(at time: Double) throws {
                gallery.advance(to: time)
                try gallery.receiveDecodes(uploadBudget: nil)
                try gallery.render()
            }
            try frame(at: 0.1)
            worker.waitUntilIdle()
            try frame(at: 0.1)
            gallery.perform(.last, at: 0.2)
            try frame(at: 1.5)  // The last photo's placeholder.
            for _ in 0..<8 { gate.signal() }
            worker.waitUntilIdle()
            try frame(at: 1.55)  // It arrives and starts to fade in ...
            try frame(at: 1.6)
            #expect(gallery.needsFrame)  // ... drawn partly faded, so another frame follows.
            // As the window's loop does: advance, then draw only if something asks for it.
            gallery.advance(to: 1.7)
            #expect(gallery.needsRedraw || gallery.needsFrame)
            try gallery.render()
            #expect(!gallery.needsRedraw && !gallery.needsFrame)
        }
    }
}
