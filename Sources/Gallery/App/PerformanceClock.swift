import CSDL2

/// Seconds from SDL's performance counter, the one clock of a windowed run; SDL event timestamps map onto it.
struct PerformanceClock {
    private let frequency = Double(SDL_GetPerformanceFrequency())
    private let origin = SDL_GetPerformanceCounter()
    /// SDL_GetTicks() when the clock was made: the millisecond in which `now()` was 0.
    private let ticksOrigin = SDL_GetTicks()

    /// Seconds since the clock was made.
    func now() -> Double {
        Double(SDL_GetPerformanceCounter() &- origin) / frequency
    }

    /// The time of an SDL event, from its millisecond timestamp (SDL_GetTicks), on this clock. Both SDL clocks are
    /// monotonic and run at the same rate, so a fixed offset maps one onto the other: events stamped in the same
    /// millisecond get the same time however late they are read (the velocity tracker merges them), and events a
    /// millisecond apart are a millisecond apart. Never later than `now()`; 0 for an event from before the clock.
    ///
    /// The tick count at the origin was truncated, so the origin fell up to a millisecond after `ticksOrigin`: a
    /// stamp maps one millisecond earlier than its tick count says, which keeps every mapped time at or before
    /// `now()` without clamping (a clamp would map one stamp to different times as `now()` moves on).
    func time(ofEventTimestamp timestamp: UInt32) -> Double {
        let elapsed = SDL_GetTicks() &- ticksOrigin
        let stamp = timestamp &- ticksOrigin
        guard stamp <= elapsed, stamp >= 1 else { return 0 }
        return min(Double(stamp - 1) / 1000, now())
    }
}
