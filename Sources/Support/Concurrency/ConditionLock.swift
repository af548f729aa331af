import Glibc

/// A `pthread_mutex_t` with a `pthread_cond_t`: `NSCondition`'s lock, wait and broadcast without linking Foundation
/// (which FoundationEssentials does not have), and in a form ThreadSanitizer understands, as `LockedState` is.
package final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// An unlocked lock with no waiters.
    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        let mutexStatus = pthread_mutex_init(mutex, nil)
        precondition(mutexStatus == 0, "pthread_mutex_init failed: \(mutexStatus)")
        // Timed waits count on the monotonic clock, which a change of the wall clock does not move.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        let conditionStatus = pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        precondition(conditionStatus == 0, "pthread_cond_init failed: \(conditionStatus)")
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Takes the lock, waiting for it if another thread holds it.
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Gives the lock back.
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// With the lock held: releases it until a `broadcast()` (or a spurious wake-up, so callers wait in a loop), then
    /// holds it again.
    package func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// As `wait()`, but for at most until `deadline` (`MonotonicClock.seconds()`); false when the deadline passed.
    package func wait(until deadline: Double) -> Bool {
        let seconds = deadline.rounded(.down)
        guard seconds.isFinite, seconds < Double(Int.max) else {
            wait()
            return true
        }
        var until = timespec(tv_sec: Int(max(seconds, 0)), tv_nsec: Int(max(deadline - seconds, 0) * 1e9))
        return pthread_cond_timedwait(condition, mutex, &until) != ETIMEDOUT
    }

    /// Wakes every thread in `wait()`.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
