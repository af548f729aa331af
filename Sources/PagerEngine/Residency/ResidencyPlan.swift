/// What must be decoded now, most urgent first: pages (`Key` is `PageIndex`) as the policy plans them around the
/// pager, or the photos those pages show, as the gallery's stores keep them (`PhotoID`; in the feed and the end caps
/// two pages may show one photo).
public struct ResidencyPlan<Key: Hashable & Comparable & Sendable>: Equatable, Sendable {
    /// The pages or photos in priority order, without duplicates.
    public var required: [Key]

    /// Creates a plan.
    public init(required: [Key]) {
        self.required = required
    }

    /// What to do given the pages already decoded (`resident`) and those being decoded (`inFlight`).
    public func changes(resident: Set<Key>, inFlight: Set<Key>) -> ResidencyChanges<Key> {
        let requiredSet = Set(required)
        return ResidencyChanges(
            load: required.filter { !resident.contains($0) && !inFlight.contains($0) },
            drop: resident.subtracting(requiredSet).sorted(),
            cancel: inFlight.subtracting(requiredSet).sorted()
        )
    }
}
