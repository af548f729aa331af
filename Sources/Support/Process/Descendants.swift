import CLinux
import Glibc

/// Every process the gallery's children started, however they left its process groups (`setsid`, a double fork): the
/// gallery makes itself their child subreaper, so each orphan becomes its child, and `endAll` ends them as it exits,
/// except the applications opened for the user (`DetachedProcess`), which are the user's and outlive it.
package enum Descendants {
    /// Makes this process the subreaper of its descendants (`PR_SET_CHILD_SUBREAPER`); returns whether the kernel
    /// agreed. Call once at start, in the gallery's own process only (a test runner would collect its tests' orphans).
    @discardableResult
    package static func adopt() -> Bool {
        gallery_become_child_subreaper() == 0
    }

    /// The processes whose parent is this one, from `/proc`.
    package static func children() -> [pid_t] {
        let me = getpid()
        return processes { pid, stat in pid != me && stat.parent == me }
    }

    /// The processes of the process group `group` that have not ended (zombies left out), from `/proc`.
    package static func members(ofGroup group: pid_t) -> [pid_t] {
        processes { _, stat in stat.group == group && stat.state != UInt8(ascii: "Z") }
    }

    /// The processes in `/proc` for which `matches` holds.
    private static func processes(where matches: (pid_t, Stat) -> Bool) -> [pid_t] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name), let stat = stat(of: pid), matches(pid, stat) else { continue }
            found.append(pid)
        }
        return found
    }

    /// Ends every descendant but those of sessions `DetachedProcess` started: SIGTERM to each child and its group,
    /// SIGKILL to what is left after `grace` seconds, reaping them; orphans that reach the gallery meanwhile are ended
    /// in the same rounds. Returns how many it ended.
    @discardableResult
    package static func endAll(grace: Double = ChildProcess.terminationGrace) -> Int {
        var ended = Set<pid_t>()
        let deadline = MonotonicClock.seconds() + grace
        var signal = SIGTERM
        while true {
            reapExited()
            let children = children().filter { !DetachedProcess.isDetached(session: getsid($0)) }
            if children.isEmpty { break }
            for child in children {
                ended.insert(child)
                kill(child, signal)
                if getpgid(child) == child { kill(-child, signal) }
            }
            if signal == SIGKILL {
                // Killed: each is reaped as it ends; orphans that reached the gallery meanwhile come round again.
                for child in children { while waitpid(child, nil, 0) < 0 && errno == EINTR {} }
            } else if !ProcessEnds.waitForAll(children, until: deadline) {
                signal = SIGKILL  // The grace is over, or the kernel has no pidfd to wait on.
            }
        }
        return ended.count
    }

    /// Reaps every child that has exited, without waiting.
    private static func reapExited() {
        var status: Int32 = 0
        while waitpid(-1, &status, WNOHANG) > 0 {}
    }

    /// A process's state letter, parent and process group, from `/proc/PID/stat`.
    private struct Stat {
        var state: UInt8
        var parent: pid_t
        var group: pid_t
    }

    /// `pid`'s state, parent and group from `/proc/PID/stat` (the fields after the command's closing parenthesis),
    /// or nil.
    private static func stat(of pid: pid_t) -> Stat? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0, let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        // ") S PPID PGRP …": the state, the parent, the group.
        let fields = buffer[(close + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 2, let state = fields[0].first,
            let parent = pid_t(String(decoding: fields[1], as: UTF8.self)),
            let group = pid_t(String(decoding: fields[2], as: UTF8.self))
        else { return nil }
        return Stat(state: state, parent: parent, group: group)
    }
}
