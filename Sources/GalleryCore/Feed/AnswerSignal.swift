import Dispatch

/// Wakes a headless run waiting for a threaded feed source's answer (`ThreadedFeedSource.waitForAnswer`) the moment
/// the source's thread sets it, instead of the waiter polling.
public final class AnswerSignal: Sendable {
    /// Signalled once per answer; a signal nobody waited for only makes a later wait look once more and wait again.
    private let semaphore = DispatchSemaphore(value: 0)

    /// A signal nobody waits on yet.
    public init() {}

    /// Called by the source's thread after it set an answer.
    public func notify() {
        semaphore.signal()
    }

    /// Waits while `isAwaiting()` holds, for at most `seconds`.
    public func wait(upTo seconds: Double, while isAwaiting: () -> Bool) {
        let deadline = DispatchTime.now() + seconds
        while isAwaiting(), semaphore.wait(timeout: deadline) == .success {}
    }
}
