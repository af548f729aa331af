import GalleryCore

/// The bytes all decode threads may hold at once: a decode reserves its estimate before it allocates and returns it
/// when done, so huge photos decode one at a time instead of together.
///
/// A reservation larger than the whole budget is granted only while nothing else is reserved (it runs alone rather
/// than never). `close()` wakes every waiter with a refusal, so shutdown never waits on a reservation.
public final class DecodeBudget: @unchecked Sendable {
    /// The budget in bytes.
    public let totalBytes: Int
    // The condition lock guards `reservedBytes`, `peakReservedBytes` and `isClosed`; hence @unchecked Sendable.
    private let condition = ConditionLock()
    private var reservedBytes = 0
    private var peakReserved = 0
    private var isClosed = false

    /// A budget of `totalBytes` (default 512 MB).
    public init(totalBytes: Int = 512 << 20) {
        self.totalBytes = max(totalBytes, 1)
    }

    /// Waits until `bytes` fit beside the other reservations and takes them; false if the budget was closed meanwhile.
    public func reserve(_ bytes: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !isClosed, reservedBytes > 0, reservedBytes + bytes > totalBytes {
            condition.wait()
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

    /// The most bytes reserved at once so far.
    public var peakReservedBytes: Int {
        condition.lock()
        defer { condition.unlock() }
        return peakReserved
    }
}
