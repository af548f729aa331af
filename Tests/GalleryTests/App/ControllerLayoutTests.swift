import Dispatch
import GalleryCore
import Glibc
import ImageDecoders
import Imaging
import PagerEngine
import Support
import Testing

@testable import Gallery
@testable import GalleryScene

/// What the layout promises, checked on the controller that draws it: the status bar takes its room from the wheel
/// and the photo, and a far jump shows no pattern before its photo.
extension SDLSerializedTests {
    @Suite("Layout on the controller: the status bar's room, the far jump's stand-in")
    @MainActor struct ControllerLayoutTests {
        @Test("With the status bar on, the wheel's rows stay above it, as many as fit without it")
        func wheelRowsClearOfStatusBar() throws {
            try SDLTestSession.start()
            for (width, height, scale) in [(1024, 600, 1.0), (1280, 720, 1.0), (480, 320, 1.0), (3840, 2160, 2.0)] {
                let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
                defer { worker.shutdown() }
                let gallery = try Self.gallery(width: width, height: height, mode: .wheel, worker: worker)
                gallery.scale = scale
                let without = gallery.sceneLayout(gallery.overlayState)
                gallery.perform(.toggleStatusBar, at: 0.1)
                let layout = gallery.sceneLayout(gallery.overlayState)
                let bar = try #require(layout.statusBar)
                let inside = without.wheelRows.filter { $0.card.isInside(width: width, height: height) }
                let above = layout.wheelRows.filter { $0.card.y >= 0 && $0.card.maxY <= bar.y }
                #expect(!inside.isEmpty)
                #expect(above.map(\.row) == inside.map(\.row), "\(width)×\(height): \(layout.wheelRows)")
                if let label = layout.label { #expect(!label.intersects(bar)) }
            }
        }

        @Test(
            "A small window at a large scale shows fewer, taller wheel rows: names at full size, thumbnails visible",
            arguments: [(480, 320, 2.0), (1024, 600, 2.0), (320, 240, 1.5), (1280, 720, 1.0), (480, 320, 1.0)])
        func wheelRowsGrowWithTheScale(width: Int, height: Int, scale: Double) throws {
            try SDLTestSession.start()
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            let gallery = try Self.gallery(width: width, height: height, mode: .wheel, worker: worker)
            gallery.scale = scale
            let layout = gallery.sceneLayout(gallery.overlayState)
            let cards = layout.wheelRows.map(\.card).filter { $0.isInside(width: width, height: height) }
            #expect(!cards.isEmpty)
            for card in cards {
                let sizes = SceneLayout.wheelTextPointSizes(cardHeight: card.height, scale: scale)
                #expect(sizes.name == SceneLayout.px(SceneLayout.wheelNamePointSize, scale: scale), "\(card)")
            }
            let wheel = try #require(gallery.model.pager)
            let thumbnail = WheelPainter.thumbnailBox(for: WheelPainter.layout(for: wheel, direction: .clockwise))
            #expect(Double(thumbnail.height) >= 40 * scale, "\(thumbnail)")
            if width == 1280 { #expect(gallery.model.pager?.wheelRowsPerViewport == 7) }
        }

        @Test("A far jump to a photo not decoded yet shows one flat neutral box, no pattern, before it")
        func farJumpShowsNoPattern() throws {
            try SDLTestSession.start()
            let target = try Surface(width: 640, height: 360, opaque: true)
            let renderer = try Renderer(target: target)
            let gate = DispatchSemaphore(value: 0)
            // The first photo decodes at once; the far one waits at the gate.
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                if request.photo != 0 { gate.wait() }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            // The far photo's thumbnail waits at the gate too.
            let thumbnails = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                gate.wait()
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            defer {
                for _ in 0..<16 { gate.signal() }
                worker.shutdown()
                thumbnails.shutdown()
            }
            let gallery = try GalleryController(
                library: PageLibrary(syntheticCount: 30), mode: .bounded, renderer: renderer, worker: worker,
                thumbnailWorker: thumbnails)
            try Self.pump(gallery, waitingOn: worker) { gallery.store.decodedCount > 0 }
            gallery.perform(.last, at: 0.1)
            gallery.advance(to: 2)
            try gallery.render()
            renderer.present()
            #expect(gallery.currentPage == 29)
            let colours = Self.colours(in: target, topHalfOf: gallery.photoBox)
            let paper = ScenePainter.placeholderTones.paper
            #expect(
                colours == [UInt32(paper.r) << 16 | UInt32(paper.g) << 8 | UInt32(paper.b)], "\(colours.count) colours")
        }

        @Test("A far jump's photo not decoded yet shows its thumbnail, asked on the jump only and not a page texture")
        func farJumpShowsTheThumbnail() throws {
            try SDLTestSession.start()
            let target = try Surface(width: 640, height: 360, opaque: true)
            let renderer = try Renderer(target: target)
            let gate = DispatchSemaphore(value: 0)
            // Pages past the first two wait at the gate; thumbnails decode at once on their own worker.
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                if request.photo > 1 { gate.wait() }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            let thumbnailWorker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer {
                for _ in 0..<16 { gate.signal() }
                worker.shutdown()
                thumbnailWorker.shutdown()
            }
            let gallery = try GalleryController(
                library: PageLibrary(syntheticCount: 30), mode: .threeSurfaces, renderer: renderer, worker: worker,
                thumbnailWorker: thumbnailWorker)
            try Self.pump(gallery, waitingOn: worker) { gallery.store.decodedCount > 0 }
            gallery.perform(.next, at: 0.1)
            gallery.advance(to: 1)
            #expect(gallery.thumbnails.pendingCount == 0 && gallery.thumbnails.count == 0)  // A page turn asks none.
            gallery.perform(.last, at: 1.1)
            try Self.pump(gallery, waitingOn: thumbnailWorker) { gallery.thumbnails.count == 1 }
            gallery.advance(to: 3)
            try gallery.render()
            renderer.present()
            #expect(gallery.currentPage == 29)
            #expect(gallery.store.textureSize(forPhoto: 29) == nil)
            let colours = Self.colours(in: target, topHalfOf: gallery.photoBox)
            #expect(colours.count > 8, "\(colours.count) colours: the thumbnail, not a flat box")
            let record = gallery.traceRecord(time: 3, frameMilliseconds: 0, events: [])
            #expect(record.textures == gallery.store.textureCount)
        }

        @Test("With the status bar on or at scale 2, a photo ends above the dots")
        func photoEndsAboveTheDots() throws {
            try SDLTestSession.start()
            for (status, scale) in [(false, 1.0), (true, 1.0), (false, 2.0), (true, 2.0)] {
                let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
                defer { worker.shutdown() }
                let gallery = try Self.gallery(width: 640, height: 360, mode: .bounded, worker: worker)
                gallery.scale = scale
                if status { gallery.perform(.toggleStatusBar, at: 0.1) }
                let layout = gallery.sceneLayout(gallery.overlayState)
                let box = gallery.photoBox
                #expect(!layout.dots.isEmpty)
                for dot in layout.dots {
                    #expect(dot.y >= box.maxY, "status \(status), scale \(scale): \(dot) under \(box)")
                }
                if let bar = layout.statusBar { #expect(box.maxY <= bar.y) }
            }
        }

        /// Takes in `gallery`'s decodes until `done`, sleeping until `worker` has a result between looks (for at most
        /// 10 s of real time).
        private static func pump(
            _ gallery: GalleryController, waitingOn worker: DecodeWorker, until done: () -> Bool
        ) throws {
            let deadline = MonotonicClock.seconds() + 10
            try gallery.receiveDecodes(uploadBudget: nil)
            while !done(), case let left = deadline - MonotonicClock.seconds(), left > 0 {
                worker.waitForResults(upTo: left)
                try gallery.receiveDecodes(uploadBudget: nil)
            }
        }

        /// The colours drawn in the top half of `box` (the page information fades in over the bottom), sampled every
        /// 3 px, as 0xRRGGBB.
        private static func colours(in target: Surface, topHalfOf box: PixelRect) -> Set<UInt32> {
            var colours = Set<UInt32>()
            for y in stride(from: box.y + 4, to: box.y + box.height / 2, by: 3) {
                for x in stride(from: box.x + 4, to: box.maxX - 4, by: 3) {
                    let pixel = target.pixel(x: x, y: y)
                    colours.insert(UInt32(pixel.r) << 16 | UInt32(pixel.g) << 8 | UInt32(pixel.b))
                }
            }
            return colours
        }

        /// A controller of 12 synthetic photos in `mode` drawing into a `width` × `height` surface, decoding with
        /// `worker` (pages and thumbnails both).
        @Test("The page information's text is made while the window waits for its first photo, before any frame")
        func overlayTextsAreMadeBeforeTheFirstFrame() throws {
            try SDLTestSession.start()
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            let gallery = try Self.gallery(width: 1280, height: 720, mode: .endCaps, worker: worker)
            #expect(gallery.drawing.overlays.textCount == 0)
            try gallery.prepareOverlay()
            #expect(gallery.drawing.overlays.textCount > 0)
        }

        private static func gallery(width: Int, height: Int, mode: GalleryMode, worker: DecodeWorker) throws
            -> GalleryController
        {
            let renderer = try Renderer(target: try Surface(width: width, height: height, opaque: true))
            return try GalleryController(
                library: PageLibrary(syntheticCount: 12), mode: mode, renderer: renderer, worker: worker,
                thumbnailWorker: DecodeWorker(threadCount: 1, wakeEventType: nil))
        }
    }
}
