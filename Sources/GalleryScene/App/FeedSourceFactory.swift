import GalleryCore

/// How to make the feed's source once the run knows how to wake its frame loop (sources with threads call the
/// wake-up when an answer arrives, so a sleeping window redraws).
public struct FeedSourceFactory: Sendable {
    /// Makes the source, given the wake-up to call from the source's threads.
    public let make: @MainActor @Sendable (_ wake: @escaping @Sendable () -> Void) throws -> any FeedSource

    /// A factory running `make`.
    public init(
        _ make: @escaping @MainActor @Sendable (_ wake: @escaping @Sendable () -> Void) throws -> any FeedSource
    ) {
        self.make = make
    }
}
