/// What one slot of the strip shows.
public enum SlotContent: Hashable, Sendable {
    /// The photo with this logical index, in `0..<pageCount`.
    case page(Int)
    /// The feed's last slot: an activity spinner while loading, a retry prompt after a failure.
    case feedEnd
    /// Nothing: a slot that exists only for geometry (drawn as background).
    case empty
}
