import Glibc

/// Starts a named, detached POSIX thread: what `Foundation.Thread` did here, without linking Foundation.
///
/// Foundation's `Thread` is not in FoundationEssentials, and linking all of Foundation (with ICU) costs the process
/// ~7 MB of RSS and several milliseconds of start-up (docs/PERFORMANCE.md), for a thread start and a name.
package enum DetachedThread {
    /// The longest name Linux keeps for a thread (16 bytes with the terminating NUL); longer ones are cut.
    package static let maximumNameLength = 15

    /// Runs `body` on a new detached thread named `name` (cut to `maximumNameLength` bytes), with the default stack.
    /// Traps if the system cannot start a thread, as `Thread.start()` did.
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { argument in
                let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
                body.nameCurrentThread()
                body.body()
                return nil
            }, box)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            fatalError("cannot start thread \(name): \(String(cString: strerror(status)))")
        }
        pthread_detach(thread)
    }

    /// The thread's name and work, carried across `pthread_create`'s untyped argument.
    private final class Body {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }

        /// Names the calling thread for `top -H`, gdb and perf; a failure only leaves the name unset. Written to
        /// `/proc/thread-self/comm`: `pthread_setname_np` is a GNU extension the Glibc module does not export.
        func nameCurrentThread() {
            let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            let bytes = Array(name.utf8.prefix(DetachedThread.maximumNameLength))
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
    }
}
