import CLinux
import Glibc

/// Runs `/bin/sh -c COMMAND` in a process group of its own, reading its output lines with bounds on count, line
/// length and time; the whole group is ended when the run ends, however it ends, so no pipeline or background job
/// outlives its request.
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

    /// Seconds a command's group has between SIGTERM and SIGKILL, when it ends and when the gallery does.
    package static let terminationGrace = 0.2

    /// Runs `command` with `/bin/sh -c`, its `arguments` (bytes, passed as they are) as `$1`, `$2`, … after a `$0` of
    /// "gallery"; gives up after `timeout` seconds or `maxLines` lines, or once `cancellation` is cancelled or the
    /// gallery is ending (`ProcessGroups`). However it ends, its whole process group is ended before this returns:
    /// SIGTERM, then SIGKILL after `terminationGrace`, so nothing it started in the background survives.
    ///
    /// It sleeps in `poll(2)` on the output, the shell's end (a pidfd) and the two cancellations, so a command that runs
    /// for hours costs no wake-ups meanwhile.
    package static func run(
        shellCommand command: String, arguments: [[UInt8]] = [], timeout: Double, maxLines: Int,
        cancellation: CancellationSignal? = nil
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
        let started = ProcessGroups.starting {
            spawn(command, arguments: arguments, output: output[1], errors: errors[1])
        }
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard let started else { return .failure(SpawnError(ECANCELED)) }
        let pid: pid_t
        switch started {
        case .failure(let error): return .failure(error)
        case .success(let started): pid = started
        }
        defer { ProcessGroups.ended(pid) }
        // Readable when the shell ends; where the kernel has no pidfd, the waits below wake every 50 ms to look.
        let shellEnded = gallery_pidfd_open(pid)
        defer { if shellEnded >= 0 { close(shellEnded) } }
        let stops = [ProcessGroups.ending.descriptor] + (cancellation.map { [$0.descriptor] } ?? [])
        func isStopped() -> Bool { cancellation?.isCancelled == true || ProcessGroups.isTerminating }
        /// Waits in poll(2) on `descriptors` and the stops until `deadline`; the ready descriptors.
        func wait(for descriptors: [Int32], until deadline: Double, shellToo: Bool) -> [pollfd] {
            let watched = descriptors + stops + (shellToo && shellEnded >= 0 ? [shellEnded] : [])
            var polled = watched.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            var remaining = max(deadline - MonotonicClock.seconds(), 0)
            if shellToo, shellEnded < 0 { remaining = min(remaining, 0.05) }
            let milliseconds = Int32(min(remaining * 1000, Double(Int32.max - 1))) + 1
            guard poll(&polled, nfds_t(polled.count), milliseconds) > 0 else { return [] }
            return polled.filter { $0.revents != 0 && descriptors.contains($0.fd) }
        }

        var outcome = Outcome(lines: [], exitStatus: nil, lastErrorLine: nil, timedOut: false, truncated: false)
        var outputLine = LineBuffer()
        var errorLine = LineBuffer()
        var open: [Int32] = [output[0], errors[0]]
        let deadline = MonotonicClock.seconds() + timeout
        var stopped = false
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        reading: while !open.isEmpty {
            let remaining = deadline - MonotonicClock.seconds()
            if remaining <= 0 || isStopped() {
                outcome.timedOut = remaining <= 0
                stopped = true
                break
            }
            for descriptor in wait(for: open, until: deadline, shellToo: false) {
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
                            stopped = true
                            break reading
                        }
                    }
                } else {
                    for line in errorLine.append(bytes) where !line.isEmpty { outcome.lastErrorLine = line }
                }
            }
        }
        // Output closed does not mean the shell ended: it may still be running with its streams closed.
        while !stopped, !hasExited(pid) {
            if MonotonicClock.seconds() >= deadline {
                outcome.timedOut = true
                break
            }
            if isStopped() { break }
            _ = wait(for: [], until: deadline, shellToo: true)
        }
        if !outcome.truncated, let last = outputLine.remainder, !last.isEmpty, outcome.lines.count < maxLines {
            outcome.lines.append(last)
        }
        if let last = errorLine.remainder, !last.isEmpty { outcome.lastErrorLine = last }
        let status = endGroup(pid)
        // WIFEXITED / WEXITSTATUS are macros Swift cannot import.
        if status & 0x7f == 0 { outcome.exitStatus = (status >> 8) & 0xff }
        return .success(outcome)
    }

    /// Starts `/bin/sh -c command` in a new process group, with an empty signal mask and every signal at its default
    /// action (the gallery blocks SIGINT, SIGTERM and SIGHUP in all its threads, and a child would inherit that),
    /// standard input from `/dev/null` and the given output descriptors.
    private static func spawn(
        _ command: String, arguments: [[UInt8]], output: Int32, errors: Int32
    ) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        let spawnAttributes = SpawnAttributes(ownProcessGroup: true)
        let words =
            [Array("/bin/sh".utf8), Array("-c".utf8), Array(command.utf8)]
            + (arguments.isEmpty ? [] : [Array("gallery".utf8)] + arguments)
        let argv = words.map(cString)
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = OwnEnvironment.withChildEnvironment { environment in
            posix_spawn(&pid, "/bin/sh", &actions, &spawnAttributes.attributes, argv + [nil], environment)
        }
        return spawned == 0 ? .success(pid) : .failure(SpawnError(spawned))
    }

    /// A C string (malloc'd) of `bytes`, which hold no NUL: a file name's bytes, unchanged.
    static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
        guard let memory = malloc(bytes.count + 1)?.assumingMemoryBound(to: UInt8.self) else { return nil }
        memory.initialize(from: bytes, count: bytes.count)
        memory[bytes.count] = 0
        return UnsafeMutableRawPointer(memory).assumingMemoryBound(to: CChar.self)
    }

    /// Whether the shell `pid` has ended, without reaping it: while it is unreaped its id stays taken, so the group's
    /// id cannot be reused and signalling the group can reach nothing else.
    private static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return true }
        return info._sifields._sigchld.si_pid != 0
    }

    /// Ends the group led by the shell `pid`: SIGTERM to all of it, SIGKILL to what is left after `terminationGrace`;
    /// returns the shell's wait status. The shell is reaped last: while it is unreaped its id stays taken, so the
    /// group's id cannot be reused and signalling the group reaches nothing else.
    private static func endGroup(_ pid: pid_t) -> Int32 {
        kill(-pid, SIGTERM)
        let deadline = MonotonicClock.seconds() + terminationGrace
        // Each member's end is waited on (a pidfd each); members the group gained meanwhile are found next round.
        var members = Descendants.members(ofGroup: pid)
        while !members.isEmpty, ProcessEnds.waitForAll(members, until: deadline) {
            members = Descendants.members(ofGroup: pid)
        }
        if !members.isEmpty {
            kill(-pid, SIGKILL)
            // Killed members end at once: returning after they did means nothing of the group runs on.
            _ = ProcessEnds.waitForAll(Descendants.members(ofGroup: pid), until: MonotonicClock.seconds() + 1)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
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

        /// The line without its trailing carriage returns (a CRLF line end, or several), matched on bytes.
        private static func text(_ bytes: [UInt8]) -> String {
            var end = bytes.endIndex
            while end > bytes.startIndex, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
    }
}
