extension SDLError: CustomStringConvertible {
    /// `call: message`, ready for a log line or a start-up failure message.
    public var description: String {
        message.isEmpty ? "\(call) failed" : "\(call): \(message)"
    }
}
