/// What a residency plan asks of the decoder and the cache; drops and cancels are sorted, so traces are stable.
public struct ResidencyChanges: Equatable, Sendable {
    /// Pages to start decoding, most urgent first.
    public var load: [Int]
    /// Decoded pages no longer required, to unload.
    public var drop: [Int]
    /// Decodes in flight for pages no longer required (flown past), to cancel.
    public var cancel: [Int]

    /// Creates a set of changes.
    public init(load: [Int], drop: [Int], cancel: [Int]) {
        self.load = load
        self.drop = drop
        self.cancel = cancel
    }
}
