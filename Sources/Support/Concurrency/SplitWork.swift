/// Work cut into parts that run at once: part 0 on the calling thread, every other part on a thread of its own, all
/// of them finished when `run` returns.
///
/// For a few milliseconds of work on both cores (a picture's rows), where a pool's hand-off would cost as much as a
/// thread's start (about 50 µs).
package enum SplitWork {
    /// Runs `body(part)` for each part in `0..<parts` at once, and returns when every part has returned.
    package static func run(parts: Int, name: String, _ body: @escaping @Sendable (Int) -> Void) {
        guard parts > 1 else {
            body(0)
            return
        }
        let pending = Pending(count: parts - 1)
        for part in 1..<parts {
            DetachedThread.start(name: name) {
                body(part)
                pending.finishOne()
            }
        }
        body(0)
        pending.waitForAll()
    }

    /// The parts still running on other threads, under a lock.
    private final class Pending: @unchecked Sendable {
        private let condition = ConditionLock()
        private var count: Int

        init(count: Int) {
            self.count = count
        }

        func finishOne() {
            condition.lock()
            count -= 1
            condition.broadcast()
            condition.unlock()
        }

        func waitForAll() {
            condition.lock()
            while count > 0 { condition.wait() }
            condition.unlock()
        }
    }
}
