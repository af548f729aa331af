/// What a residency plan asks of the decoder and the cache; drops and cancels are sorted, so traces are stable.
public struct ResidencyChanges<Key: Hashable & Comparable & Sendable>: Equatable, Sendable {
    /// Pages (or photos) to start decoding, most urgent first.
    public var load: [Key]
    /// Decoded pages (or photos) no longer required, to unload.
    public var drop: [Key]
    /// Decodes in flight for pages (or photos) no longer required (flown past), to cancel.
    public var cancel: [Key]

    /// Creates a set of changes.
    public init(load: [Key], drop: [Key], cancel: [Key]) {
        self.load = load
        self.drop = drop
        self.cancel = cancel
    }
}
