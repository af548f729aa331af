import Support

/// The bytes all decode threads may hold at once: a decode reserves its estimate before it allocates and returns it
/// when done, so huge photos decode one at a time instead of together.
///
/// A reservation larger than the whole budget is granted only while nothing else is reserved (it runs alone rather
/// than never). `close()` wakes every waiter with a refusal, so shutdown never waits on a reservation.
public final class DecodeBudget: @unchecked Sendable {
    /// The budget in bytes.
    public let totalBytes: Int
    // The condition lock guards `reservedBytes`, `peakReserved`, `isClosed` and `waiters`; hence @unchecked Sendable.
    private let condition = ConditionLock()
    private var reservedBytes = 0
    private var peakReserved = 0
    private var isClosed = false
    private var waiters = 0

    /// A budget of `totalBytes` (default 512 MB).
    public init(totalBytes: Int = 512 << 20) {
        self.totalBytes = max(totalBytes, 1)
    }

    /// Waits until `bytes` fit beside the other reservations and takes them; false if the budget was closed meanwhile.
    public func reserve(_ bytes: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !isClosed, reservedBytes > 0, reservedBytes + bytes > totalBytes {
            waiters += 1
            condition.wait()
            waiters -= 1
        }
        guard !isClosed else { return false }
        reservedBytes += bytes
        peakReserved = max(peakReserved, reservedBytes)
        return true
    }

    /// Returns `bytes` taken by `reserve`.
    public func release(_ bytes: Int) {
        condition.lock()
        reservedBytes -= bytes
        condition.broadcast()
        condition.unlock()
    }

    /// Refuses every waiting and later reservation.
    public func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }

    /// How many reservations are waiting for bytes now: lets a test know a reservation is blocked, not merely late.
    package var waitingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiters
    }

    /// The most bytes reserved at once so far.
    public var peakReservedBytes: Int {
        condition.lock()
        defer { condition.unlock() }
        return peakReserved
    }
}
