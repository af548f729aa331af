/// Hands a frame loop the script events due at each frame, each exactly once.
public struct ScriptCursor: Sendable {
    /// Slack when comparing a frame time with an event time, so that an event at t = 0.05 is due
    /// at frame 3 of a 60 Hz run even if the loop's time arithmetic lands a few ulps early.
    public static let timeTolerance = 1e-9

    /// The script being played.
    public let script: Script
    /// The index of the first event not yet handed out.
    public private(set) var nextIndex = 0

    /// Starts before the first event.
    public init(script: Script) {
        self.script = script
    }

    /// Whether every event has been handed out.
    public var isFinished: Bool { nextIndex == script.events.count }

    /// The time of the next event not yet handed out, for a loop that sleeps until then.
    public var nextEventTime: Double? { isFinished ? nil : script.events[nextIndex].t }

    /// The events not yet handed out whose time is ≤ `frameTime`, in script order.
    public mutating func takeEvents(dueAt frameTime: Double) -> ArraySlice<ScriptEvent> {
        let start = nextIndex
        while nextIndex < script.events.count, script.events[nextIndex].t <= frameTime + Self.timeTolerance {
            nextIndex += 1
        }
        return script.events[start..<nextIndex]
    }
}
