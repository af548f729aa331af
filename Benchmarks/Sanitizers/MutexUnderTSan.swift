// Does ThreadSanitizer understand Synchronization.Mutex? Two threads add to a counter, each addition inside
// `withLock`, so the program is race-free. `make sanitize` builds it with -sanitize=thread and runs it three ways:
//   mutex      Synchronization.Mutex        (correct; TSan reports a data race here = a false positive)
//   pthread    a pthread_mutex_t lock       (correct; TSan is silent)
//   unlocked   no lock at all               (a real race; TSan must report it, showing the check works)
import Glibc
import Synchronization

final class PThreadLocked: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value = 0
    init() { pthread_mutex_init(mutex, nil) }
    func add() { pthread_mutex_lock(mutex); value += 1; pthread_mutex_unlock(mutex) }
    var total: Int { pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }; return value }
}

final class Unlocked: @unchecked Sendable {
    private var value = 0
    func add() { value += 1 }
    var total: Int { value }
}

/// Runs `body` on two new threads at once and waits for both (real threads, so the two really overlap).
func onTwoThreads(_ body: @escaping @Sendable () -> Void) {
    final class Box {
        let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var threads: [pthread_t] = []
    for _ in 0..<2 {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        pthread_create(
            &thread, nil,
            { argument in
                let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
                box.body()
                return nil
            }, box)
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
}

let iterations = 100_000
let variant = CommandLine.arguments.dropFirst().first ?? "mutex"
let total: Int
switch variant {
case "mutex":
    let counter = Mutex(0)
    onTwoThreads { for _ in 0..<iterations { counter.withLock { $0 += 1 } } }
    total = counter.withLock { $0 }
case "pthread":
    let counter = PThreadLocked()
    onTwoThreads { for _ in 0..<iterations { counter.add() } }
    total = counter.total
default:
    let counter = Unlocked()
    onTwoThreads { for _ in 0..<iterations { counter.add() } }
    total = counter.total
}
print("\(variant): total \(total) of \(2 * iterations)")
