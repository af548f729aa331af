import Foundation
import Glibc

/// A child process run to completion with its peak memory: the kernel's high-water mark (`VmHWM` in
/// `/proc/PID/status`), read every half millisecond while it runs.
///
/// Not `wait4`'s `ru_maxrss`: a child spawned with vfork inherits the parent's high-water mark at exec, so a test
/// process larger than the child would hide the child's peak.
struct MeasuredProcess {
    /// The exit status (128 + signal number when killed by a signal).
    var status: Int32
    /// Peak resident set size in bytes.
    var peakResidentBytes: Int
    /// The largest peak resident set size of its child processes (its decoders) seen while they ran; 0 if none was.
    var peakChildBytes = 0
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
        var peak = 0
        var childPeak = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0, errno != EINTR { throw POSIXError(.ECHILD) }
            peak = max(peak, highWaterMark(of: pid) ?? 0)
            for child in children(of: pid) { childPeak = max(childPeak, highWaterMark(of: child) ?? 0) }
            usleep(500)
        }
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return MeasuredProcess(
            status: exitStatus, peakResidentBytes: peak, peakChildBytes: childPeak,
            seconds: Date().timeIntervalSince(start))
    }

    /// The ids of the live children of `pid`'s threads (`/proc/PID/task/TID/children`).
    static func children(of pid: pid_t) -> [pid_t] {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return [] }
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { pid_t($0) }
        }
    }

    /// The `VmHWM` of a live process in bytes; nil once it has exited.
    static func highWaterMark(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
    }
}
