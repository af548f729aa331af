/// File-name order as people expect it: "photo2" before "photo10", case ignored.
///
/// Deterministic on every platform (no locale): runs of ASCII digits compare by value, everything
/// else by lowercased Unicode scalar; exact ties fall back to the raw scalars so the order is total.
public enum NaturalOrder {
    /// Whether `lhs` sorts before `rhs`.
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        switch compare(Array(lhs.lowercased().unicodeScalars), Array(rhs.lowercased().unicodeScalars)) {
        case .some(let isLess): isLess
        case nil: compare(Array(lhs.unicodeScalars), Array(rhs.unicodeScalars)) ?? false
        }
    }

    /// `true` if lhs < rhs, `false` if lhs > rhs, `nil` if they are equal in natural order.
    private static func compare(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Bool? {
        var left = 0
        var right = 0
        var leadingZerosTieBreak: Bool?
        while left < lhs.count, right < rhs.count {
            if isDigit(lhs[left]), isDigit(rhs[right]) {
                let leftRun = digitRun(lhs, from: &left)
                let rightRun = digitRun(rhs, from: &right)
                if leftRun.significant.count != rightRun.significant.count {
                    return leftRun.significant.count < rightRun.significant.count
                }
                if leftRun.significant != rightRun.significant {
                    return leftRun.significant.lexicographicallyPrecedes(rightRun.significant) { $0.value < $1.value }
                }
                if leadingZerosTieBreak == nil, leftRun.leadingZeros != rightRun.leadingZeros {
                    // "1" before "01": fewer zeros first, but only when nothing later decides.
                    leadingZerosTieBreak = leftRun.leadingZeros < rightRun.leadingZeros
                }
                continue
            }
            if lhs[left] != rhs[right] { return lhs[left].value < rhs[right].value }
            left += 1
            right += 1
        }
        if left < lhs.count || right < rhs.count { return right < rhs.count }
        return leadingZerosTieBreak
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private static func digitRun(
        _ scalars: [Unicode.Scalar],
        from index: inout Int
    ) -> (significant: ArraySlice<Unicode.Scalar>, leadingZeros: Int) {
        let start = index
        while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        let run = scalars[start..<index]
        let significant = run.drop(while: { $0 == "0" })
        return (significant, run.count - significant.count)
    }
}
