import Glibc

/// The calling thread's CPU time, for the trace's `frame_ms` (the one field that differs between runs).
enum CPUClock {
    /// Seconds of CPU time this thread has used.
    static func threadSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
