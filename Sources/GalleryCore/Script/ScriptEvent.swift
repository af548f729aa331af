/// One line of a script: a command and the time at which it applies.
public struct ScriptEvent: Equatable, Sendable {
    /// Seconds since the start of the run; the event applies at the first frame whose time is ≥ `t`.
    public var t: Double
    /// What happens.
    public var command: ScriptCommand

    /// Creates an event.
    public init(t: Double, command: ScriptCommand) {
        self.t = t
        self.command = command
    }
}
