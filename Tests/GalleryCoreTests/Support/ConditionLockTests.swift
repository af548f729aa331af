import Foundation
import Support
import Testing

/// The lock's timed wait: it ends at its deadline on the monotonic clock, or earlier at a broadcast.
@Suite struct ConditionLockTests {
    @Test(arguments: [0.0, 0.05, 0.2])
    func aTimedWaitWithoutABroadcastEndsAtItsDeadline(seconds: Double) {
        let lock = ConditionLock()
        let started = MonotonicClock.seconds()
        lock.lock()
        let woken = lock.wait(until: started + seconds)
        lock.unlock()
        let waited = MonotonicClock.seconds() - started
        #expect(!woken)
        // Not before the deadline (a deadline read on another clock would end it at once), nor long after it.
        #expect(waited >= seconds)
        #expect(waited < seconds + 5)
    }

    @Test func aBroadcastEndsATimedWaitBeforeItsDeadline() {
        let lock = ConditionLock()
        let waiting = LockedState(false)
        let woken = LockedState<Bool?>(nil)
        let waiter = Thread {
            lock.lock()
            waiting.withLock { $0 = true }
            let result = lock.wait(until: MonotonicClock.seconds() + 30)
            lock.unlock()
            woken.withLock { $0 = result }
        }
        waiter.start()
        while !waiting.withLock({ $0 }) { usleep(1000) }
        let started = MonotonicClock.seconds()
        // The waiter holds the lock until it waits: once this thread has it, the waiter is in its wait.
        lock.lock()
        lock.broadcast()
        lock.unlock()
        while woken.withLock({ $0 }) == nil, MonotonicClock.seconds() - started < 10 { usleep(1000) }
        #expect(woken.withLock { $0 } == true)
        #expect(MonotonicClock.seconds() - started < 10)
    }
}
