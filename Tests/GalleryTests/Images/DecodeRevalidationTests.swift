import Dispatch
import Foundation
import GalleryCore
import GalleryTesting
import ImageLoader
import PagerEngine
import Support
import Testing

@testable import Gallery
@testable import GalleryScene
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// What the decode threads report about a page's file besides its picture: the header's size before the decode,
    /// the file's identity with it, and for a page shown again whether its file changed.
    @Suite("Decode notes and revalidation")
    @MainActor struct DecodeRevalidationTests {
        static let box = PixelSize(width: 160, height: 120)

        init() throws {
            try SDLTestSession.start()
        }

        /// A worker whose decodes wait for `gate`, counting the decodes that started.
        static func gatedWorker(_ gate: DispatchSemaphore) -> (DecodeWorker, LockedState<Int>) {
            let decodes = LockedState(0)
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                decodes.withLock { $0 += 1 }
                gate.wait()
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            return (worker, decodes)
        }

        /// Waits up to 10 s for a note.
        static func firstNote(of worker: DecodeWorker) -> DecodeNote? {
            let deadline = MonotonicClock.seconds() + 10
            while MonotonicClock.seconds() < deadline {
                if let note = worker.drainNotes().first { return note }
                usleep(1000)
            }
            return nil
        }

        @Test("a page's header size is noted before its decode ends; its identity and size come with the picture")
        func headerBeforeDecode() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write(JPEGFixture.rgb(width: 90, height: 60) { _, _ in .white }, to: "a.jpg")
            let gate = DispatchSemaphore(value: 0)
            let (worker, _) = Self.gatedWorker(gate)
            defer {
                gate.signal()
                worker.shutdown()
            }
            worker.submit(
                DecodeRequest(photo: 3, source: .file(path: path), box: Self.box, generation: 0, purpose: .page))
            let note = try #require(Self.firstNote(of: worker))
            #expect(note.kind == .header && note.photo == 3)
            #expect(note.statedSize == PixelSize(width: 90, height: 60))
            #expect(note.stamp == FileStamp.current(atPath: path))
            #expect(worker.drainResults().isEmpty)  // The decode waits at the gate.
            gate.signal()
            worker.waitUntilIdle()
            let result = try #require(worker.drainResults().first)
            #expect(result.stamp == FileStamp.current(atPath: path))
            #expect(result.statedSize == PixelSize(width: 90, height: 60))
            #expect(try result.outcome.get().size == PixelSize(width: 160, height: 107))
            #expect(worker.drainNotes().isEmpty)
        }

        @Test("a picture (thumbnail, zoom detail) is decoded without notes or identity")
        func pictureHasNoNotes() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write(JPEGFixture.rgb(width: 90, height: 60) { _, _ in .white }, to: "a.jpg")
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            worker.submit(DecodeRequest(photo: 0, source: .file(path: path), box: Self.box, generation: 0))
            worker.waitUntilIdle()
            #expect(worker.drainNotes().isEmpty)
            let result = try #require(worker.drainResults().first)
            #expect(result.stamp == nil && result.statedSize == nil)
        }

        /// What happens to the file between the decode and the revalidation.
        enum Change: String, CaseIterable, CustomTestStringConvertible {
            case none, rewrittenInPlace, renamedOver, removed
            var testDescription: String { rawValue }
        }

        @Test("a page shown again is decoded again only when its file's identity changed", arguments: Change.allCases)
        func revalidation(change: Change) throws {
            let directory = try TemporaryDirectory()
            let ppm = { (value: UInt8) in Array("P6\n4 3\n255\n".utf8) + [UInt8](repeating: value, count: 36) }
            let path = try directory.write(ppm(10), to: "a.ppm")
            let shown = try #require(FileStamp.current(atPath: path))
            let old = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
            switch change {
            case .none:
                break
            case .rewrittenInPlace:
                try directory.write(ppm(200), to: "a.ppm")
                try FileManager.default.setAttributes(
                    [.modificationDate: old.addingTimeInterval(1)], ofItemAtPath: path)
            case .renamedOver:
                // Same size and modification time: only the inode tells.
                let new = try directory.write(ppm(200), to: "new.ppm")
                try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: new)
                #expect(rename(new, path) == 0)
            case .removed:
                try FileManager.default.removeItem(atPath: path)
            }
            // Opened up front (a semaphore must not end below the value it was made with).
            let gate = DispatchSemaphore(value: 0)
            gate.signal()
            let (worker, decodes) = Self.gatedWorker(gate)
            defer { worker.shutdown() }
            let request = DecodeRequest(
                photo: 0, source: .file(path: path), box: Self.box, generation: 0, purpose: .revalidate(shown: shown))
            worker.submit(request)
            worker.waitUntilIdle()
            let notes = worker.drainNotes()
            let results = worker.drainResults()
            #expect(worker.pendingCount == 0)
            if change == .none {
                #expect(notes.map(\.kind) == [.unchanged] && results.isEmpty)
                #expect(decodes.withLock { $0 } == 0)
            } else {
                #expect(notes.isEmpty && results.count == 1)
                #expect(decodes.withLock { $0 } == 1)
                #expect(results.first?.stamp == FileStamp.current(atPath: path))
                #expect(results.first?.stamp != shown)
            }
        }

        @Test("a page revalidated keeps its old pixels until the changed file's arrive", arguments: [false, true])
        func oldPixelsUntilTheNewArrive(recycling: Bool) throws {
            let directory = try TemporaryDirectory()
            let square = { (colour: RGBA, width: Int) in JPEGFixture.rgb(width: width, height: 30) { _, _ in colour } }
            let paths = [
                try directory.write(square(.white, 40), to: "a.jpg"),
                try directory.write(square(.white, 40), to: "b.jpg"),
            ]
            let gate = DispatchSemaphore(value: 0)
            gate.signal()  // The first two decodes run at once.
            gate.signal()
            let (worker, _) = Self.gatedWorker(gate)
            defer {
                for _ in 0..<4 { gate.signal() }
                worker.shutdown()
            }
            let store = makePageStore(
                recyclingSlots: recycling,
                decodes: PageDecodes(
                    worker: worker, library: CurrentLibrary(PageLibrary(photos: PhotoIndexFixture.index(paths))),
                    box: Self.box),
                renderer: try Renderer(target: try Surface(width: 200, height: 150, opaque: true)), cacheBytes: 64 << 20
            )
            store.apply(ResidencyPlan(required: [0, 1]))
            worker.waitUntilIdle()
            try store.receive(uploadBudget: nil)
            #expect(try PageStoreTests.drawn(0, slot: 1, in: store)?.size == PixelSize(width: 160, height: 120))

            try directory.write(square(.white, 80), to: "b.jpg")
            let moved = try directory.write(square(.white, 30), to: "new.jpg")
            #expect(rename(moved, paths[0]) == 0)
            store.apply(ResidencyPlan(required: [1, 0]))  // 1 becomes the current page: its file is examined.
            store.apply(ResidencyPlan(required: [0, 1]))  // And 0 again.
            // Both decodes wait at the gate: the old pictures stay meanwhile, no placeholder.
            try store.receive(uploadBudget: nil)
            #expect(store.pendingCount == 2)
            #expect(try PageStoreTests.drawn(0, slot: 1, in: store)?.size == PixelSize(width: 160, height: 120))
            #expect(try PageStoreTests.drawn(1, slot: 2, in: store)?.size == PixelSize(width: 160, height: 120))
            gate.signal()
            gate.signal()
            worker.waitUntilIdle()
            try store.receive(uploadBudget: nil)
            #expect(store.pendingCount == 0)
            #expect(try PageStoreTests.drawn(0, slot: 1, in: store)?.size == PixelSize(width: 120, height: 120))
            #expect(try PageStoreTests.drawn(1, slot: 2, in: store)?.size == PixelSize(width: 160, height: 60))
        }
    }
}
