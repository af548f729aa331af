import Dispatch
import Gallery
import GalleryCore
import GalleryScene
import ImageDecoders
import Imaging
import PagerEngine
import Support
import Testing

/// The start: the first photo is the first decode asked for, and a decode begun before the gallery existed (the
/// window's head start, submitted while SDL starts) is taken over rather than asked for again.
extension SDLSerializedTests {
    @Suite("The first photo first")
    @MainActor struct FirstPhotoFirstTests {
        /// A worker that records the pages asked of it, in order.
        static func recordingWorker() -> (DecodeWorker, LockedState<[Int]>) {
            let asked = LockedState<[Int]>([])
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                asked.withLock { $0.append(request.photo.rawValue) }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            return (worker, asked)
        }

        @Test(
            "the start page is requested before any other",
            arguments: [
                (GalleryMode.bounded, 0), (.endCaps, 5), (.threeSurfaces, 17), (.feed, 3),
            ])
        func startPageFirst(mode: GalleryMode, startPage: Int) throws {
            try SDLTestSession.start()
            let renderer = try Renderer(target: try Surface(width: 320, height: 240, opaque: true))
            let (worker, asked) = Self.recordingWorker()
            let thumbnails = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer {
                worker.shutdown()
                thumbnails.shutdown()
            }
            let count = mode == .threeSurfaces ? 40 : 10
            _ = try GalleryController(
                library: PageLibrary(syntheticCount: count), mode: mode, renderer: renderer, worker: worker,
                thumbnailWorker: thumbnails, startPage: startPage)
            worker.waitUntilIdle()
            let pages = asked.withLock { $0 }
            #expect(pages.count > 1)
            #expect(pages.first == startPage)
        }

        @Test("the opening asks for the first page once, and keeps the very request it asked for")
        func openingAsksForTheFirstPageOnce() throws {
            let (worker, asked) = Self.recordingWorker()
            defer { worker.shutdown() }
            let library = PageLibrary(syntheticCount: 10)
            let size = try ViewportSize(parsing: "320x240")
            let opening = StartDecodes.opening(
                { OpenedLibrary(library: library, startPage: 3, mode: .endCaps) }, size: size, worker: worker,
                thumbnails: nil)
            let opened = try opening.wait()
            worker.waitUntilIdle()
            let request = try #require(opened.headStart)
            #expect(request.photo == 3)
            #expect(request.box == GalleryController.pageBox(for: PixelSize(width: 320, height: 240)))
            #expect(opened.thumbnailHeadStart.isEmpty)
            #expect(asked.withLock { $0 } == [3])
        }

        @Test("a head start matching the first page is taken over, not decoded twice; a stale one is not")
        func headStartIsAdopted() throws {
            try SDLTestSession.start()
            let renderer = try Renderer(target: try Surface(width: 320, height: 240, opaque: true))
            let library = PageLibrary(syntheticCount: 10)
            for (box, adopted) in [
                (PixelSize(width: 288, height: 208), true), (PixelSize(width: 100, height: 100), false),
            ] {
                let (worker, asked) = Self.recordingWorker()
                let thumbnails = DecodeWorker(threadCount: 1, wakeEventType: nil)
                defer {
                    worker.shutdown()
                    thumbnails.shutdown()
                }
                let headStart = DecodeRequest(photo: 4, source: library.source(forPhoto: 4), box: box, generation: 0)
                worker.submit(headStart)
                let gallery = try GalleryController(
                    library: library, mode: .endCaps, renderer: renderer, worker: worker, thumbnailWorker: thumbnails,
                    startPage: 4, headStart: headStart)
                worker.waitUntilIdle()
                #expect(asked.withLock { $0.filter { $0 == 4 }.count } == (adopted ? 1 : 2))
                _ = try gallery.receiveDecodes(uploadBudget: nil)
                try gallery.render()
                #expect(gallery.pendingDecodes == 0)
            }
        }

        @Test(
            "the grid's first thumbnails, asked as the window opened, are taken over; at another cell size, asked again"
        )
        func gridHeadStartIsAdopted() throws {
            try SDLTestSession.start()
            let renderer = try Renderer(target: try Surface(width: 320, height: 240, opaque: true))
            let library = PageLibrary(syntheticCount: 40)
            let opened = OpenedLibrary(library: library, startPage: 0, mode: .grid)
            // The first decode waits until the gallery exists, as a decode under way while the window opens would.
            let asked = LockedState<[Int]>([])
            let gate = DispatchSemaphore(value: 0)
            let thumbnails = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                if asked.withLock({ $0.isEmpty }) { gate.wait() }
                asked.withLock { $0.append(request.photo.rawValue) }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer {
                worker.shutdown()
                thumbnails.shutdown()
            }
            let headStart = StartDecodes.thumbnailHeadStart(
                for: opened, size: try ViewportSize(width: 320, height: 240), configuration: .standard)
            #expect(!headStart.isEmpty && headStart.count < library.count)
            #expect(
                StartDecodes.thumbnailHeadStart(
                    for: OpenedLibrary(library: library, startPage: 0, mode: .endCaps),
                    size: try ViewportSize(width: 320, height: 240), configuration: .standard
                ).isEmpty)
            for request in headStart { thumbnails.submit(request) }
            let gallery = try GalleryController(
                library: library, mode: .grid, renderer: renderer, worker: worker, thumbnailWorker: thumbnails,
                thumbnailHeadStart: headStart)
            gate.signal()
            thumbnails.waitUntilIdle()
            worker.waitUntilIdle()
            func times(_ photo: PhotoID) -> Int { asked.withLock { $0.filter { $0 == photo.rawValue }.count } }
            #expect(headStart.allSatisfy { times($0.photo) == 1 }, "\(asked.withLock { $0 })")
            _ = try gallery.receiveDecodes(uploadBudget: nil)
            try gallery.render()
            #expect(gallery.pendingDecodes == 0)
            // At scale 2 the cells are twice the size: the first screen is decoded again at it.
            gallery.scale = 2
            thumbnails.waitUntilIdle()
            #expect(times(headStart[0].photo) == 2)
        }

        @Test("the grid's selected photo is decoded as a page once the cells on screen have their thumbnails")
        func gridPageWaitsForTheFirstScreen() throws {
            try SDLTestSession.start()
            let renderer = try Renderer(target: try Surface(width: 320, height: 240, opaque: true))
            let library = PageLibrary(syntheticCount: 40)
            let gate = DispatchSemaphore(value: 0)
            let thumbnails = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                gate.wait()
                gate.signal()
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            let pagesAsked = LockedState<[Int]>([])
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                pagesAsked.withLock { $0.append(request.photo.rawValue) }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            defer {
                gate.signal()
                worker.shutdown()
                thumbnails.shutdown()
            }
            let gallery = try GalleryController(
                library: library, mode: .grid, renderer: renderer, worker: worker, thumbnailWorker: thumbnails)
            gallery.advance(to: 0.1)
            try gallery.render()
            worker.waitUntilIdle()
            #expect(pagesAsked.withLock { $0 }.isEmpty, "no page while the grid's cells wait")
            gate.signal()
            thumbnails.waitUntilIdle()
            _ = try gallery.receiveDecodes(uploadBudget: nil)
            gallery.advance(to: 0.2)
            worker.waitUntilIdle()
            #expect(pagesAsked.withLock { $0 }.contains(0), "the selection's page once the cells are in")
        }
    }
}
