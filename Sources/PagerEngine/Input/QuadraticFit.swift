/// Least-squares fit of `y = b0 + b1·x + b2·x²` by Gram–Schmidt QR (Flutter's / Android's `LeastSquaresSolver`, unit weights).
package enum QuadraticFit {
    /// A QR column whose orthogonal part is shorter than this is treated as linearly dependent, so no fit
    /// (Android VelocityTracker's and Flutter's lsq_solver threshold, meant for times in milliseconds).
    package static let dependenceThreshold = 1e-6

    /// The coefficients `[b0, b1, b2]` of the best fit through the points, or nil when fewer than 3
    /// distinct `xs` make the fit undetermined. `xs` and `ys` must have the same count.
    package static func coefficients(xs: [Double], ys: [Double]) -> [Double]? {
        let count = Swift.min(xs.count, ys.count)
        guard count >= 3 else { return nil }
        let columns: [[Double]] = [
            Array(repeating: 1, count: count),
            Array(xs.prefix(count)),
            xs.prefix(count).map { $0 * $0 },
        ]
        // q: orthonormal columns; r: upper-triangular, columns = q·r.
        var q = columns
        var r = Array(repeating: Array(repeating: 0.0, count: 3), count: 3)
        for j in 0..<3 {
            for i in 0..<j {
                let projection = dot(q[j], q[i])
                for h in 0..<count { q[j][h] -= projection * q[i][h] }
            }
            let norm = dot(q[j], q[j]).squareRoot()
            guard norm >= dependenceThreshold, norm.isFinite else { return nil }
            for h in 0..<count { q[j][h] /= norm }
            for i in j..<3 { r[j][i] = dot(q[j], columns[i]) }
        }
        // Back-substitute r·b = qᵀ·y.
        let values = Array(ys.prefix(count))
        var solution = Array(repeating: 0.0, count: 3)
        for i in stride(from: 2, through: 0, by: -1) {
            var sum = dot(q[i], values)
            for j in (i + 1)..<3 { sum -= r[i][j] * solution[j] }
            solution[i] = sum / r[i][i]
        }
        return solution
    }

    private static func dot(_ lhs: [Double], _ rhs: [Double]) -> Double {
        zip(lhs, rhs).reduce(0) { $0 + $1.0 * $1.1 }
    }
}
