import Support

/// Where a picture's shared memory (`PixelBuffer(… shared: true)`) comes from while a decoder process answers a
/// request: its reply slots, memory the viewer has mapped already, so a photo's pixels go where the last ones were
/// instead of into a new memfd the kernel must zero and both processes map. Elsewhere, a new memfd.
package enum SharedMemorySupply {
    /// The supplier in force, if any.
    private static let supplier = LockedState<(@Sendable (Int) -> PixelStorage?)?>(nil)

    /// `body`'s result, with `supply` asked first for each shared buffer's memory of a byte count (nil: a new memfd).
    package static func supplying<Result>(
        _ supply: @escaping @Sendable (Int) -> PixelStorage?, _ body: () -> Result
    ) -> Result {
        supplier.withLock { $0 = supply }
        defer { supplier.withLock { $0 = nil } }
        return body()
    }

    /// Memory of at least `byteCount` bytes from the supplier in force, or nil for a new memfd.
    static func storage(byteCount: Int) -> PixelStorage? {
        // Asked outside the lock: the supplier may make a memfd of its own.
        let supply = supplier.withLock { $0 }
        return supply?(byteCount)
    }
}
