import Dispatch
import Foundation
import GalleryTesting
import Imaging
import PagerEngine
import Support
import Testing

@testable import Gallery
@testable import GalleryScene
@testable import ImageDecoders

extension SDLSerializedTests {
    /// A store's first page is decoded alone: its neighbours are sent to the worker once it has landed, so at start
    /// they do not compete with it for the cores (nor start a second decoder process before the first photo shows).
    @Suite @MainActor struct FirstPageFirstTests {
        /// A store of either scheme over three photos, on a worker of three threads whose decodes wait at `gate`,
        /// and the count of decodes begun.
        static func gatedStore(
            recycling: Bool, gate: DispatchSemaphore, in directory: TemporaryDirectory
        ) throws -> (any PageStore, LockedState<Int>) {
            let paths = try (0..<3).map {
                try directory.write(PageStoreTests.square(.white, width: 40, height: 30), to: "\($0).jpg")
            }
            let begun = LockedState(0)
            let worker = DecodeWorker(threadCount: 3, wakeEventType: nil) { request throws(DecodeFailure) in
                begun.withLock { $0 += 1 }
                gate.wait()
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            let store = makePageStore(
                recyclingSlots: recycling,
                decodes: PageDecodes(
                    worker: worker, library: CurrentLibrary(PageLibrary(photos: PhotoIndexFixture.index(paths))),
                    box: PageStoreTests.box),
                renderer: try Renderer(target: try Surface(width: 220, height: 220, opaque: true)), cacheBytes: 64 << 20
            )
            return (store, begun)
        }

        /// Waits up to 5 s for `count` to reach `value`, then a little longer to see it does not pass it.
        static func settles(_ count: LockedState<Int>, at value: Int) -> Int {
            let deadline = MonotonicClock.seconds() + 5
            while count.withLock({ $0 }) < value, MonotonicClock.seconds() < deadline { usleep(1000) }
            usleep(50_000)
            return count.withLock { $0 }
        }

        /// Takes what the worker delivered until `done` holds, up to 5 s (a worker stuck at the gate fails, not hangs).
        static func receive(until done: (any PageStore) -> Bool, in store: any PageStore) throws {
            let deadline = MonotonicClock.seconds() + 5
            while !done(store), MonotonicClock.seconds() < deadline {
                try store.receive(uploadBudget: nil)
                usleep(1000)
            }
        }

        @Test(arguments: [false, true])
        func theNeighboursAreDecodedOnceTheFirstPageLands(recycling: Bool) throws {
            let directory = try TemporaryDirectory()
            let gate = DispatchSemaphore(value: 0)
            let (store, begun) = try Self.gatedStore(recycling: recycling, gate: gate, in: directory)
            defer {
                for _ in 0..<8 { gate.signal() }
                store.decodes.worker.shutdown()
            }
            store.apply(ResidencyPlan(required: [0, 1, 2]))
            #expect(Self.settles(begun, at: 1) == 1)
            #expect(store.pendingCount == 3)
            gate.signal()
            try Self.receive(until: { $0.textureSize(forPhoto: 0) != nil || $0.decodes.inFlight.count < 3 }, in: store)
            // The first landed: both neighbours are sent at once.
            #expect(Self.settles(begun, at: 3) == 3)
            gate.signal()
            gate.signal()
            try PageStoreTests.deliver(to: store)
            #expect(store.pendingCount == 0)
            for page in 0..<3 { #expect(try PageStoreTests.drawn(page, slot: page, in: store) != nil) }
        }

        @Test(arguments: [false, true])
        func aFirstPageLeftBeforeItLandsHandsTheTurnToTheNext(recycling: Bool) throws {
            let directory = try TemporaryDirectory()
            let gate = DispatchSemaphore(value: 0)
            let (store, begun) = try Self.gatedStore(recycling: recycling, gate: gate, in: directory)
            defer {
                for _ in 0..<8 { gate.signal() }
                store.decodes.worker.shutdown()
            }
            store.apply(ResidencyPlan(required: [0, 1, 2]))
            #expect(Self.settles(begun, at: 1) == 1)
            // Page 0 is no longer wanted: page 1 is sent, alone, and page 2 still waits for it.
            store.apply(ResidencyPlan(required: [1, 2]))
            #expect(Self.settles(begun, at: 2) == 2)
            #expect(store.pendingCount == 2)
            for _ in 0..<3 { gate.signal() }
            try PageStoreTests.deliver(to: store)
            #expect(begun.withLock { $0 } == 3)
            #expect(store.pendingCount == 0)
        }
    }
}
