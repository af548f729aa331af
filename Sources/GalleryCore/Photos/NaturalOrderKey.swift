/// File names prepared once for natural-order sorting: a 100,000-name folder sorts by comparing flat integer runs,
/// with no string work or reference counting inside the comparisons (the start-up bottleneck it replaces).
///
/// Orders exactly as `NaturalOrder.areInIncreasingOrder` documents: lowercased scalars, each run of ASCII digits as one
/// token that compares like a digit against other characters, then by its significant length, then by its digits; ties
/// go to the first run with fewer leading zeros, then to the raw scalars. Each name becomes one array, compared
/// lexicographically: tokens, 0, leading-zero counts, 0, raw scalars (every value but the separators is shifted up by
/// one, so a name that runs out first sorts first at each stage).
public struct NaturalOrderKey: Comparable, Sendable {
    /// The flat key.
    let values: [UInt32]

    /// The key of `name`.
    public init(_ name: String) {
        var values: [UInt32] = []
        Self.append(name, to: &values)
        self.values = values
    }

    public static func < (lhs: NaturalOrderKey, rhs: NaturalOrderKey) -> Bool {
        lhs.values.lexicographicallyPrecedes(rhs.values)
    }

    /// Appends the flat key of `name` to `values`.
    static func append(_ name: String, to values: inout [UInt32]) {
        let zero = UInt32(UInt8(ascii: "0")), nine = UInt32(UInt8(ascii: "9"))
        let lowered = Array(name.lowercased().unicodeScalars)
        var leadingZeros: [UInt32] = []
        var index = 0
        while index < lowered.count {
            let value = lowered[index].value
            guard (zero...nine).contains(value) else {
                values.append(value + 1)
                index += 1
                continue
            }
            let start = index
            while index < lowered.count, (zero...nine).contains(lowered[index].value) { index += 1 }
            var firstSignificant = start
            while firstSignificant < index, lowered[firstSignificant].value == zero { firstSignificant += 1 }
            values.append(zero + 1)
            values.append(UInt32(index - firstSignificant) + 1)
            for digit in lowered[firstSignificant..<index] { values.append(digit.value + 1) }
            leadingZeros.append(UInt32(firstSignificant - start) + 1)
        }
        values.append(0)
        values.append(contentsOf: leadingZeros)
        values.append(0)
        for scalar in name.unicodeScalars { values.append(scalar.value + 1) }
    }
}
