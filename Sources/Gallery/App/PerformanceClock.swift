import CSDL2

/// Seconds from SDL's performance counter, the one clock of a windowed run; SDL event timestamps map onto it.
struct PerformanceClock {
    private let frequency = Double(SDL_GetPerformanceFrequency())
    private let origin = SDL_GetPerformanceCounter()

    /// Seconds since the clock was made.
    func now() -> Double {
        Double(SDL_GetPerformanceCounter() &- origin) / frequency
    }

    /// The time of an SDL event, from its millisecond timestamp (SDL_GetTicks), on this clock.
    func time(ofEventTimestamp timestamp: UInt32) -> Double {
        let age = Double(SDL_GetTicks() &- timestamp) / 1000
        return max(0, now() - max(0, age))
    }
}
