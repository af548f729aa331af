import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process run to completion with its peak memory measured by the kernel (`wait4`'s `ru_maxrss`).
struct MeasuredProcess {
    /// The exit status (128 + signal number when killed by a signal).
    var status: Int32
    /// Peak resident set size in bytes.
    var peakResidentBytes: Int
    /// Wall time from spawn to exit, in seconds.
    var seconds: Double

    /// Runs `executable` with `arguments`, output discarded, and waits for it.
    static func run(_ executable: String, _ arguments: [String]) throws -> MeasuredProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = Date()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return MeasuredProcess(status: exitStatus, peakResidentBytes: Int(usage.ru_maxrss) * 1024,
                               seconds: Date().timeIntervalSince(start))
    }
}
