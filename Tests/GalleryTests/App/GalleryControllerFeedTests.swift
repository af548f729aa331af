import Gallery
import GalleryCore
import GalleryScene
import Imaging
import PagerEngine
import Testing

/// The controller in-process: when the feed makes the window draw, and when it lets it sleep. What the feed does to
/// the pages (the spinner's page, the answer in place) is the model's, tested without SDL in GalleryModelFeedTests.
extension SDLSerializedTests {
    @Suite("Gallery controller feed frames")
    @MainActor struct GalleryControllerFeedTests {
        @Test(
            "The spinner asks for frames only while it is on screen; off screen the window sleeps until the answer is due"
        )
        func spinnerFramesOnlyOnScreen() throws {
            try SDLTestSession.start()
            let target = try Surface(width: 320, height: 240, opaque: true)
            let renderer = try Renderer(target: target)
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            let thumbnails = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer {
                worker.shutdown()
                thumbnails.shutdown()
            }
            let source = SimulatedFeedSource(photoCount: 3, delay: 2)
            let gallery = try GalleryController(
                library: PageLibrary(syntheticCount: 3), mode: .feed, renderer: renderer, worker: worker,
                thumbnailWorker: thumbnails, feedSource: source)
            gallery.perform(.last, at: 0)
            var time = 0.0
            while gallery.model.pager?.isAnimating == true {
                time += 1.0 / 60
                gallery.advance(to: time)
            }
            // Resting on the last photo with a request in flight: the spinner's page is off screen. Once the page
            // information has faded, nothing needs drawing until the answer is due.
            worker.waitUntilIdle()
            try gallery.receiveDecodes(uploadBudget: nil)
            while gallery.needsFrame || gallery.nextWakeTime.map({ $0 < (source.dueTime ?? 0) }) == true {
                time += 1.0 / 60
                gallery.advance(to: time)
            }
            #expect(!gallery.needsFrame)
            let due = try #require(source.dueTime)
            #expect(gallery.nextWakeTime == due)
            #expect(due > time)

            // On the spinner's page: frames follow one another while it turns.
            gallery.perform(.next, at: time)
            while gallery.model.pager?.isAnimating == true {
                time += 1.0 / 60
                gallery.advance(to: time)
            }
            #expect(gallery.needsFrame)

            // The answer replaces the spinner with the first new page, in place; nothing needs drawing after.
            gallery.advance(to: due)
            worker.waitUntilIdle()
            try gallery.receiveDecodes(uploadBudget: nil)
            #expect(source.dueTime == nil)
            gallery.advance(to: due + 2)  // The page information shown for the new page fades meanwhile.
            #expect(!gallery.needsFrame)
            #expect(gallery.nextWakeTime == nil)
        }

        @Test("A feed's new photos name their folders for protection as they arrive, before any is decoded")
        func appendedFoldersAreProtected() throws {
            try SDLTestSession.start()
            let renderer = try Renderer(target: try Surface(width: 320, height: 240, opaque: true))
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            let source = AnsweringFeedSource(
                items: [.file(path: "/fed/one/a.jpg"), .file(path: "/fed/two/b.png"), .file(path: "/fed/one/c.jpg")])
            var named: [Set<String>] = []
            var services = GalleryServices()
            services.protectFolders = { named.append($0) }
            let gallery = try GalleryController(
                library: PageLibrary(syntheticCount: 2), mode: .feed, renderer: renderer, worker: worker,
                thumbnailWorker: DecodeWorker(threadCount: 1, wakeEventType: nil), feedSource: source,
                services: services)
            gallery.perform(.last, at: 0)
            gallery.advance(to: 0.5)
            #expect(gallery.library.count == 5)
            #expect(named == [["/fed/one", "/fed/two"]])
        }
    }
}

/// A feed that answers every request at once with `items`.
@MainActor
private final class AnsweringFeedSource: FeedSource {
    let items: [FeedItem]
    private var asked = false

    init(items: [FeedItem]) { self.items = items }

    func request(at time: Double) { asked = true }

    func poll(at time: Double) -> FeedResponse? {
        guard asked else { return nil }
        asked = false
        return .appended(items)
    }

    var dueTime: Double? { nil }
    var answersInRealTime: Bool { false }
    func waitForAnswer(upTo seconds: Double) {}
}
