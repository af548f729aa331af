import Dispatch

/// Wakes a thread waiting for a condition another thread sets, the moment it is set, instead of the waiter polling:
/// a threaded feed source's answer (`ThreadedFeedSource.waitForAnswer`), the end of a feed command's run
/// (`CommandFeedSource.stop`), the end of a process group (`ProcessGroups.terminateAll`). One waiter at a time.
public final class AnswerSignal: Sendable {
    /// Signalled once per change; a signal nobody waited for only makes a later wait look once more and wait again.
    private let semaphore = DispatchSemaphore(value: 0)

    /// A signal nobody waits on yet.
    public init() {}

    /// Called by the setting thread after it changed what the waiter looks at.
    public func notify() {
        semaphore.signal()
    }

    /// Waits while `isAwaiting()` holds, for at most `seconds`.
    public func wait(upTo seconds: Double, while isAwaiting: () -> Bool) {
        let deadline = DispatchTime.now() + seconds
        while isAwaiting(), semaphore.wait(timeout: deadline) == .success {}
    }
}
