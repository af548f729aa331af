import Dispatch
import Glibc
import Support

/// Decodes pages on background threads, in submission order, into an inbox the main loop drains.
///
/// Every file access happens here, never on the main thread (docs/RELIABILITY.md): for a page (`DecodeRequest.Purpose`)
/// a thread examines the file's identity (`FileStamp`) and reads its header's size, posts the size at once as a
/// `DecodeNote` (the placeholder's shape), then decodes; a page shown again is re-examined here and decoded again only
/// if its file changed.
///
/// After each batch of results the worker calls `wake` on its thread (the window's pushes an SDL event, which is
/// thread-safe), so a main loop asleep in `SDL_WaitEvent` wakes up and calls `drainResults()`. Cancelled pages never produce a result,
/// even if their decode was already running. Shutting down (explicitly or in deinit) drops the queue and waits for
/// running decodes to finish, for at most `shutdownGrace`.
public final class DecodeWorker: Sendable {
    /// The number of decode threads.
    public let threadCount: Int
    private let inbox: DecodeInbox
    /// The decoder's memory budget, closed at shutdown so no thread waits on it.
    private let budget: DecodeBudget?

    /// A worker running `decode` for each request on `threadCount` threads (at least 1), calling `wake` after each
    /// batch of results (nil: nothing, e.g. in headless runs); `budget` is closed at shutdown. `statedSize` reads a
    /// page's header size (by default here; a decoder process's `PictureDecoding.statedSize(ofFile:)` otherwise).
    ///
    /// With `decodesAlone` the threads take one request at a time, and none after the first result, until
    /// `decodeInParallel()`: a window starts that way, so its first photo shares the cores with no neighbour's decode
    /// until it is on screen.
    package init(
        threadCount: Int, wake: (@Sendable () -> Void)?, budget: DecodeBudget? = nil, decodesAlone: Bool = false,
        decode: @escaping @Sendable (DecodeRequest) throws(DecodeFailure) -> DecodedPicture,
        preview: (@Sendable (DecodeRequest) -> DecodedPicture?)? = nil,
        statedSize: @escaping @Sendable (String) -> PixelSize? = DecodeWorker.statedSize(ofFile:)
    ) {
        self.threadCount = max(threadCount, 1)
        inbox = DecodeInbox(decodesAlone: decodesAlone)
        self.budget = budget
        for number in 0..<self.threadCount {
            DetachedThread.start(name: "gallery-decode-\(number)") { [inbox] in
                DecodeWorker.run(inbox: inbox, wake: wake, decode: decode, preview: preview, statedSize: statedSize)
            }
        }
    }

    deinit {
        shutdown()
    }

    /// Queues `request` behind the earlier ones (earlier submissions are decoded first).
    public func submit(_ request: DecodeRequest) {
        inbox.submit(request)
    }

    /// Forgets every request for `photos`: queued ones are dropped, running ones' results discarded, and finished but
    /// undrained results removed.
    public func cancel(photos: some Sequence<PhotoID>) {
        let cancelled = Set(photos)
        inbox.cancel { cancelled.contains($0.photo) }
    }

    /// Forgets every request, as `cancel(photos:)` does for all photos.
    public func cancelAll() {
        inbox.cancel { _ in true }
    }

    /// Blocks until a result is ready to drain, nothing is left to decode, or `seconds` have passed.
    public func waitForResults(upTo seconds: Double) {
        inbox.waitForResult(until: .now() + seconds)
    }

    /// Whether `waitForResults(upTo:)` would return at once: a result is ready to drain, or nothing is left to decode.
    public var resultsAreReady: Bool { inbox.resultWaitIsOver }

    /// Lets all threads decode at once, after a start with `decodesAlone`.
    public func decodeInParallel() {
        inbox.decodeInParallel()
    }

    /// Whether the threads still take one request at a time (`decodesAlone` until `decodeInParallel()`).
    public var decodesAlone: Bool { inbox.decodesAlone }

    /// Whether any result has been drained yet.
    public var hasDeliveredResults: Bool { inbox.hasDrained }

    /// Takes every finished result, in submission order.
    public func drainResults() -> [DecodeResult] {
        inbox.drain()
    }

    /// Takes every note (headers read, revalidated files unchanged), in submission order. Whoever submits `.page` or
    /// `.revalidate` requests drains these too: an `.unchanged` note is the only answer its request gets.
    public func drainNotes() -> [DecodeNote] {
        inbox.drainNotes()
    }

    /// Takes every first picture of a page still decoding (a HEIF file's thumbnail), in submission order: shown until
    /// the page's result replaces it. A result drained with or before its preview removes the preview.
    public func drainPreviews() -> [DecodeResult] {
        inbox.drainPreviews()
    }

    /// Requests queued or decoding whose results will still be delivered.
    public var pendingCount: Int { inbox.pendingCount }

    /// Blocks until nothing is queued or decoding, so that headless runs see every decode finish before the next frame.
    public func waitUntilIdle() {
        inbox.waitUntilIdle()
    }

    /// Abandons decodes in progress, for a stop request (a signal): `waitUntilIdle` returns at once from now on, and
    /// `shutdown()` does not wait for a running decode (the process exit ends it). Callable from any thread.
    public func abandonWaits() {
        inbox.abandonWaits()
    }

    /// Drops queued requests, lets running decodes finish (discarding them) and stops the threads.
    /// Later submissions are ignored; calling it again does nothing.
    ///
    /// Waits at most `shutdownGrace` for a running decode: a thread still busy after that (a huge photo, a stuck file
    /// system) is left to finish on its own, holding only the inbox, so quitting never hangs on it.
    public func shutdown() {
        if inbox.shutDown(threadCount: threadCount) {
            budget?.close()
            guard !inbox.waitsAbandoned else { return }
            _ = inbox.waitForThreadExits(threadCount: threadCount, deadline: .now() + DecodeWorker.shutdownGrace)
        }
    }

    /// The longest `shutdown()` waits for running decodes.
    public static let shutdownGrace: DispatchTimeInterval = .milliseconds(400)

    /// A decode thread's life: take a job, examine its file (pages), decode it, deliver the outcome, wake the main
    /// loop if needed.
    private static func run(
        inbox: DecodeInbox, wake waker: (@Sendable () -> Void)?,
        decode: @Sendable (DecodeRequest) throws(DecodeFailure) -> DecodedPicture,
        preview: (@Sendable (DecodeRequest) -> DecodedPicture?)?, statedSize readStatedSize: (String) -> PixelSize?
    ) {
        func wake(_ needed: Bool) {
            guard needed, let waker else { return }
            waker()
        }
        while let job = inbox.nextJob() {
            let request = job.request
            var stamp: FileStamp?
            var statedSize: PixelSize?
            if case .file(let path) = request.source, request.purpose != .picture {
                // The identity first: a change while the decode runs then shows as a change next time.
                stamp = FileStamp.current(atPath: path)
                if case .revalidate(let shown) = request.purpose, stamp == shown {
                    let note = DecodeNote(request: request, kind: .unchanged, stamp: stamp, statedSize: nil)
                    wake(inbox.finish(job, unchanged: note))
                    inbox.retire(job)
                    continue
                }
                statedSize = readStatedSize(path)
                if request.purpose == .page, let statedSize {
                    let note = DecodeNote(request: request, kind: .header, stamp: stamp, statedSize: statedSize)
                    wake(inbox.post(job, header: note))
                }
            }
            if request.purpose == .page, let picture = preview?(request) {
                let early = DecodeResult(
                    request: request, outcome: .success(picture), stamp: stamp, statedSize: statedSize)
                wake(inbox.post(job, preview: early))
            }
            let outcome = Result { () throws(DecodeFailure) -> DecodedPicture in try decode(request) }
            let result = DecodeResult(request: request, outcome: outcome, stamp: stamp, statedSize: statedSize)
            wake(inbox.finish(job, result: result))
            inbox.retire(job)
        }
        inbox.threadDidExit()
    }

    /// The size a file's header states, read in this process: a few small reads (the header guard's own reader), for
    /// decoding inline (tests, benchmarks). On a decode thread only: on a slow file system each read may take long.
    package static func statedSize(ofFile path: String) -> PixelSize? {
        guard let file = try? ImageFile(path: path) else { return nil }
        let fileExtension = path.split(separator: "/").last?.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return ImageHeader.read({ file.read(at: $0, count: $1) }, fileExtension: fileExtension).size
    }
}
