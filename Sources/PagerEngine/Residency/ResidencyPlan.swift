/// The pages that must be decoded now, most urgent first.
public struct ResidencyPlan: Equatable, Sendable {
    /// Logical pages in priority order, without duplicates.
    public var required: [Int]

    /// Creates a plan.
    public init(required: [Int]) {
        self.required = required
    }

    /// What to do given the pages already decoded (`resident`) and those being decoded (`inFlight`).
    public func changes(resident: Set<Int>, inFlight: Set<Int>) -> ResidencyChanges {
        let requiredSet = Set(required)
        return ResidencyChanges(
            load: required.filter { !resident.contains($0) && !inFlight.contains($0) },
            drop: resident.subtracting(requiredSet).sorted(),
            cancel: inFlight.subtracting(requiredSet).sorted()
        )
    }
}
