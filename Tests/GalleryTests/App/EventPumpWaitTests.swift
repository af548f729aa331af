import Testing

@testable import Gallery

/// How long the window's loop asks SDL to wait: SDL waits for ever on a negative timeout, so a due time just missed
/// must wait 0 ms, never -1.
@Suite @MainActor struct EventPumpWaitTests {
    @Test(
        "milliseconds until a due time: rounded up, 0 once past or unknown, at most Int32.max",
        arguments: [
            (due: 1.0, now: 0.0, expected: Int32(1000)),
            (due: 0.0015, now: 0.0, expected: 2),
            (due: 5.0, now: 5.0, expected: 0),
            // Past by more than a millisecond: the loop's old formula asked for -1, a wait for ever.
            (due: 1.0, now: 1.0015, expected: 0),
            (due: 0.0, now: 3600.0, expected: 0),
            (due: .nan, now: 0.0, expected: 0),
            (due: .infinity, now: 0.0, expected: Int32.max),
            (due: 1e12, now: 0.0, expected: Int32.max),
        ])
    func millisecondsUntilDue(due: Double, now: Double, expected: Int32) {
        #expect(EventPump.milliseconds(until: due, from: now) == expected)
    }
}
