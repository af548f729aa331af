import PagerEngine
import Testing

@Suite("RubberBand")
struct RubberBandTests {
    struct Reference: Sendable, CustomTestStringConvertible {
        var overscroll: Double
        var dimension: Double
        var shown: Double
        var testDescription: String { "\(overscroll) on \(dimension)" }
    }

    /// docs/PHYSICS.md reference values, c = 0.55, quoted to 4 decimals.
    @Test(arguments: [
        Reference(overscroll: 100, dimension: 320, shown: 46.9333),
        Reference(overscroll: 400, dimension: 960, shown: 178.9831),
    ])
    func designReferenceValues(_ reference: Reference) {
        let shown = RubberBand.offset(forOverscroll: reference.overscroll, dimension: reference.dimension)
        #expect(PhysicsReference.rounds(shown, to: reference.shown, places: 4))
        let mirrored = RubberBand.offset(forOverscroll: -reference.overscroll, dimension: reference.dimension)
        #expect(PhysicsReference.rounds(mirrored, to: -reference.shown, places: 4))
    }

    @Test(arguments: [0.0, 1, 37.5, 100, 320, 1000, 25_000, -0.25, -100, -640, -9_999])
    func inverseRoundTrips(overscroll: Double) {
        for dimension in [320.0, 960, 1280] {
            let shown = RubberBand.offset(forOverscroll: overscroll, dimension: dimension)
            let recovered = RubberBand.overscroll(forOffset: shown, dimension: dimension)
            #expect(PhysicsReference.isClose(recovered, overscroll, relative: 1e-9))
            let shownAgain = RubberBand.offset(forOverscroll: recovered, dimension: dimension)
            #expect(PhysicsReference.isClose(shownAgain, shown, relative: 1e-12))
        }
    }

    @Test(arguments: [-800.0, -120, -3, 0, 3, 120, 800, 5_000])
    func slopeIsTheDerivativeOfTheOffset(overscroll: Double) {
        let dimension = 1280.0
        let step = 1e-3
        let ahead = RubberBand.offset(forOverscroll: overscroll + step, dimension: dimension)
        let behind = RubberBand.offset(forOverscroll: overscroll - step, dimension: dimension)
        let difference = (ahead - behind) / (2 * step)
        let slope = RubberBand.slope(atOverscroll: overscroll, dimension: dimension)
        #expect(abs(slope - difference) < 1e-6)
        #expect(slope > 0 && slope <= RubberBand.coefficient)
    }

    @Test func slopeAtTheEdgeIsTheCoefficient() {
        #expect(RubberBand.slope(atOverscroll: 0, dimension: 960) == RubberBand.coefficient)
        #expect(RubberBand.slope(atOverscroll: 0, dimension: 960, coefficient: 0.3) == 0.3)
    }

    @Test func customCoefficientFollowsTheFormula() {
        // c·o·d/(d + c·o) with c = 0.3, o = 200, d = 600: 36000/660.
        let shown = RubberBand.offset(forOverscroll: 200, dimension: 600, coefficient: 0.3)
        #expect(PhysicsReference.rounds(shown, to: 54.5455, places: 4))
        let overscroll = RubberBand.overscroll(forOffset: shown, dimension: 600, coefficient: 0.3)
        #expect(PhysicsReference.isClose(overscroll, 200, relative: 1e-12))
    }

    struct Degenerate: Sendable, CustomTestStringConvertible {
        var overscroll: Double
        var dimension: Double
        var coefficient: Double
        var testDescription: String { "o \(overscroll), d \(dimension), c \(coefficient)" }
    }

    @Test(arguments: [
        Degenerate(overscroll: 100, dimension: 0, coefficient: 0.55),
        Degenerate(overscroll: 100, dimension: -320, coefficient: 0.55),
        Degenerate(overscroll: 100, dimension: .nan, coefficient: 0.55),
        Degenerate(overscroll: 100, dimension: .infinity, coefficient: 0.55),
        Degenerate(overscroll: .nan, dimension: 320, coefficient: 0.55),
        Degenerate(overscroll: 100, dimension: 320, coefficient: 0),
        Degenerate(overscroll: 100, dimension: 320, coefficient: .nan),
    ])
    func degenerateInputsShowNothing(_ input: Degenerate) {
        #expect(
            RubberBand.offset(
                forOverscroll: input.overscroll, dimension: input.dimension, coefficient: input.coefficient) == 0)
        #expect(
            RubberBand.slope(atOverscroll: input.overscroll, dimension: input.dimension, coefficient: input.coefficient)
                == 0)
        #expect(
            RubberBand.overscroll(
                forOffset: input.overscroll, dimension: input.dimension, coefficient: input.coefficient) == 0)
    }

    @Test(arguments: [Double.infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude])
    func endlessPullsShowAtMostTheDimension(overscroll: Double) {
        let shown = RubberBand.offset(forOverscroll: overscroll, dimension: 320)
        #expect(shown.isFinite)
        #expect(abs(shown) <= 320)
        #expect((shown < 0) == (overscroll < 0))
        #expect(RubberBand.slope(atOverscroll: overscroll, dimension: 320).isFinite)
    }

    @Test(arguments: [320.0, 321, 1e6, .infinity, -320, -.infinity])
    func offsetsNoPullCanShowMapToFiniteOverscrolls(offset: Double) {
        let overscroll = RubberBand.overscroll(forOffset: offset, dimension: 320)
        #expect(overscroll.isFinite)
        #expect((overscroll < 0) == (offset < 0))
        // Still monotonic: at least the overscroll of an offset just inside the dimension.
        let inside = RubberBand.overscroll(forOffset: offset < 0 ? -319.9 : 319.9, dimension: 320)
        #expect(abs(overscroll) >= abs(inside))
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func randomPullsStayFiniteMonotonicAndInvertible(seed: UInt64) {
        var random = PhysicsSeededGenerator(seed: seed)
        for _ in 0..<500 {
            let dimension = Double.random(in: 1...4_000, using: &random)
            let first = Double.random(in: -1e5...1e5, using: &random)
            let second = Double.random(in: -1e5...1e5, using: &random)
            let (low, high) = (Swift.min(first, second), Swift.max(first, second))
            let shownLow = RubberBand.offset(forOverscroll: low, dimension: dimension)
            let shownHigh = RubberBand.offset(forOverscroll: high, dimension: dimension)
            #expect(shownLow.isFinite && shownHigh.isFinite)
            #expect(shownLow <= shownHigh)
            #expect(abs(shownHigh) < dimension && abs(shownLow) < dimension)
            let recovered = RubberBand.overscroll(forOffset: shownHigh, dimension: dimension)
            #expect(PhysicsReference.isClose(recovered, high, relative: 1e-6))
        }
    }
}
