import Glibc

/// Every process group the gallery started (feed commands) and has not yet seen end, so that whatever ends the
/// gallery (a quit, a signal, an error) can end them first: `terminateAll` sends SIGTERM, then SIGKILL after
/// `ChildProcess.terminationGrace`. After it, no new group starts.
package enum ProcessGroups {
    private struct State {
        var groups: Set<pid_t> = []
        var isTerminating = false
        var startedAny = false
    }

    private static let state = LockedState(State())
    /// Cancelled when the gallery starts ending: every run waiting on its child wakes at once.
    package static let ending = CancellationSignal()
    /// Notified whenever a group is forgotten, for `terminateAll` to wait on.
    private static let groupEnded = AnswerSignal()

    /// Runs `spawn` and records the group it starts, with the lock held, so a group is either recorded before
    /// `terminateAll` looks or never started at all; nil (without calling `spawn`) once the gallery is ending.
    package static func starting(
        _ spawn: () -> Result<pid_t, ChildProcess.SpawnError>
    ) -> Result<pid_t, ChildProcess.SpawnError>? {
        state.withLock { state in
            guard !state.isTerminating else { return nil }
            let result = spawn()
            if case .success(let group) = result {
                state.groups.insert(group)
                state.startedAny = true
            }
            return result
        }
    }

    /// Forgets `group`, once it has been ended.
    package static func ended(_ group: pid_t) {
        state.withLock { _ = $0.groups.remove(group) }
        groupEnded.notify()
    }

    /// Whether the gallery is ending: runs in progress stop at once.
    package static var isTerminating: Bool { state.withLock { $0.isTerminating } }

    /// Whether any group was ever started: without one, the gallery has no descendants to look for at exit.
    package static var startedAny: Bool { state.withLock { $0.startedAny } }

    /// The groups started and not yet ended.
    package static var running: Set<pid_t> { state.withLock { $0.groups } }

    /// Ends every group: SIGTERM now, SIGKILL to those whose runs have not ended them within `grace` seconds. Called
    /// as the gallery exits; no group starts afterwards.
    package static func terminateAll(grace: Double = ChildProcess.terminationGrace) {
        let groups = state.withLock { state in
            state.isTerminating = true
            return state.groups
        }
        ending.cancel()
        guard !groups.isEmpty else { return }
        for group in groups { kill(-group, SIGTERM) }
        // The threads running them notice the ends, reap the shells and finish the groups themselves; wait for that.
        groupEnded.wait(upTo: grace) { !running.isEmpty }
        for group in running { kill(-group, SIGKILL) }
    }
}
