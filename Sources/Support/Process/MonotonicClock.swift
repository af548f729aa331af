import Glibc

/// Seconds on the system's monotonic clock, for real-time waits off the frame loop (feed sources, child processes).
package enum MonotonicClock {
    /// Seconds since an arbitrary fixed point; never goes backwards.
    package static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
