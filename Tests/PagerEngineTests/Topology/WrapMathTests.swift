import PagerEngine
import Testing

@Suite("WrapMath")
struct WrapMathTests {
    @Test("docs/PHYSICS.md reference: n = 5", arguments: zip([-6, -1, 0, 4, 5, 12], [4, 4, 0, 4, 0, 2]))
    func wrapsIndices(index: Int, expected: Int) {
        #expect(WrapMath.wrap(index, count: 5) == expected)
    }

    @Test("every index lands in 0..<n and keeps its residue", arguments: [1, 2, 3, 7, 10])
    func wrapsIntoRange(count: Int) {
        for index in -3 * count...3 * count {
            let wrapped = WrapMath.wrap(index, count: count)
            #expect((0..<count).contains(wrapped))
            #expect((index - wrapped) % count == 0)
        }
    }

    @Test(
        "positions reduce into [0, n)",
        arguments: [
            (12.25, 5, 2.25), (-0.5, 5, 4.5), (-6.75, 5, 3.25), (5.0, 5, 0.0), (0.0, 1, 0.0), (0.75, 1, 0.75),
            (-0.25, 2, 1.75),
        ]
    )
    func wrapsPositions(position: Double, count: Int, expected: Double) {
        #expect(WrapMath.wrap(position, count: count) == expected)
    }

    @Test(
        "a tiny negative position is 0, never n; -0.0 is +0.0",
        arguments: [-1e-17, -0.0, -Double.leastNonzeroMagnitude]
    )
    func wrapsTinyNegatives(position: Double) {
        let wrapped = WrapMath.wrap(position, count: 5)
        #expect(wrapped == 0)
        #expect(wrapped.sign == .plus)
    }

    @Test("non-finite positions give NaN", arguments: [Double.nan, .infinity, -.infinity])
    func wrapsNonFinite(position: Double) {
        #expect(WrapMath.wrap(position, count: 5).isNaN)
    }

    @Test(
        "shortest jumps (docs/PHYSICS.md: 9 → 1 of 10 is +2; ties go forward)",
        arguments: [
            (9, 1, 10, 2), (1, 9, 10, -2), (0, 5, 10, 5), (5, 0, 10, 5), (0, 2, 5, 2), (0, 3, 5, -2), (0, 0, 1, 0),
            (0, 1, 2, 1), (1, 0, 2, 1), (12, -1, 10, -3),
        ]
    )
    func shortestDelta(from start: Int, to end: Int, count: Int, expected: Int) {
        #expect(WrapMath.shortestDelta(from: start, to: end, count: count) == expected)
    }

    @Test("a shortest jump reaches its page, never longer than half the loop", arguments: 1...8)
    func shortestDeltaIsShortest(count: Int) {
        for start in 0..<count {
            for end in 0..<count {
                let delta = WrapMath.shortestDelta(from: start, to: end, count: count)
                #expect(WrapMath.wrap(start + delta, count: count) == end)
                #expect(2 * abs(delta) <= count)
                #expect(2 * delta != -count, "a tie must go forward")
            }
        }
    }
}
