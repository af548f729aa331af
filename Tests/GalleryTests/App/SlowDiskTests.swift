import GalleryCore
import GalleryTesting
import Glibc
import ImageDecoders
import Imaging
import PagerEngine
import Support
import Testing

@testable import Gallery
@testable import GalleryScene

extension SDLSerializedTests {
    /// The main thread never touches a photo file: with every access to the photo folder taking 300 ms (a NAS, sshfs,
    /// a disk waking up), frames, keys and drags stay smooth while the photos arrive late behind placeholders.
    @Suite("File access off the main thread")
    @MainActor struct SlowDiskTests {
        static let delay = 0.3
        static let size = PixelSize(width: 320, height: 240)
        /// 600×400 photos: their placeholder, once the header is read, is 288×192 in the 288×208 page box.
        static let photoSize = PixelSize(width: 600, height: 400)

        /// An input and when (seconds after the first frame) it is applied.
        struct Step {
            var time: Double
            var input: GalleryInput
        }

        /// Two keys, a drag that flicks to the next photo, then a key back: all while decodes are still pending.
        static let steps: [Step] =
            [
                Step(time: 0.20, input: .key(.named("Right"))),
                Step(time: 0.45, input: .key(.named("Right"))),
                Step(time: 0.90, input: .pointerDown(x: 260, y: 120)),
            ]
            + (1...12).map { Step(time: 0.90 + Double($0) / 60, input: .pointerMove(x: 260 - Double($0) * 16, y: 120)) }
            + [
                Step(time: 0.90 + 13.0 / 60, input: .pointerUp(x: 52, y: 120)),
                Step(time: 1.6, input: .key(.named("Left"))),
            ]

        @Test("frames, keys and drags stay smooth while every access to the photo folder takes 300 ms")
        func smoothOnASlowDisk() throws {
            try SDLTestSession.start()
            let directory = try TemporaryDirectory()
            let paths = try (0..<6).map { index in
                try directory.write(
                    JPEGFixture.rgb(width: Self.photoSize.width, height: Self.photoSize.height) { _, _ in
                        RGBA(r: UInt8(40 * index), g: 120, b: 200)
                    }, to: "p\(index).jpg")
            }
            let folder = directory.url.path
            let microseconds = useconds_t(Self.delay * 1_000_000)
            PhotoFileAccess.slowDown(folder: folder) { usleep(microseconds) }
            defer { PhotoFileAccess.restore(folder: folder) }

            let renderer = try Renderer(
                target: try Surface(width: Self.size.width, height: Self.size.height, opaque: true))
            let worker = DecodeWorker(decoder: ImageDecoder(), threadCount: 2, wakeEventType: nil)
            let thumbnails = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer {
                worker.shutdown()
                thumbnails.shutdown()
            }
            let start = MonotonicClock.seconds()
            let gallery = try GalleryController(
                library: PageLibrary(photos: PhotoIndexFixture.index(paths)), mode: .bounded, renderer: renderer,
                worker: worker, thumbnailWorker: thumbnails)
            let opening = MonotonicClock.seconds() - start

            // The window's loop, on this thread: inputs, advance, take decodes (two uploads a frame), draw, at 60 Hz.
            var frames: [Double] = []
            var pending = Self.steps[...]
            var turnsWhilePending = 0
            var sawBoxPlaceholder = false
            var sawShapedPlaceholder = false
            var dragEnded = false
            var pageAfterDrag: Int?
            let box = GalleryController.pageBox(for: Self.size)
            let shaped = Self.photoSize.fitted(inside: box)
            let loopStart = MonotonicClock.seconds()
            var arrival: Double?
            // Until the inputs are done and the photo shown has arrived (at most 12 s).
            while MonotonicClock.seconds() - loopStart < 12, !pending.isEmpty || arrival == nil {
                let frameStart = MonotonicClock.seconds()
                let time = frameStart - loopStart
                while let step = pending.first, step.time <= time {
                    let page = gallery.model.pager?.targetPage
                    gallery.apply(step.input, at: step.time)  // As a window's events carry their own timestamps.
                    if case .key = step.input, gallery.model.pager?.targetPage != page, gallery.pendingDecodes > 0 {
                        turnsWhilePending += 1
                    }
                    pending.removeFirst()
                    if case .pointerUp = step.input { dragEnded = true }
                }
                if dragEnded, pageAfterDrag == nil, gallery.model.phase == .idle {
                    pageAfterDrag = gallery.currentPage.rawValue
                }
                gallery.advance(to: time)
                try gallery.receiveDecodes(uploadBudget: WindowRun.uploadBudget)
                try gallery.render()
                frames.append((MonotonicClock.seconds() - frameStart) * 1000)
                let photo = gallery.photo(ofPage: gallery.currentPage)
                if gallery.store.texture(forPhoto: photo, slot: 1) == nil,
                    gallery.store.failure(forPhoto: photo) == nil
                {
                    let placeholder = gallery.store.placeholderSize(forPhoto: photo, in: box)
                    sawBoxPlaceholder = sawBoxPlaceholder || placeholder == box
                    sawShapedPlaceholder = sawShapedPlaceholder || placeholder == shaped
                } else if pending.isEmpty {
                    arrival = time
                }
                let rest = 1.0 / 60 - (MonotonicClock.seconds() - frameStart)
                if rest > 0 { usleep(useconds_t(rest * 1_000_000)) }
            }
            let accesses = PhotoFileAccess.accesses(inFolder: folder)

            let sorted = frames.sorted()
            let worst = sorted.last ?? 0
            let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
            print(
                "slow disk (\(Int(Self.delay * 1000)) ms an access): opening \(Int(opening * 1000)) ms, \(frames.count) "
                    + "frames, median \(median) ms, worst \(worst) ms; the photo shown arrived at "
                    + "\(arrival.map { "\(Int($0 * 1000)) ms" } ?? "never"); \(accesses.count) accesses by "
                    + "\(accesses.threads.count) threads")
            #expect(!accesses.threads.contains(PhotoFileAccess.currentThread), "the main thread touched a photo file")
            #expect(accesses.count > 0)
            // Far from the 300 ms a single access would cost (the old gallery froze 4.8 s opening and 4.8 s in a frame);
            // the bounds leave room for a loaded machine and the sanitizers (`GALLERY_TEST_TIME_SCALE`).
            let scale = Double(ReliabilityEndToEndTests.timeScale)
            #expect(opening < Self.delay / 2 * scale)
            #expect(worst < 50 * scale, "a frame took \(worst) ms")
            #expect(median < 1000.0 / 60 / 2 * scale)
            #expect(frames.count > 100)
            #expect(turnsWhilePending >= 3)
            #expect(pageAfterDrag == 3, "the drag turned the page")
            #expect(gallery.currentPage == 2)
            #expect(sawBoxPlaceholder && sawShapedPlaceholder)
            #expect(arrival != nil, "the photo arrives, late")
            #expect(gallery.store.texture(forPhoto: 2, slot: 1)?.size == shaped)
        }
    }
}
