import CLinux
import Glibc

/// Starts a program for the user (Ctrl+O's application) that is the user's, not the gallery's: in a session of its
/// own (`setsid`), so neither the gallery's process groups nor its terminal's hangup reach it, and never ended by the
/// gallery, at its quit or otherwise (`ProcessGroups` does not record it; `Descendants.endAll` passes over its
/// session, whose orphans the gallery, a subreaper, adopts). As eog and Loupe leave the applications they open.
package enum DetachedProcess {
    /// Sessions started here: their processes are the user's.
    private static let sessions = LockedState(Set<pid_t>())

    /// Whether `session` was started here (`start`).
    package static func isDetached(session: pid_t) -> Bool {
        sessions.withLock { $0.contains(session) }
    }

    /// Starts `/bin/sh -c command` with `arguments` (bytes, as `$1`, `$2`, … after a `$0` of "gallery") in a new
    /// session, with default signals, standard input from `/dev/null`, standard output onto standard error (standard
    /// output carries `-o`'s list), standard error the gallery's and no other descriptor; returns its process id, also
    /// its session's.
    package static func start(
        shellCommand command: String, arguments: [[UInt8]]
    ) -> Result<pid_t, ChildProcess.SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        // Nothing else of the gallery's (its sockets, font files, descriptors it inherited) stays open in a program
        // that outlives it: a pipe kept open would keep its reader waiting for an end.
        gallery_spawn_close_from(&actions, 3)
        let spawnAttributes = SpawnAttributes(ownSession: true)
        let words =
            [Array("/bin/sh".utf8), Array("-c".utf8), Array(command.utf8), Array("gallery".utf8)] + arguments
        let argv = words.map(ChildProcess.cString)
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        // Recorded with the lock held, so the session is known before `Descendants.endAll` can meet it.
        let spawned = sessions.withLock { sessions in
            let spawned = OwnEnvironment.withChildEnvironment { environment in
                posix_spawn(&pid, "/bin/sh", &actions, &spawnAttributes.attributes, argv + [nil], environment)
            }
            if spawned == 0 { sessions.insert(pid) }
            return spawned
        }
        return spawned == 0 ? .success(pid) : .failure(ChildProcess.SpawnError(spawned))
    }

    /// Waits for the process `pid` started (the shell) to end and returns its exit status, nil if a signal ended it
    /// (or it was reaped elsewhere).
    package static func wait(for pid: pid_t) -> Int32? {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
        // WIFEXITED / WEXITSTATUS are macros Swift cannot import.
        return result == pid && status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }

    /// Reaps, as they end, the processes of the group `pid` led (its session's first) that became the gallery's
    /// children (orphans the subreaper adopted), so none lingers as a zombie; returns when none is left. Blocks while
    /// they run.
    package static func reapOrphans(of pid: pid_t) {
        var status: Int32 = 0
        while waitpid(-pid, &status, 0) > 0 || errno == EINTR {}
    }
}
