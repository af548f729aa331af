import Dispatch
import Support

/// What a `DecodeWorker` shares with its threads: the queue, the requests in flight, the finished results and the
/// notes about files (headers read, files unchanged), behind one mutex. Threads sleep on semaphores, never while
/// holding the lock.
final class DecodeInbox: Sendable {
    /// A queued or running request with its submission number (results are returned in submission order).
    struct Job: Sendable {
        /// Submission number, unique per inbox.
        let ticket: Int
        /// What to decode.
        let request: DecodeRequest
    }

    /// A pthread lock rather than `Synchronization.Mutex`, so that ThreadSanitizer can check this state (see `LockedState`).
    private let state: LockedState<State>
    /// Signalled once per submitted job and once per thread at shutdown; extra signals after a cancel only cause a
    /// thread to find the queue empty and wait again.
    private let jobsAvailable = DispatchSemaphore(value: 0)
    /// Signalled by each thread as it exits.
    private let threadExits = DispatchSemaphore(value: 0)

    /// An inbox whose threads decode one request at a time, and none after the first result, until
    /// `decodeInParallel()` when `decodesAlone`.
    init(decodesAlone: Bool = false) {
        state = LockedState(State(decodesAlone: decodesAlone))
    }

    /// Lets every thread decode at once (after a start with `decodesAlone`).
    func decodeInParallel() {
        let queued = state.withLock { state in
            state.decodesAlone = false
            return state.queued.count
        }
        // Threads that found the queue closed to them went back to waiting: wake one per queued job.
        for _ in 0..<queued { jobsAvailable.signal() }
    }

    /// Whether threads still decode one request at a time.
    var decodesAlone: Bool { state.withLock { $0.decodesAlone } }

    /// Whether the main loop has drained any result yet.
    var hasDrained: Bool { state.withLock { $0.hasDrained } }

    /// Queues `request` behind the earlier ones; ignored after shutdown.
    func submit(_ request: DecodeRequest) {
        let accepted = state.withLock { state in
            guard !state.isShutDown else { return false }
            state.queued.append(Job(ticket: state.nextTicket, request: request))
            state.nextTicket += 1
            return true
        }
        if accepted {
            jobsAvailable.signal()
        }
    }

    /// Drops queued requests and undrained results matching `isCancelled`, and marks matching requests in flight so
    /// that their results are discarded.
    func cancel(where isCancelled: (DecodeRequest) -> Bool) {
        // The dropped results are returned so that their surfaces are freed after the lock is released.
        _ = state.withLock { state in
            state.queued.removeAll { isCancelled($0.request) }
            for (ticket, request) in state.inFlight where isCancelled(request) {
                state.discardedTickets.insert(ticket)
            }
            let dropped = state.results.filter { isCancelled($0.result.request) }.map(\.result)
            state.results.removeAll { isCancelled($0.result.request) }
            state.notes.removeAll { isCancelled($0.note.request) }
            state.previews.removeAll { isCancelled($0.preview.request) }
            // The result decoding alone was cancelled before the window took it (the first photo asked again for the
            // display's profile): the next request is decoded alone in its place.
            if state.aloneDelivered, state.results.isEmpty, !state.hasDrained { state.aloneDelivered = false }
            state.releaseIdleWaitersIfDone()
            return dropped
        }
        jobsAvailable.signal()
    }

    /// The next job for a decode thread, waiting for one if needed; nil once the inbox is shut down.
    func nextJob() -> Job? {
        while true {
            jobsAvailable.wait()
            let (job, isShutDown): (Job?, Bool) = state.withLock { state in
                guard !state.isShutDown, !state.queued.isEmpty,
                    !state.decodesAlone || (state.inFlight.isEmpty && !state.aloneDelivered)
                else {
                    return (nil, state.isShutDown)
                }
                let job = state.queued.removeFirst()
                state.inFlight[job.ticket] = job.request
                return (job, false)
            }
            if isShutDown { return nil }
            if let job { return job }
        }
    }

    /// Records the result of `job`, unless it was cancelled meanwhile; the thread then pushes a wake-up event if this
    /// returns true and calls `retire`. A wake-up is needed only when none is pending since the last drain, since one
    /// wake-up drains everything.
    func finish(_ job: Job, result: DecodeResult) -> Bool {
        finish(job) { state in
            // The result carries what the header note said.
            state.notes.removeAll { $0.ticket == job.ticket }
            // Undrained, the first picture is never shown: the sharp one replaces it.
            state.previews.removeAll { $0.ticket == job.ticket }
            state.results.append((job.ticket, result))
        }
    }

    /// Ends `job` with an `.unchanged` note instead of a result, as `finish(_:result:)` does.
    func finish(_ job: Job, unchanged note: DecodeNote) -> Bool {
        finish(job) { state in state.notes.append((job.ticket, note)) }
    }

    /// Adds a `.header` note for `job`, which is still decoding, unless it was cancelled; returns whether the thread
    /// must push a wake-up event.
    func post(_ job: Job, header note: DecodeNote) -> Bool {
        state.withLock { state in
            guard state.inFlight[job.ticket] != nil, !state.discardedTickets.contains(job.ticket), !state.isShutDown
            else { return false }
            state.notes.append((job.ticket, note))
            defer { state.wakePending = true }
            return !state.wakePending
        }
    }

    /// Adds a first picture for `job`, which is still decoding, unless it was cancelled; returns whether the thread must
    /// push a wake-up event.
    func post(_ job: Job, preview: DecodeResult) -> Bool {
        state.withLock { state in
            guard state.inFlight[job.ticket] != nil, !state.discardedTickets.contains(job.ticket), !state.isShutDown
            else { return false }
            state.previews.append((job.ticket, preview))
            state.releaseResultWaitersIfOver()
            defer { state.wakePending = true }
            return !state.wakePending
        }
    }

    /// Takes every first picture, in submission order.
    func drainPreviews() -> [DecodeResult] {
        state.withLock { state in
            let previews = state.previews.sorted { $0.ticket < $1.ticket }.map(\.preview)
            state.previews.removeAll()
            return previews
        }
    }

    /// Ends `job`, storing its answer with `deliver` unless it was discarded.
    private func finish(_ job: Job, deliver: (inout State) -> Void) -> Bool {
        let (needsWake, nextMayStart) = state.withLock { state in
            state.inFlight[job.ticket] = nil
            state.announcing.insert(job.ticket)
            let isDiscarded = state.discardedTickets.remove(job.ticket) != nil || state.isShutDown
            let needsWake = !isDiscarded && !state.wakePending
            if !isDiscarded {
                deliver(&state)
                state.wakePending = true
                if state.decodesAlone { state.aloneDelivered = true }
            }
            state.releaseResultWaitersIfOver()
            return (needsWake, state.decodesAlone && !state.aloneDelivered && !state.queued.isEmpty)
        }
        // Decoding alone, the other threads went back to waiting while this job ran: the next job needs a signal.
        if nextMayStart { jobsAvailable.signal() }
        return needsWake
    }

    /// Ends `job` after its wake-up event (if any) was pushed, releasing `waitUntilIdle` callers when nothing is left.
    func retire(_ job: Job) {
        state.withLock { state in
            state.announcing.remove(job.ticket)
            state.releaseIdleWaitersIfDone()
        }
    }

    /// Takes every finished result, in submission order.
    func drain() -> [DecodeResult] {
        state.withLock { state in
            let finished = state.results.sorted { $0.ticket < $1.ticket }.map(\.result)
            state.results.removeAll()
            state.hasDrained = state.hasDrained || !finished.isEmpty
            state.wakePending = false
            return finished
        }
    }

    /// Takes every note, in submission order (results come from `drain()`).
    func drainNotes() -> [DecodeNote] {
        state.withLock { state in
            let notes = state.notes.sorted { $0.ticket < $1.ticket }.map(\.note)
            state.notes.removeAll()
            state.wakePending = false
            return notes
        }
    }

    /// Requests queued or decoding whose results will still be delivered (none after shutdown).
    var pendingCount: Int { state.withLock(\.pendingCount) }

    /// Blocks until a result or a first picture waits to be drained, nothing is pending, waits are abandoned, or
    /// `deadline` passes.
    func waitForResult(until deadline: DispatchTime) {
        let waiter: DispatchSemaphore? = state.withLock { state in
            guard !state.resultWaitIsOver else { return nil }
            let waiter = DispatchSemaphore(value: 0)
            state.resultWaiters.append(waiter)
            return waiter
        }
        guard let waiter, waiter.wait(timeout: deadline) == .timedOut else { return }
        state.withLock { state in state.resultWaiters.removeAll { $0 === waiter } }
    }

    /// Whether `waitForResult` would return at once: a result or a first picture is ready, or nothing is left to wait
    /// for.
    var resultWaitIsOver: Bool { state.withLock { $0.resultWaitIsOver } }

    /// Blocks until nothing is queued, decoding or being announced (or the inbox is shut down).
    func waitUntilIdle() {
        let waiter: DispatchSemaphore? = state.withLock { state in
            guard !state.isIdle, !state.isShutDown, !state.waitsAbandoned else { return nil }
            let waiter = DispatchSemaphore(value: 0)
            state.idleWaiters.append(waiter)
            return waiter
        }
        waiter?.wait()
    }

    /// From now on `waitUntilIdle` returns at once, and those waiting return now: a stop abandons decodes in progress.
    func abandonWaits() {
        state.withLock { state in
            state.waitsAbandoned = true
            for waiter in state.idleWaiters + state.resultWaiters { waiter.signal() }
            state.idleWaiters.removeAll()
            state.resultWaiters.removeAll()
        }
    }

    /// Whether `abandonWaits` was called.
    var waitsAbandoned: Bool { state.withLock { $0.waitsAbandoned } }

    /// Stops accepting work, drops the queue and tells `threadCount` threads to exit; false if already shut down.
    func shutDown(threadCount: Int) -> Bool {
        let isFirstShutdown = state.withLock { state in
            guard !state.isShutDown else { return false }
            state.isShutDown = true
            state.queued.removeAll()
            state.releaseIdleWaitersIfDone()
            return true
        }
        guard isFirstShutdown else { return false }
        for _ in 0..<threadCount {
            jobsAvailable.signal()
        }
        return true
    }

    /// Called by each decode thread as its last act.
    func threadDidExit() {
        threadExits.signal()
    }

    /// Blocks until `threadCount` threads have called `threadDidExit` or `deadline` passes; false if some had not.
    func waitForThreadExits(threadCount: Int, deadline: DispatchTime) -> Bool {
        for _ in 0..<threadCount where threadExits.wait(timeout: deadline) == .timedOut {
            return false
        }
        return true
    }
}
