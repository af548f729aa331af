import Glibc

/// A value guarded by a `pthread_mutex_t`: `Synchronization.Mutex` in a form ThreadSanitizer understands.
///
/// `Mutex` on Linux locks with atomics and futexes inside the uninstrumented Swift runtime, so TSan sees no
/// happens-before between two critical sections and reports every guarded access as a race (see
/// docs/RELIABILITY.md, "ThreadSanitizer and `Synchronization.Mutex`", and Benchmarks/Sanitizers/MutexUnderTSan.swift). TSan intercepts `pthread_mutex_lock`, so with this lock a
/// report on guarded state is a real race again. Used for shared state in GalleryCore, Gallery and Imaging, beside
/// `ConditionLock` (the same lock with a condition) where a thread waits for a change (`DecodeBudget`).
///
/// `@unchecked Sendable` as `Mutex` is `Sendable`: the value is reachable only inside `withLock`, with the lock held,
/// and what crosses the lock is `sending` (the initial value, the value lent to `body`, what `body` returns), so the
/// compiler rejects a non-`Sendable` value that the caller could still reach from outside the lock.
package final class LockedState<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Guards `value`.
    package init(_ value: sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held; `body` must not block or take this lock again.
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
