/// A programmatic move: keys, the slideshow, scripts.
public enum PagerCommand: Equatable, Sendable {
    /// One page forward; repeated commands queue (five "next" go five pages).
    case next
    /// One page back; queues like `next`.
    case previous
    /// To a logical page, the shorter way round in loops.
    case goTo(page: PageIndex)
    /// To the first logical page.
    case first
    /// To the last logical page.
    case last
}
