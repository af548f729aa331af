/// What one slot of the strip shows.
public enum SlotContent: Hashable, Sendable {
    /// The logical page, in `0..<pageCount` (the gallery maps it to the photo it shows).
    case page(PageIndex)
    /// The feed's last slot: an activity spinner while loading, a retry prompt after a failure.
    case feedEnd
    /// Nothing: a slot that exists only for geometry (drawn as background).
    case empty
}
