import CSDL2
import Dispatch
import GalleryCore
import GalleryTesting
import Glibc
import ImageLoader
import Support
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    @Suite struct DecodeWorkerTests {
        static let box = PixelSize(width: 160, height: 120)

        let wakeEventType: UInt32

        init() throws {
            wakeEventType = try SDLTestSession.start()
            SDL_FlushEvent(wakeEventType)
        }

        static func request(_ page: Int, count: Int = 10, generation: Int = 0) -> DecodeRequest {
            DecodeRequest(
                photo: PhotoID(page), source: .synthetic(index: page, count: count), box: box, generation: generation)
        }

        @Test(arguments: [1, 2, 3])
        func resultsArriveForEverySubmittedPageInSubmissionOrder(threadCount: Int) throws {
            let worker = DecodeWorker(threadCount: threadCount, wakeEventType: nil)
            let pages = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7]
            for page in pages {
                worker.submit(Self.request(page, generation: 7))
            }
            worker.waitUntilIdle()
            let results = worker.drainResults()

            #expect(results.map(\.photo.rawValue) == pages)
            #expect(worker.pendingCount == 0)
            #expect(worker.drainResults().isEmpty)
            for result in results {
                #expect(result.request.generation == 7)
                let surface = try result.outcome.get()
                let direct = try ImageDecoder().decode(result.request.source, fitting: Self.box)
                #expect(surface.size == direct.size)
                for (x, y) in [
                    (0, 0), (surface.width / 8, surface.height / 3), (surface.width / 2, surface.height / 2),
                ] {
                    #expect(surface.pixel(x: x, y: y) == direct.pixel(x: x, y: y))
                }
            }
        }

        @Test func failuresArriveAsResults() throws {
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil)
            let missing = PageSource.file(path: "/nonexistent/gallery/photo.jpg")
            worker.submit(DecodeRequest(photo: 0, source: missing, box: Self.box, generation: 0))
            worker.waitUntilIdle()
            let results = worker.drainResults()
            #expect(results.count == 1)
            #expect(throws: DecodeFailure(source: missing, reason: .missingFile)) { try results.first?.outcome.get() }
        }

        /// A start with `decodesAlone`: three threads, yet one decode, and after its result none, until
        /// `decodeInParallel()`, after which they overlap.
        @Test func decodesAloneUntilReleasedThenInParallel() throws {
            let running = LockedState((now: 0, most: 0, order: [Int]()))
            let rendezvous = Rendezvous()
            let worker = DecodeWorker(threadCount: 3, wakeEventType: nil, decodesAlone: true) {
                request throws(DecodeFailure) in
                running.withLock {
                    $0.now += 1
                    $0.most = max($0.most, $0.now)
                    $0.order.append(request.photo.rawValue)
                }
                if request.photo.rawValue == 4 || request.photo.rawValue == 5 { rendezvous.arrive() }
                usleep(20_000)  // Long enough for the other two threads to take a job if they were allowed to.
                running.withLock { $0.now -= 1 }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            for page in 0..<4 { worker.submit(Self.request(page)) }
            worker.waitForResults(upTo: 10)
            usleep(100_000)  // Time for page 1 to start if it were allowed to.
            #expect(running.withLock { $0.most } == 1)
            #expect(running.withLock { $0.order } == [0])
            #expect(worker.pendingCount == 3)
            #expect(worker.decodesAlone)
            #expect(!worker.hasDeliveredResults)
            #expect(worker.drainResults().map(\.photo.rawValue) == [0])
            #expect(worker.hasDeliveredResults)
            usleep(50_000)  // Taken, but not yet released: still nothing more.
            #expect(running.withLock { $0.order } == [0])

            worker.decodeInParallel()
            #expect(!worker.decodesAlone)
            // Pages 4 and 5 each wait for the other to start: they meet only if two threads decode at once (a worker
            // that stayed one-at-a-time makes each wait out the deadline and the meeting fails).
            rendezvous.arm()
            for page in 4..<10 { worker.submit(Self.request(page)) }
            worker.waitUntilIdle()
            #expect(rendezvous.met)
            #expect(running.withLock { $0.most } > 1)
            #expect(worker.drainResults().map(\.photo.rawValue) == Array(1..<10))
        }

        /// `resultsAreReady`: what the window checks before using the wait for the first photo (nothing to wait for,
        /// a decode running, its result ready, drained).
        @Test func resultsAreReadyOnlyWhenAWaitWouldNotBlock() throws {
            let release = DispatchSemaphore(value: 0)
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                release.wait()
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            #expect(worker.resultsAreReady, "nothing submitted: nothing to wait for")
            worker.submit(Self.request(0))
            #expect(!worker.resultsAreReady)
            release.signal()
            worker.waitForResults(upTo: 10)
            #expect(worker.resultsAreReady)
            #expect(worker.drainResults().map(\.photo.rawValue) == [0])
            #expect(worker.resultsAreReady, "all drained: nothing left to wait for")
        }

        /// The result decoded alone cancelled before the window took it: the request that replaces it is decoded
        /// alone in its place, without waiting for `decodeInParallel()`.
        @Test func aCancelledResultDecodedAloneLetsTheNextOneStart() throws {
            let worker = DecodeWorker(threadCount: 2, wakeEventType: nil, decodesAlone: true) {
                request throws(DecodeFailure) in try ImageDecoder().decode(request.source, fitting: request.box)
            }
            worker.submit(Self.request(0))
            worker.waitForResults(upTo: 10)
            worker.cancelAll()
            worker.submit(Self.request(1))
            worker.waitForResults(upTo: 10)
            #expect(worker.drainResults().map(\.photo.rawValue) == [1])
            #expect(worker.decodesAlone)
        }

        /// Released while jobs wait behind a running one: every waiting job still runs.
        @Test func releasingWithQueuedJobsStartsThemAll() throws {
            let gate = Gate()
            let worker = DecodeWorker(threadCount: 2, wakeEventType: nil, decodesAlone: true) {
                request throws(DecodeFailure) in
                if request.photo.rawValue == 0 { gate.holdUntilOpened() }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            for page in 0..<5 { worker.submit(Self.request(page)) }
            gate.waitUntilHolding()
            worker.decodeInParallel()
            gate.open()
            worker.waitUntilIdle()
            #expect(worker.drainResults().map(\.photo.rawValue) == Array(0..<5))
        }

        /// One thread held inside page 0's decode: pages behind it stay queued, so cancelling is deterministic.
        @Test func cancelledPagesNeverDeliverEvenIfAlreadyDecoding() throws {
            let gate = Gate()
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                if request.photo.rawValue == 0 { gate.holdUntilOpened() }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            worker.submit(Self.request(0))
            gate.waitUntilHolding()
            for page in 1...5 {
                worker.submit(Self.request(page))
            }
            #expect(worker.pendingCount == 6)

            worker.cancel(photos: [0, 2, 4])
            #expect(worker.pendingCount == 3)
            gate.open()
            worker.waitUntilIdle()

            #expect(worker.drainResults().map(\.photo.rawValue) == [1, 3, 5])
            #expect(worker.pendingCount == 0)
        }

        /// `waitForResults` (the window's wait for its first photo) sleeps on the inbox, not in a polling loop: it
        /// returns when the result lands, when a cancel leaves nothing to wait for, or at its deadline.
        @Test func waitForResultsReturnsOnAResultACancelOrTheDeadline() throws {
            func seconds(_ body: () -> Void) -> Double {
                let start = DispatchTime.now()
                body()
                return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            }
            let gate = Gate()
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                if request.photo.rawValue == 0 { gate.holdUntilOpened() }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            #expect(seconds { worker.waitForResults(upTo: 10) } < 1, "nothing pending: at once")

            worker.submit(Self.request(0))
            gate.waitUntilHolding()
            let timedOut = seconds { worker.waitForResults(upTo: 0.2) }
            #expect(timedOut >= 0.2 && timedOut < 5, "held decode: the deadline")

            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { gate.open() }
            #expect(seconds { worker.waitForResults(upTo: 10) } < 5, "the result wakes the wait")
            #expect(worker.drainResults().map(\.photo.rawValue) == [0])

            worker.submit(Self.request(0))
            gate.waitUntilHolding()
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { worker.cancel(photos: [0]) }
            #expect(seconds { worker.waitForResults(upTo: 10) } < 5, "a cancel leaving nothing pending wakes it")
            gate.open()
            worker.waitUntilIdle()
            #expect(worker.drainResults().isEmpty)
        }

        /// A page's first picture (a HEIF thumbnail) ends the window's wait for its first photo as its result would:
        /// the window shows the thumbnail at once instead of waiting out `firstPhotoWait` for the sharp decode.
        @Test func aFirstPictureEndsTheWaitForResults() throws {
            let gate = Gate()
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                gate.holdUntilOpened()
                return try ImageDecoder().decode(request.source, fitting: request.box)
            } preview: { request in
                try? ImageDecoder().decode(request.source, fitting: PixelSize(width: 16, height: 12))
            }
            defer {
                gate.open()
                worker.shutdown()
            }
            worker.submit(
                DecodeRequest(
                    photo: 0, source: .synthetic(index: 0, count: 10), box: Self.box, generation: 0, purpose: .page))
            gate.waitUntilHolding()
            let start = DispatchTime.now()
            worker.waitForResults(upTo: 10)
            #expect(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 < 5)
            #expect(worker.resultsAreReady)
            #expect(worker.drainPreviews().map(\.photo.rawValue) == [0])
            #expect(worker.drainResults().isEmpty)
        }

        @Test func cancelAllDropsQueuedRunningAndUndrainedWork() throws {
            let gate = Gate()
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                if request.photo.rawValue == 1 { gate.holdUntilOpened() }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            worker.submit(Self.request(0))
            worker.submit(Self.request(1))
            gate.waitUntilHolding()  // page 0 is finished and waiting in the inbox, page 1 is decoding
            worker.submit(Self.request(2))

            worker.cancelAll()
            #expect(worker.pendingCount == 0)
            gate.open()
            worker.waitUntilIdle()
            #expect(worker.drainResults().isEmpty)

            worker.submit(Self.request(3))
            worker.waitUntilIdle()
            #expect(worker.drainResults().map(\.photo.rawValue) == [3])
        }

        @Test func resultsWakeTheMainLoopWithTheSessionsEvent() throws {
            let worker = DecodeWorker(threadCount: 2, wakeEventType: wakeEventType)
            for page in 0..<4 {
                worker.submit(Self.request(page))
            }
            worker.waitUntilIdle()

            var events = [SDL_Event](repeating: SDL_Event(), count: 16)
            let woken = SDL_PeepEvents(&events, 16, SDL_GETEVENT, wakeEventType, wakeEventType)
            #expect(woken >= 1 && woken <= 4)
            #expect(worker.drainResults().count == 4)
        }

        @Test func idleWorkerReturnsAtOnceAndShutdownStopsEverything() throws {
            let worker = DecodeWorker(threadCount: 2, wakeEventType: nil)
            worker.waitUntilIdle()
            #expect(worker.pendingCount == 0)

            worker.shutdown()
            worker.submit(Self.request(0))
            worker.waitUntilIdle()
            #expect(worker.pendingCount == 0)
            #expect(worker.drainResults().isEmpty)
            worker.shutdown()
        }

        @Test func shutdownDropsTheQueueAndWaitsForTheRunningDecode() throws {
            let gate = Gate()
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                if request.photo.rawValue == 0 { gate.holdUntilOpened() }
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            worker.submit(Self.request(0))
            gate.waitUntilHolding()
            worker.submit(Self.request(1))

            let stopped = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                worker.shutdown()
                stopped.signal()
            }
            // Shutdown first drops the queue (pendingCount becomes 0), then waits for the held decode.
            while worker.pendingCount != 0 {
                sched_yield()
            }
            gate.open()
            stopped.wait()
            #expect(worker.drainResults().isEmpty)
        }

        /// A decode that never returns does not hold up shutdown beyond its grace period.
        @Test func shutdownReturnsWithinHalfASecondWhateverTheThreadsDo() throws {
            let gate = Gate()
            let worker = DecodeWorker(threadCount: 2, wakeEventType: nil) { request throws(DecodeFailure) in
                gate.holdUntilOpened()
                return try ImageDecoder().decode(request.source, fitting: request.box)
            }
            worker.submit(
                DecodeRequest(
                    photo: 0, source: .synthetic(index: 0, count: 10), box: Self.box, generation: 0, purpose: .page))
            gate.waitUntilHolding()
            let start = DispatchTime.now()
            worker.shutdown()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            #expect(seconds < 0.5)
            gate.open()
        }

        /// A FIFO renamed onto a photo after the folder was listed is refused at once by the real decoder: no worker
        /// blocks, the next photo still decodes and shutdown is immediate.
        @Test func fifoRenamedOntoAPhotoNeitherBlocksNorDelaysQuit() throws {
            let directory = try TemporaryDirectory()
            let photos = try ["a.jpg", "b.jpg"].map { name in
                try directory.write(JPEGFixture.rgb(width: 32, height: 32) { _, _ in .white }, to: name)
            }
            let fifo = directory.path("incoming")
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(rename(fifo, photos[0]) == 0)

            let worker = DecodeWorker(threadCount: 2, wakeEventType: nil)
            for (page, path) in photos.enumerated() {
                worker.submit(
                    DecodeRequest(photo: PhotoID(page), source: .file(path: path), box: Self.box, generation: 0))
            }
            worker.waitUntilIdle()
            let results = worker.drainResults()
            #expect(results.count == 2)
            if case .failure(let failure) = results.first?.outcome {
                #expect(failure.reason == .notAFile)
            } else {
                Issue.record("the FIFO decoded")
            }
            #expect((try? results.last?.outcome.get())?.size == PixelSize(width: 120, height: 120))
            let start = DispatchTime.now()
            worker.shutdown()
            #expect(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds < 500_000_000)
        }
    }
}

/// Lets a test hold a decode thread inside a decode, know that it is there, and release it.
final class Gate: Sendable {
    private let holding = DispatchSemaphore(value: 0)
    private let opened = DispatchSemaphore(value: 0)

    /// Called on the decode thread: announces it is holding, then blocks until `open()`.
    func holdUntilOpened() {
        holding.signal()
        opened.wait()
    }

    /// Blocks the test until a decode thread is inside `holdUntilOpened()`.
    func waitUntilHolding() {
        holding.wait()
    }

    /// Releases the held decode thread.
    func open() {
        opened.signal()
    }
}

/// Two decode threads meeting inside their decodes: the first to arrive waits (up to a generous deadline) for the
/// second, so `met` is true only when two decodes ran at the same time.
final class Rendezvous: Sendable {
    private let state = LockedState((armed: false, arrived: 0, met: false))
    private let second = DispatchSemaphore(value: 0)

    /// Called by each of the two decodes.
    func arrive() {
        let order: Int? = state.withLock {
            guard $0.armed else { return nil }
            $0.arrived += 1
            return $0.arrived
        }
        switch order {
        case 1:
            if second.wait(timeout: .now() + 10) == .success { state.withLock { $0.met = true } }
        case 2:
            second.signal()
        default:
            break
        }
    }

    /// Makes the next two `arrive` calls wait for each other (until then `arrive` returns at once).
    func arm() { state.withLock { $0.armed = true } }

    /// Whether the two decodes were inside `arrive` at the same time.
    var met: Bool { state.withLock { $0.met } }
}
