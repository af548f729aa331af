import Glibc

/// A one-way switch that a thread waiting in `poll(2)` sees at once: `cancel` makes `descriptor` readable for good.
/// A child's run waits on it beside its pipes instead of waking up every few milliseconds to ask.
package final class CancellationSignal: Sendable {
    /// Readable once cancelled (the read end of a pipe that `cancel` writes a byte into and nobody drains).
    package let descriptor: Int32
    private let writeEnd: Int32
    private let cancelled = LockedState(false)

    /// A switch not yet cancelled.
    package init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Cancels: every wait on `descriptor`, now and later, returns.
    package func cancel() {
        let first = cancelled.withLock { state in
            defer { state = true }
            return !state
        }
        guard first, writeEnd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Whether `cancel` was called.
    package var isCancelled: Bool { cancelled.withLock { $0 } }
}
