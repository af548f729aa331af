#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// The indices of `names` in natural order (stable for equal names).
    ///
    /// All-ASCII names (nearly every camera's) are keyed in bytes and compared with `memcmp`; otherwise in scalars.
    public static func sortedIndices(of names: [String]) -> [Int] {
        if let byteKeys = asciiKeys(names) { return sortedIndices(keys: byteKeys.keys, bounds: byteKeys.bounds) }
        var flat: [UInt32] = []
        var bounds: [Range<Int>] = []
        bounds.reserveCapacity(names.count)
        for name in names {
            let start = flat.count
            append(name, to: &flat)
            bounds.append(start..<flat.count)
        }
        return sortedIndices(keys: flat, bounds: bounds)
    }

    /// Sorts indices by the keys at `bounds` in `keys`, ties by index.
    private static func sortedIndices<Unit: FixedWidthInteger>(keys: [Unit], bounds: [Range<Int>]) -> [Int] {
        var order = Array(bounds.indices)
        keys.withUnsafeBufferPointer { keys in
            bounds.withUnsafeBufferPointer { bounds in
                order.sort { a, b in
                    let left = bounds[a], right = bounds[b]
                    let common = min(left.count, right.count)
                    let difference = Unit.bitWidth == 8
                        ? Int(memcmp(keys.baseAddress! + left.lowerBound, keys.baseAddress! + right.lowerBound, common))
                        : compare(keys, left.lowerBound, right.lowerBound, common)
                    if difference != 0 { return difference < 0 }
                    return left.count < right.count || (left.count == right.count && a < b)
                }
            }
        }
        return order
    }

    /// The sign of the first difference in `count` values at two offsets.
    private static func compare<Unit: FixedWidthInteger>(
        _ keys: UnsafeBufferPointer<Unit>, _ left: Int, _ right: Int, _ count: Int
    ) -> Int {
        for offset in 0..<count where keys[left + offset] != keys[right + offset] {
            return keys[left + offset] < keys[right + offset] ? -1 : 1
        }
        return 0
    }

    /// The byte keys of `names` (the same key as `append`, one byte per value), or nil if a name is not ASCII or has a
    /// digit run too long for a byte.
    private static func asciiKeys(_ names: [String]) -> (keys: [UInt8], bounds: [Range<Int>])? {
        var keys: [UInt8] = []
        keys.reserveCapacity(names.count * 40)
        var bounds: [Range<Int>] = []
        bounds.reserveCapacity(names.count)
        var zeros: [UInt8] = []
        let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9"), upperA = UInt8(ascii: "A"), upperZ = UInt8(ascii: "Z")
        for var name in names {
            let start = keys.count
            zeros.removeAll(keepingCapacity: true)
            let fits = name.withUTF8 { bytes -> Bool in
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    guard byte < 0x80 else { return false }
                    guard (zero...nine).contains(byte) else {
                        keys.append((upperA...upperZ).contains(byte) ? byte + 33 : byte + 1)
                        index += 1
                        continue
                    }
                    let runStart = index
                    while index < bytes.count, (zero...nine).contains(bytes[index]) { index += 1 }
                    var firstSignificant = runStart
                    while firstSignificant < index, bytes[firstSignificant] == zero { firstSignificant += 1 }
                    guard index - firstSignificant < 255, firstSignificant - runStart < 255 else { return false }
                    keys.append(zero + 1)
                    keys.append(UInt8(index - firstSignificant) + 1)
                    for digit in bytes[firstSignificant..<index] { keys.append(digit + 1) }
                    zeros.append(UInt8(firstSignificant - runStart) + 1)
                }
                keys.append(0)
                keys.append(contentsOf: zeros)
                keys.append(0)
                for byte in bytes { keys.append(byte + 1) }
                return true
            }
            guard fits else { return nil }
            bounds.append(start..<keys.count)
        }
        return (keys, bounds)
    }

    /// Appends the flat key of `name` to `values`.
    private static func append(_ name: String, to values: inout [UInt32]) {
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
