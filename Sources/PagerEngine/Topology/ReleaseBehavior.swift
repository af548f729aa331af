/// What a release does once the finger lifts.
public enum ReleaseBehavior: Equatable, Sendable {
    /// Settle on a page with the paging spring (fling rules of `PagingPolicy`).
    case paging
    /// Decelerate freely (UIKit `decelerationRate`), then optionally come to rest exactly on a slot.
    case freeScroll(snapsToSlot: Bool)
}
