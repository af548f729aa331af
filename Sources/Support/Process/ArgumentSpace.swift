import Glibc

/// The room a new process's command line has: the system's `ARG_MAX` less this process's environment (which the child
/// inherits) and POSIX's 2,048 bytes of headroom, as `xargs` reckons it.
package enum ArgumentSpace {
    /// Bytes of arguments (each counted with its NUL and its pointer) that a child started now can take.
    package static func available() -> Int {
        let limit = sysconf(Int32(_SC_ARG_MAX))
        var environment = 0
        var entry = environ
        while let string = entry.pointee {
            environment += strlen(string) + 1 + MemoryLayout<UnsafeMutablePointer<CChar>>.size
            entry += 1
        }
        // Linux gives a quarter of the stack limit, at least 128 KiB; the fallback is POSIX's smallest ARG_MAX.
        return max((limit > 0 ? limit : 4096) - environment - 2048, 4096)
    }
}
