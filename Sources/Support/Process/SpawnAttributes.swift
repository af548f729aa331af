import Glibc

/// `posix_spawn` attributes under which a child starts with every signal at its default action and none blocked,
/// whatever the spawning thread blocks or ignores (the gallery blocks SIGINT, SIGTERM and SIGHUP in all its threads;
/// a test runner may ignore SIGPIPE): without them a child inherits that, and a plain `kill` does nothing to it.
package final class SpawnAttributes {
    /// The attributes, for `posix_spawn`; destroyed with this object.
    package var attributes = posix_spawnattr_t()

    /// Default, unblocked signals; in a process group of its own (led by the child) when `ownProcessGroup`, so the
    /// whole group can be signalled at once; in a session of its own (and so a group too) when `ownSession`.
    package init(ownProcessGroup: Bool = false, ownSession: Bool = false) {
        posix_spawnattr_init(&attributes)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        // glibc's POSIX_SPAWN_SETSID (0x80, since 2.26), which Swift's Glibc module does not export.
        if ownSession { flags |= 0x80 }
        posix_spawnattr_setflags(&attributes, Int16(flags))
    }

    deinit {
        posix_spawnattr_destroy(&attributes)
    }
}
