/// The simulated network of seed 001 on the caller's clock: a request answers after `delay` seconds,
/// appending pages that cycle through the photo list, or failing on a fixed schedule.
///
/// No real time is read: the frame loop passes its (possibly virtual) time to `request` and `poll`,
/// so headless runs are deterministic.
public struct FeedSource: Equatable, Sendable {
    /// The seed's `delay(1, …)` before new content appears.
    public static let defaultDelay = 1.0
    /// Pages appended per successful request.
    public static let defaultPagesPerLoad = 3

    /// Seconds between a request and its answer.
    public let delay: Double
    /// Pages each successful request appends.
    public let pagesPerLoad: Int
    /// When set to k, requests number k, 2k, 3k … fail (counting from 1); `nil` means none fails.
    public let failEvery: Int?
    /// The photos the pages cycle through: page p shows photo `p % photoCount`.
    public let photoCount: Int
    /// Pages in the feed so far.
    public private(set) var pageCount: Int
    /// Requests accepted so far, including the one in flight.
    public private(set) var requestCount = 0
    /// When the request in flight answers; `nil` when none is in flight.
    public private(set) var nextDueTime: Double?
    /// The reason of the last request if it failed, until the next request starts (the feed shows retry meanwhile).
    public private(set) var lastFailure: String?

    /// Creates a feed showing `initialPageCount` pages (default: each photo once) of `photoCount` photos.
    public init(
        photoCount: Int,
        initialPageCount: Int? = nil,
        delay: Double = FeedSource.defaultDelay,
        pagesPerLoad: Int = FeedSource.defaultPagesPerLoad,
        failEvery: Int? = nil
    ) {
        precondition(photoCount > 0, "a feed needs at least one photo")
        precondition(delay >= 0 && delay.isFinite, "the feed delay must be a finite number of seconds ≥ 0")
        precondition(pagesPerLoad > 0, "a feed load must append at least one page")
        precondition(failEvery.map { $0 > 0 } ?? true, "failEvery counts requests from 1")
        self.photoCount = photoCount
        self.pageCount = initialPageCount ?? photoCount
        self.delay = delay
        self.pagesPerLoad = pagesPerLoad
        self.failEvery = failEvery
    }

    /// Whether a request is in flight (the spinner page spins).
    public var isLoading: Bool { nextDueTime != nil }

    /// The photo that feed page `page` shows.
    public func photo(forPage page: Int) -> Int {
        page % photoCount
    }

    /// Starts a request at `time`; returns `false`, changing nothing, when one is already in flight.
    @discardableResult
    public mutating func request(at time: Double) -> Bool {
        guard !isLoading else { return false }
        requestCount += 1
        nextDueTime = time + delay
        lastFailure = nil
        return true
    }

    /// The answer of the request in flight once `time` has reached its due time; `nil` before, or when idle.
    public mutating func poll(at time: Double) -> FeedResponse? {
        guard let dueTime = nextDueTime, time >= dueTime else { return nil }
        nextDueTime = nil
        if let failEvery, requestCount.isMultiple(of: failEvery) {
            let reason = "simulated network failure (request \(requestCount))"
            lastFailure = reason
            return .failed(reason: reason)
        }
        pageCount += pagesPerLoad
        return .appended(count: pagesPerLoad)
    }
}
