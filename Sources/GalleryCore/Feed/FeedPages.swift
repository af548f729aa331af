import PagerEngine
import Support

/// Which photo each feed page shows: the opened photos first, in order, then whatever the source appended.
///
/// The opened photos are a count, not a list, so a feed over a huge synthetic gallery costs nothing until it grows.
public struct FeedPages: Equatable, Sendable {
    /// The number of opened photos the feed starts with (page p < this shows photo p).
    public let initialCount: Int
    /// The photos of the appended pages, in order.
    public private(set) var appended: [PhotoID] = []

    /// A feed that starts with the `initialCount` opened photos.
    public init(initialCount: Int) {
        self.initialCount = max(initialCount, 0)
    }

    /// The number of pages loaded so far.
    public var count: Int { initialCount + appended.count }

    /// The photo feed page `page` shows (`page` in `0..<count`).
    public func photo(atPage page: PageIndex) -> PhotoID {
        page.rawValue < initialCount ? PhotoID(page.rawValue) : appended[page.rawValue - initialCount]
    }

    /// Adds pages showing `photos` at the end.
    public mutating func append(_ photos: [PhotoID]) {
        appended += photos
    }

    /// The page showing `photo` nearest to `page` (the earlier one on a tie), or `nil` if no page shows it.
    public func page(showing photo: PhotoID, near page: PageIndex) -> PageIndex? {
        let near = page.rawValue
        var best: Int? = photo.rawValue >= 0 && photo.rawValue < initialCount ? photo.rawValue : nil
        for (offset, shown) in appended.enumerated() where shown == photo {
            let candidate = initialCount + offset
            if best.map({ abs(candidate - near) < abs($0 - near) }) ?? true { best = candidate }
        }
        return best.map { PageIndex($0) }
    }
}
