import Support

/// A simulated network on the caller's clock: each request answers after `delay` seconds with the next
/// `batch` opened photos, in rounds, or fails with probability `failureRate` drawn from a seeded generator.
///
/// No real time is read, so a headless run with the same seed gives the same feed byte for byte.
public final class SimulatedFeedSource: FeedSource {
    /// The seed's `delay(1, …)` before new content appears, in seconds.
    public nonisolated static let defaultDelay = 1.0
    /// Pages each successful request appends.
    public nonisolated static let defaultBatch = 6

    /// Seconds between a request and its answer.
    public let delay: Double
    /// Pages each successful request appends.
    public let batch: Int
    /// The probability, in [0, 1], that a request fails.
    public let failureRate: Double
    /// The number of opened photos the pages cycle through.
    public let photoCount: Int
    /// The photo the next appended page shows.
    public private(set) var nextPhoto: Int
    /// Requests made so far, including the one in flight.
    public private(set) var requestCount = 0
    private var random: SplitMix64
    /// When the request in flight answers; `nil` when none is in flight.
    public private(set) var dueTime: Double?

    /// A source over `photoCount` opened photos whose first page shows photo `firstPhoto` (after the ones already
    /// shown: by default a new round starts).
    public init(
        photoCount: Int, firstPhoto: Int = 0, delay: Double = SimulatedFeedSource.defaultDelay,
        batch: Int = SimulatedFeedSource.defaultBatch, failureRate: Double = 0, seed: UInt64 = 0
    ) {
        precondition(photoCount > 0, "a feed needs at least one photo")
        precondition(delay >= 0 && delay.isFinite, "the feed delay must be a finite number of seconds ≥ 0")
        precondition(batch > 0, "a feed load must append at least one page")
        precondition((0...1).contains(failureRate), "a failure rate is a probability")
        self.photoCount = photoCount
        self.nextPhoto = ((firstPhoto % photoCount) + photoCount) % photoCount
        self.delay = delay
        self.batch = batch
        self.failureRate = failureRate
        self.random = SplitMix64(seed: seed)
    }

    /// Starts a request answered `delay` seconds after `time`; a second request while one is in flight is ignored.
    public func request(at time: Double) {
        guard dueTime == nil else { return }
        requestCount += 1
        dueTime = time + delay
    }

    /// The answer once `time` reaches the due time: the next `batch` photos, or a failure.
    public func poll(at time: Double) -> FeedResponse? {
        guard let due = dueTime, time >= due else { return nil }
        dueTime = nil
        // One draw per request whatever the rate, so changing the rate does not reshuffle later requests.
        if random.nextUnitInterval() < failureRate {
            return .failed(reason: "simulated network failure (request \(requestCount))")
        }
        let items = (0..<batch).map { FeedItem.photo(PhotoID((nextPhoto + $0) % photoCount)) }
        nextPhoto = (nextPhoto + batch) % photoCount
        return .appended(items)
    }

    /// False: the answer is due on the caller's clock.
    public var answersInRealTime: Bool { false }

    /// Returns at once: the answer depends only on the caller's clock.
    public func waitForAnswer(upTo seconds: Double) {}
}
