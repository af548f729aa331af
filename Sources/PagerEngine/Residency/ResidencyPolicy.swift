/// Which pages must be decoded around the current one (lazy load and unload of a paged scroll view, as a
/// pure policy).
///
/// The current page and both neighbours are always required, so a swipe either way reveals a loaded page; a
/// prefetch window extends ahead in the direction of travel.
public struct ResidencyPolicy: Equatable, Sendable {
    /// How many pages beyond the neighbour are required ahead in the direction of travel.
    public let prefetch: Int

    /// Creates a policy that prefetches `prefetch` pages (zero or more) beyond the neighbour ahead.
    public init(prefetch: Int = 2) {
        precondition(prefetch >= 0, "a prefetch window cannot be negative")
        self.prefetch = prefetch
    }

    /// The pages required around `centre`, by priority: the centre, the neighbour ahead, the one behind, then the
    /// prefetch window ahead. `direction` is the sign of travel (0 at rest: neighbours only, the next one first).
    /// Pages are wrapped into `0..<pageCount` in loops and clipped in bounded strips, without duplicates.
    public func plan(centre: Int, direction: Int, pageCount: Int, wraps: Bool) -> ResidencyPlan<PageIndex> {
        guard pageCount > 0 else { return ResidencyPlan(required: []) }
        let ahead = direction.signum()
        let offsets =
            ahead == 0
            ? [0, 1, -1]
            : [0, ahead, -ahead] + (0..<prefetch).map { ahead * ($0 + 2) }
        let centre = wraps ? WrapMath.wrap(centre, count: pageCount) : min(max(centre, 0), pageCount - 1)
        var required: [PageIndex] = []
        for offset in offsets {
            let page = wraps ? WrapMath.wrap(centre + offset, count: pageCount) : centre + offset
            if (0..<pageCount).contains(page) && !required.contains(PageIndex(page)) {
                required.append(PageIndex(page))
            }
        }
        return ResidencyPlan(required: required)
    }
}
