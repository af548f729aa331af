import Dispatch
import Foundation
import GalleryCore
import GalleryTesting
import ImageDecoders
import Imaging
import PagerEngine
import Testing

@testable import Gallery
@testable import GalleryScene

extension SDLSerializedTests {
    /// A page's first picture (a HEIF thumbnail) shown while its full decode runs: delivered before the result, replaced
    /// by it, never shown after it, and not counted as decoded.
    @Suite("Decode previews")
    @MainActor struct DecodePreviewTests {
        static let box = PixelSize(width: 200, height: 200)
        /// The preview's size here: smaller than the sharp picture (200 × 150), so the two tell apart.
        nonisolated static let previewSize = PixelSize(width: 100, height: 75)

        init() throws {
            try SDLTestSession.start()
        }

        /// A worker whose pages preview at `previewSize` and whose full decodes signal `started`, then wait for `gate`.
        nonisolated static func gatedWorker(started: DispatchSemaphore, gate: DispatchSemaphore) -> DecodeWorker {
            DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                started.signal()
                gate.wait()
                return try ImageDecoder().decode(request.source, fitting: request.box)
            } preview: { _ in
                (try? PixelBuffer(width: previewSize.width, height: previewSize.height, format: .xrgb8888))
                    .map { DecodedPicture(pixels: $0) }
            }
        }

        /// A page store of `paths` decoded by `worker`, recycling slots or not, on a 220 × 220 software target.
        static func store(recycling: Bool, paths: [String], worker: DecodeWorker) throws -> any PageStore {
            makePageStore(
                recyclingSlots: recycling,
                decodes: PageDecodes(
                    worker: worker, library: CurrentLibrary(PageLibrary(photos: PhotoIndexFixture.index(paths))),
                    box: box),
                renderer: try Renderer(target: try Surface(width: 220, height: 220, opaque: true)), cacheBytes: 64 << 20
            )
        }

        static func photos() throws -> (TemporaryDirectory, [String]) {
            let directory = try TemporaryDirectory()
            let paths = try (0..<2).map { index in
                try directory.write(JPEGFixture.rgb(width: 40, height: 30) { _, _ in .white }, to: "\(index).jpg")
            }
            return (directory, paths)
        }

        @Test("the worker delivers a page's preview while it decodes, then its result")
        func previewThenResult() throws {
            let (directory, paths) = try Self.photos()
            defer { withExtendedLifetime(directory) {} }
            let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
            let worker = Self.gatedWorker(started: started, gate: gate)
            defer {
                gate.signal()
                worker.shutdown()
            }
            worker.submit(
                DecodeRequest(photo: 0, source: .file(path: paths[0]), box: Self.box, generation: 0, purpose: .page))
            #expect(started.wait(timeout: .now() + 10) == .success)
            let previews = worker.drainPreviews()
            #expect(previews.map(\.photo) == [0])
            #expect(try previews.first?.outcome.get().size == Self.previewSize)
            #expect(worker.drainResults().isEmpty)
            gate.signal()
            worker.waitUntilIdle()
            #expect(try worker.drainResults().map { try $0.outcome.get().size } == [PixelSize(width: 200, height: 150)])
            #expect(worker.drainPreviews().isEmpty)
        }

        @Test("a preview still undrained when the result lands is dropped: the sharp picture only")
        func resultDropsUndrainedPreview() throws {
            let (directory, paths) = try Self.photos()
            defer { withExtendedLifetime(directory) {} }
            let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
            // Open from the start; made at 0, since libdispatch traps on freeing one below its initial count.
            gate.signal()
            let worker = Self.gatedWorker(started: started, gate: gate)
            defer { worker.shutdown() }
            worker.submit(
                DecodeRequest(photo: 0, source: .file(path: paths[0]), box: Self.box, generation: 0, purpose: .page))
            worker.waitUntilIdle()
            #expect(worker.drainPreviews().isEmpty)
            #expect(worker.drainResults().count == 1)
        }

        @Test(
            "a store draws the preview, then the sharp picture, and counts the page decoded only then",
            arguments: [
                false, true,
            ])
        func storeShowsPreviewThenSharp(recycling: Bool) throws {
            let (directory, paths) = try Self.photos()
            defer { withExtendedLifetime(directory) {} }
            let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
            let worker = Self.gatedWorker(started: started, gate: gate)
            defer {
                for _ in 0..<4 { gate.signal() }
                worker.shutdown()
            }
            let store = try Self.store(recycling: recycling, paths: paths, worker: worker)
            store.apply(ResidencyPlan(required: [0]))
            #expect(started.wait(timeout: .now() + 10) == .success)
            #expect(try store.receive(uploadBudget: nil))
            #expect(try PageStoreTests.drawn(0, slot: 1, in: store)?.size == Self.previewSize)
            #expect(store.decodedCount == 0, "a preview is not the page decoded")
            #expect(store.decodes.inFlight.contains(0))

            gate.signal()
            worker.waitUntilIdle()
            try store.receive(uploadBudget: nil)
            #expect(try PageStoreTests.drawn(0, slot: 1, in: store)?.size == PixelSize(width: 200, height: 150))
            #expect(store.decodedCount == 1)
            // Nothing brings the preview back.
            store.apply(ResidencyPlan(required: [0]))
            worker.waitUntilIdle()
            try store.receive(uploadBudget: nil)
            #expect(try PageStoreTests.drawn(0, slot: 1, in: store)?.size == PixelSize(width: 200, height: 150))
        }

        @Test("a page left while it showed its preview is decoded again when it comes back", arguments: [false, true])
        func previewedPageLeftIsRequestedAgain(recycling: Bool) throws {
            let (directory, paths) = try Self.photos()
            defer { withExtendedLifetime(directory) {} }
            let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
            let worker = Self.gatedWorker(started: started, gate: gate)
            defer {
                for _ in 0..<4 { gate.signal() }
                worker.shutdown()
            }
            let store = try Self.store(recycling: recycling, paths: paths, worker: worker)
            store.apply(ResidencyPlan(required: [0]))
            #expect(started.wait(timeout: .now() + 10) == .success)
            try store.receive(uploadBudget: nil)
            #expect(try PageStoreTests.drawn(0, slot: 1, in: store)?.size == Self.previewSize)
            // Page 0's decode is cancelled; its preview is not the page, so coming back asks for it again.
            store.apply(ResidencyPlan(required: [1]))
            store.apply(ResidencyPlan(required: [0]))
            #expect(store.decodes.inFlight.contains(0))
            for _ in 0..<3 { gate.signal() }
            worker.waitUntilIdle()
            try store.receive(uploadBudget: nil)
            #expect(try PageStoreTests.drawn(0, slot: 1, in: store)?.size == PixelSize(width: 200, height: 150))
            #expect(store.decodedCount >= 1)
        }
    }
}
