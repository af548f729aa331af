import GalleryCore
import GalleryScene
import ImageDecoders
import Imaging
import PagerEngine
import Support
import Testing

@testable import Gallery

/// When the display's ICC profile changes while the gallery runs, the pictures decoded for the old one are decoded
/// again: a photo with a profile of its own would otherwise keep the old display's colours.
extension SDLSerializedTests {
    @Suite("A display profile change")
    @MainActor struct DisplayProfileChangeTests {
        @Test("the pages decoded for the old profile are asked for again, and arrive")
        func pagesAreDecodedAgain() throws {
            try SDLTestSession.start()
            let renderer = try Renderer(target: try Surface(width: 320, height: 240, opaque: true))
            let asked = LockedState<[Int]>([])
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                asked.withLock { $0.append(request.photo.rawValue) }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            let thumbnails = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer {
                worker.shutdown()
                thumbnails.shutdown()
            }
            let gallery = try GalleryController(
                library: PageLibrary(syntheticCount: 10), mode: .bounded, renderer: renderer, worker: worker,
                thumbnailWorker: thumbnails, startPage: 3)
            worker.waitUntilIdle()
            _ = try gallery.receiveDecodes(uploadBudget: nil)
            try gallery.render()
            let before = asked.withLock { $0 }
            #expect(before.contains(3) && gallery.pendingDecodes == 0)
            gallery.decodeAgainForNewDisplayProfile()
            worker.waitUntilIdle()
            let again = asked.withLock { Array($0.dropFirst(before.count)) }
            #expect(again.first == 3)
            #expect(Set(again) == Set(before))
            _ = try gallery.receiveDecodes(uploadBudget: nil)
            try gallery.render()
            #expect(gallery.pendingDecodes == 0)
        }
    }
}
