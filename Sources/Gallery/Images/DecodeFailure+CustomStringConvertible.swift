extension DecodeFailure: CustomStringConvertible {
    /// `name: reason`, e.g. `holiday.jpg: empty file (0 bytes)`.
    public var description: String { "\(source.displayName): \(reason.message)" }
}
