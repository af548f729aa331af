import Foundation
import Glibc
import Support

/// The built `gallery` run as a child with `posix_spawn` and reaped with `wait4`, so that a test can signal it and read
/// its own peak memory (Foundation's `Process` gives neither the child's rusage nor the moment it ended).
struct ChildProcess {
    /// The process id.
    let pid: pid_t
    /// When it was started.
    let started = ContinuousClock.now

    /// How a child ended.
    struct Ending {
        /// The exit status, or 128 + the signal that killed it.
        var status: Int32
        /// The signal that killed it (its default action, or no handler), or nil when it exited.
        var killedBy: Int32?
        /// The child's peak resident set, in kilobytes.
        var maximumResidentKilobytes: Int
        /// The CPU time the child used, user and system, in seconds.
        var cpuSeconds: Double
        /// When `wait4` returned.
        var ended: ContinuousClock.Instant
    }

    /// Starts `gallery` with `arguments`, standard output and error to `/dev/null` unless `errorPath` names a file.
    init(arguments: [String], environment: [String: String] = [:], errorPath: String = "/dev/null") throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let executable = GalleryProcess.executable.path
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        let envp = variables.map { strdup("\($0)=\($1)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        self.pid = pid
    }

    /// Sends `signal`.
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits for the child to end.
    func wait() -> Ending {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let ended = ContinuousClock.now
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Ending(
            status: exitStatus, killedBy: (status & 0x7F) == 0 ? nil : status & 0x7F,
            maximumResidentKilobytes: usage.ru_maxrss, cpuSeconds: cpu, ended: ended)
    }

    /// Runs `gallery` with `arguments` to the end.
    static func run(_ arguments: [String], errorPath: String = "/dev/null") throws -> Ending {
        try ChildProcess(arguments: arguments, errorPath: errorPath).wait()
    }
}
