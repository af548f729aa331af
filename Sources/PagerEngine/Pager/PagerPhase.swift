/// What the pager is doing; the name is the one traces use.
public enum PagerPhase: String, Equatable, Sendable {
    /// At rest on a slot (or a press that has not become a drag over a resting strip).
    case idle
    /// The pointer is down and holds the content.
    case dragging
    /// The paging spring carries the content to a slot.
    case settling
    /// Free deceleration (the wheel), possibly ending exactly on a slot.
    case decelerating
}
