import Dispatch

extension DecodeInbox {
    /// Everything a `DecodeInbox` guards by its mutex: the jobs queued and decoding, their answers waiting to be drained,
    /// and the threads waiting on them.
    struct State {
        /// Jobs waiting for a thread, in submission order.
        var queued: [Job] = []
        /// Requests being decoded, by ticket.
        var inFlight: [Int: DecodeRequest] = [:]
        /// Tickets in flight whose result is thrown away when it arrives (cancelled while decoding).
        var discardedTickets: Set<Int> = []
        /// Tickets whose outcome is stored (or discarded) but whose thread has not yet pushed the wake-up event.
        var announcing: Set<Int> = []
        /// Finished results not drained yet.
        var results: [(ticket: Int, result: DecodeResult)] = []
        /// Headers read for requests still decoding, and unchanged files (which end their request).
        var notes: [(ticket: Int, note: DecodeNote)] = []
        /// First pictures of pages still decoding (`post(_:preview:)`); a page's result removes its preview.
        var previews: [(ticket: Int, preview: DecodeResult)] = []
        /// Whether a wake-up was pushed since the main loop last drained: one wake-up drains everything.
        var wakePending = false
        /// The next job's submission number.
        var nextTicket = 0
        /// No more work is taken, and the threads exit.
        var isShutDown = false
        /// A stop was requested: nothing waits for decodes any more (`abandonWaits`).
        var waitsAbandoned = false
        /// One decode at a time, until `decodeInParallel()`: at start, the first photo gets a core to itself.
        var decodesAlone = false
        /// A result came while decoding alone: the next decode waits for `decodeInParallel()`, so the window shows
        /// that photo before a neighbour's decode (two threads in a decoder process) takes both cores from it.
        var aloneDelivered = false
        /// Whether any result has been drained (the main loop has taken its first photo).
        var hasDrained = false
        /// `waitUntilIdle` callers, woken once nothing is left to wait for.
        var idleWaiters: [DispatchSemaphore] = []
        /// `waitForResult` callers, woken when a result waits, nothing is pending any more, or waits are over.
        var resultWaiters: [DispatchSemaphore] = []

        /// Nothing queued, decoding or being announced (cancelled decodes still running count as decoding), so every
        /// result is drainable and every wake-up event pushed.
        var isIdle: Bool { queued.isEmpty && inFlight.isEmpty && announcing.isEmpty }

        /// Requests queued or decoding whose results will still be delivered (none after shutdown).
        var pendingCount: Int { isShutDown ? 0 : queued.count + inFlight.count - discardedTickets.count }

        /// Whether a `waitForResult` caller has nothing more to wait for: a page's first picture (a HEIF file's
        /// thumbnail) ends the wait as its result would, so a window shows it at once rather than wait for the
        /// sharp decode.
        var resultWaitIsOver: Bool { !results.isEmpty || !previews.isEmpty || pendingCount <= 0 || waitsAbandoned }

        /// Wakes every `waitForResult` caller once a result waits or none will come.
        mutating func releaseResultWaitersIfOver() {
            guard resultWaitIsOver else { return }
            for waiter in resultWaiters { waiter.signal() }
            resultWaiters.removeAll()
        }

        /// Wakes every `waitUntilIdle` caller once there is nothing left to wait for (and `waitForResult` callers
        /// whose wait is over).
        mutating func releaseIdleWaitersIfDone() {
            releaseResultWaitersIfOver()
            guard isIdle || isShutDown else { return }
            for waiter in idleWaiters { waiter.signal() }
            idleWaiters.removeAll()
        }
    }
}
