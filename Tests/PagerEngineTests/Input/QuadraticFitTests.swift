import PagerEngine
import Testing

@Suite("QuadraticFit")
struct QuadraticFitTests {
    @Test(arguments: [UInt64(11), 12, 13])
    func recoversExactQuadratics(seed: UInt64) throws {
        var random = PhysicsSeededGenerator(seed: seed)
        for _ in 0..<200 {
            let truth = (0..<3).map { _ in Double.random(in: -50...50, using: &random) }
            let count = Int.random(in: 3...20, using: &random)
            let xs = (0..<count).map { -Double($0) * Double.random(in: 1...10, using: &random) }
            let ys = xs.map { truth[0] + truth[1] * $0 + truth[2] * $0 * $0 }
            let fit = try #require(QuadraticFit.coefficients(xs: xs, ys: ys))
            for index in 0..<3 {
                #expect(abs(fit[index] - truth[index]) < 1e-6 * Swift.max(1, abs(truth[index])))
            }
        }
    }

    /// Noisy data: the fit must be the least-squares one, so its residuals are orthogonal to 1, x and x².
    @Test func residualsAreOrthogonalToTheBasis() throws {
        let xs: [Double] = [0, -8, -16, -24, -32, -40, -48]
        let ys: [Double] = [0, -9, -21, -22, -41, -38, -60]
        let fit = try #require(QuadraticFit.coefficients(xs: xs, ys: ys))
        let residuals = zip(xs, ys).map { x, y in y - (fit[0] + fit[1] * x + fit[2] * x * x) }
        for power in 0..<3 {
            let moment = zip(xs, residuals).reduce(0.0) { sum, pair in
                var basis = 1.0
                for _ in 0..<power { basis *= pair.0 }
                return sum + basis * pair.1
            }
            #expect(abs(moment) < 1e-8)
        }
    }

    @Test(arguments: [
        [Double](),
        [0],
        [0, -8],
        [0, -8, -8],  // two distinct x only
        [-3, -3, -3, -3],
    ])
    func undeterminedFitsAreNil(xs: [Double]) {
        #expect(QuadraticFit.coefficients(xs: xs, ys: xs.map { 2 * $0 }) == nil)
    }
}
