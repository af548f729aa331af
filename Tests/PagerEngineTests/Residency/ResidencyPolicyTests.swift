import PagerEngine
import Testing

@Suite("ResidencyPolicy")
struct ResidencyPolicyTests {
    /// One row of the plan table.
    struct Case: Sendable {
        var centre: Int
        var direction: Int
        var pageCount: Int
        var wraps: Bool
        var prefetch = 2
        var required: [Int]
    }

    @Test(
        "plans: centre, neighbour ahead, neighbour behind, prefetch ahead; wrapped or clipped, no duplicates",
        arguments: [
            Case(centre: 5, direction: 1, pageCount: 10, wraps: false, required: [5, 6, 4, 7, 8]),
            Case(centre: 5, direction: -1, pageCount: 10, wraps: false, required: [5, 4, 6, 3, 2]),
            Case(centre: 5, direction: 0, pageCount: 10, wraps: false, required: [5, 6, 4]),
            Case(centre: 5, direction: 7, pageCount: 10, wraps: false, required: [5, 6, 4, 7, 8]),
            Case(centre: 8, direction: 1, pageCount: 10, wraps: false, required: [8, 9, 7]),
            Case(centre: 9, direction: 1, pageCount: 10, wraps: false, required: [9, 8]),
            Case(centre: 0, direction: -1, pageCount: 10, wraps: false, required: [0, 1]),
            Case(centre: -1, direction: 0, pageCount: 10, wraps: false, required: [0, 1]),
            Case(centre: 9, direction: 1, pageCount: 10, wraps: true, required: [9, 0, 8, 1, 2]),
            Case(centre: 0, direction: -1, pageCount: 10, wraps: true, required: [0, 9, 1, 8, 7]),
            Case(centre: 12, direction: 0, pageCount: 10, wraps: true, required: [2, 3, 1]),
            Case(centre: 5, direction: 1, pageCount: 10, wraps: false, prefetch: 0, required: [5, 6, 4]),
            Case(centre: 5, direction: -1, pageCount: 10, wraps: true, prefetch: 4, required: [5, 4, 6, 3, 2, 1, 0]),
            Case(centre: 0, direction: 1, pageCount: 1, wraps: true, required: [0]),
            Case(centre: 0, direction: 1, pageCount: 1, wraps: false, required: [0]),
            Case(centre: 0, direction: 1, pageCount: 2, wraps: true, required: [0, 1]),
            Case(centre: 1, direction: 0, pageCount: 2, wraps: true, required: [1, 0]),
            Case(centre: 0, direction: 1, pageCount: 3, wraps: true, required: [0, 1, 2]),
            Case(centre: 0, direction: -1, pageCount: 3, wraps: true, required: [0, 2, 1]),
            Case(centre: 0, direction: -1, pageCount: 3, wraps: false, required: [0, 1]),
            Case(centre: 0, direction: 1, pageCount: 0, wraps: true, required: []),
        ]
    )
    func plan(testCase: Case) {
        let policy = ResidencyPolicy(prefetch: testCase.prefetch)
        let plan = policy.plan(
            centre: testCase.centre, direction: testCase.direction, pageCount: testCase.pageCount,
            wraps: testCase.wraps)
        #expect(plan.required.map(\.rawValue) == testCase.required)
    }

    @Test("every plan is in range, without duplicates, led by the centre", arguments: [1, 2, 3, 4, 9])
    func planInvariants(pageCount: Int) {
        let policy = ResidencyPolicy(prefetch: 3)
        for centre in 0..<pageCount {
            for direction in -1...1 {
                for wraps in [false, true] {
                    let required = policy.plan(centre: centre, direction: direction, pageCount: pageCount, wraps: wraps)
                        .required.map(\.rawValue)
                    #expect(required.first == centre)
                    #expect(Set(required).count == required.count)
                    #expect(required.allSatisfy { (0..<pageCount).contains($0) })
                    if wraps {
                        // Offsets −1 … prefetch + 1 are contiguous, so they cover min(N, their count) pages.
                        #expect(required.count == min(pageCount, direction == 0 ? 3 : 3 + policy.prefetch))
                    } else {
                        let window = (0..<pageCount).filter { page in
                            abs(page - centre) <= 1 || (2...policy.prefetch + 1).contains((page - centre) * direction)
                        }
                        #expect(Set(required) == Set(window))
                    }
                }
            }
        }
    }

    @Test("changes: load what is missing in priority order, drop and cancel what is no longer required")
    func changes() {
        let plan = ResidencyPlan(required: [5, 6, 4, 7, 8])
        let changes = plan.changes(resident: [9, 4, 5, 1], inFlight: [6, 2, 3])
        #expect(changes == ResidencyChanges(load: [7, 8], drop: [1, 9], cancel: [2, 3]))
    }

    @Test("nothing to do when everything required is resident and nothing else is")
    func noChanges() {
        let plan = ResidencyPlan(required: [2, 3, 1])
        #expect(plan.changes(resident: [1, 2, 3], inFlight: []) == ResidencyChanges(load: [], drop: [], cancel: []))
    }
}
