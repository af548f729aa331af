/// Where feed mode's next pages come from: one request at a time, answered now, later on the caller's clock, or
/// later from another thread. Asked on the main actor, by the gallery it feeds; the feed never asks twice before an
/// answer.
@MainActor
public protocol FeedSource: AnyObject {
    /// Starts a request at `time` (the caller's clock, virtual in headless runs).
    func request(at time: Double)
    /// The answer to the request in flight once it is ready at `time`; `nil` before, or when none is in flight.
    func poll(at time: Double) -> FeedResponse?
    /// When the answer is due on the caller's clock, so an idle window can wake for it; `nil` when no request is in
    /// flight or the answer comes from another thread (which wakes the window itself).
    var dueTime: Double? { get }
    /// Whether answers come from the real world (a folder, a command), so a headless run must wait for them in real
    /// time rather than on its virtual clock.
    var answersInRealTime: Bool { get }
    /// Blocks until an answer is ready or `seconds` of real time have passed (headless runs waiting on the world).
    func waitForAnswer(upTo seconds: Double)
    /// Ends the source for good: a request in progress (a command, with everything it started) is stopped, and no
    /// answer follows. Called when the run showing the feed ends.
    func stop()
}

extension FeedSource {
    /// Nothing to stop for sources with no thread or process of their own.
    public func stop() {}
}
