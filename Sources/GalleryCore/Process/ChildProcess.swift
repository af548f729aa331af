#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs `/bin/sh -c COMMAND` in a process group of its own, reading its output lines with bounds on count, line
/// length and time; the whole group is killed when a bound is hit, so no pipeline outlives its request.
package enum ChildProcess {
    /// What a run left.
    package struct Outcome: Equatable, Sendable {
        /// Standard output's lines, in order, at most `maxLines`, none empty.
        package var lines: [String]
        /// The exit status, or `nil` when a signal ended the process.
        package var exitStatus: Int32?
        /// The last non-empty line written to standard error.
        package var lastErrorLine: String?
        /// Whether the time limit killed it.
        package var timedOut: Bool
        /// Whether the line limit cut its output short (the group was killed once the limit was reached).
        package var truncated: Bool
    }

    /// Longest output line kept, in bytes; longer ones are dropped whole (no photo path is that long).
    package static let maxLineBytes = 4096

    /// Runs `command` with `/bin/sh -c`; gives up after `timeout` seconds or `maxLines` lines.
    package static func run(
        shellCommand command: String, timeout: Double, maxLines: Int, isCancelled: () -> Bool = { false }
    ) -> Result<Outcome, SpawnError> {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard makePipe(&output) == 0 else { return .failure(SpawnError(errno)) }
        guard makePipe(&errors) == 0 else {
            let code = errno
            close(output[0])
            close(output[1])
            return .failure(SpawnError(code))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments = words.map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments + [nil], environ)
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard spawned == 0 else { return .failure(SpawnError(spawned)) }

        var outcome = Outcome(lines: [], exitStatus: nil, lastErrorLine: nil, timedOut: false, truncated: false)
        var outputLine = LineBuffer()
        var errorLine = LineBuffer()
        var open: [Int32] = [output[0], errors[0]]
        let deadline = MonotonicClock.seconds() + timeout
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        reading: while !open.isEmpty {
            let remaining = deadline - MonotonicClock.seconds()
            if remaining <= 0 || isCancelled() {
                outcome.timedOut = remaining <= 0
                kill(-pid, SIGKILL)
                break
            }
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let waitMilliseconds = Int32(min(remaining, 0.1) * 1000) + 1
            guard poll(&descriptors, nfds_t(descriptors.count), waitMilliseconds) >= 0 || errno == EINTR else { break }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                if count <= 0 {
                    if count == 0 || (errno != EINTR && errno != EAGAIN) { open.removeAll { $0 == descriptor.fd } }
                    continue
                }
                let bytes = chunk[0..<count]
                if descriptor.fd == output[0] {
                    for line in outputLine.append(bytes) where !line.isEmpty {
                        outcome.lines.append(line)
                        if outcome.lines.count >= maxLines {
                            outcome.truncated = true
                            kill(-pid, SIGKILL)
                            break reading
                        }
                    }
                } else {
                    for line in errorLine.append(bytes) where !line.isEmpty { outcome.lastErrorLine = line }
                }
            }
        }
        if !outcome.truncated, let last = outputLine.remainder, !last.isEmpty, outcome.lines.count < maxLines {
            outcome.lines.append(last)
        }
        if let last = errorLine.remainder, !last.isEmpty { outcome.lastErrorLine = last }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS are macros Swift cannot import.
        if status & 0x7f == 0 { outcome.exitStatus = (status >> 8) & 0xff }
        return .success(outcome)
    }

    /// A pipe whose ends close on exec, so a child sees only the ends dup'ed onto its standard streams.
    private static func makePipe(_ ends: inout [Int32]) -> Int32 {
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return 0
    }

    /// Why a process could not be started: the system's error text.
    package struct SpawnError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The `errno` value.
        package var code: Int32
        init(_ code: Int32) { self.code = code }
        /// The system's text for the code.
        package var description: String { String(cString: strerror(code)) }
    }

    /// Splits a byte stream into lines, dropping lines longer than `maxLineBytes`.
    private struct LineBuffer {
        private var pending: [UInt8] = []
        private var overflowing = false

        mutating func append(_ bytes: ArraySlice<UInt8>) -> [String] {
            var lines: [String] = []
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    if !overflowing { lines.append(Self.text(pending)) }
                    pending.removeAll(keepingCapacity: true)
                    overflowing = false
                } else if pending.count < ChildProcess.maxLineBytes {
                    pending.append(byte)
                } else {
                    overflowing = true
                }
            }
            return lines
        }

        /// The unterminated last line, if any.
        var remainder: String? { pending.isEmpty || overflowing ? nil : Self.text(pending) }

        private static func text(_ bytes: [UInt8]) -> String {
            var line = String(decoding: bytes, as: UTF8.self)
            if line.hasSuffix("\r") { line.removeLast() }
            return line
        }
    }
}
