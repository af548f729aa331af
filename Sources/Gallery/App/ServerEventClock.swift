/// A window server's millisecond event times (a Wayland compositor's, an X server's: a clock of their own, not SDL's)
/// on the run's clock (`PerformanceClock`), so the velocity tracker sees the gaps the fingers made, not when the events
/// were read.
struct ServerEventClock {
    /// Seconds to add to a server's time to get the run's; set by the first event and again whenever the mapping would
    /// put an event in the future or far in the past.
    private var offset: Double?
    /// The last time given: inputs never go back in time.
    private var lastTime = 0.0

    /// The run's time of a server's millisecond `stamp` (now, for none).
    mutating func time(of stamp: UInt32?, clock: PerformanceClock) -> Double {
        let now = clock.now()
        guard let stamp else { return max(now, lastTime) }
        let seconds = Double(stamp) / 1000
        let mapped = offset.map { seconds + $0 }
        if mapped.map({ $0 > now || $0 <= now - 5 }) ?? true { offset = now - seconds }
        lastTime = max(seconds + (offset ?? 0), lastTime)
        return lastTime
    }
}
