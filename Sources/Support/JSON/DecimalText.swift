/// Locale-free decimal text for doubles: never an exponent, never "-0".
///
/// Traces are compared byte for byte, so the text must not depend on the platform, the locale or
/// Swift's shortest-representation algorithm (which switches to exponents below 1e-4 and above 2^53).
package enum DecimalText {
    /// The most decimals supported; 10^9 keeps the scaled fraction exact in a double.
    package static let maximumPlaces = 9

    /// `value` rounded half away from zero to exactly `places` decimals, e.g. `fixed(-0.0000004, places: 6)` is "0.000000".
    package static func fixed(_ value: Double, places: Int) -> String {
        precondition(value.isFinite, "DecimalText formats finite numbers only")
        precondition((0...maximumPlaces).contains(places), "DecimalText supports 0...\(maximumPlaces) places")
        var integerPart = abs(value).rounded(.towardZero)
        // Subtracting the integer part of a double is exact, so only the scaling below rounds.
        let fraction = abs(value) - integerPart
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        var scaledFraction = (fraction * scale).rounded(.toNearestOrAwayFromZero)
        if scaledFraction >= scale {
            scaledFraction -= scale
            integerPart += 1
        }
        let isNegative = value < 0 && (integerPart != 0 || scaledFraction != 0)
        var text = isNegative ? "-" : ""
        text += integerDigits(integerPart)
        if places > 0 {
            let fractionDigits = String(UInt64(scaledFraction))
            text += "." + String(repeating: "0", count: places - fractionDigits.count) + fractionDigits
        }
        return text
    }

    /// `value` to at most `maximumPlaces` decimals with trailing zeros dropped, e.g. 0.05 → "0.05", 640.0 → "640".
    package static func trimmed(_ value: Double, maximumPlaces: Int) -> String {
        var text = fixed(value, places: maximumPlaces)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The decimal digits of a non-negative whole double, exact even beyond 2^64.
    private static func integerDigits(_ wholeNumber: Double) -> String {
        if wholeNumber < 0x1p63 { return String(UInt64(wholeNumber)) }
        // wholeNumber = significand · 2^shift exactly; double the base-10^9 limbs `shift` times.
        let shift = Int(wholeNumber.exponent) - Double.significandBitCount
        let significand = UInt64(wholeNumber.significandBitPattern) | (1 << UInt64(Double.significandBitCount))
        let limbBase: UInt64 = 1_000_000_000
        var limbs = [significand % limbBase, significand / limbBase]  // least significant first
        for _ in 0..<shift {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let doubled = limbs[index] * 2 + carry
                limbs[index] = doubled % limbBase
                carry = doubled / limbBase
            }
            if carry > 0 { limbs.append(carry) }
        }
        while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
        var text = String(limbs.removeLast())
        for limb in limbs.reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }
}
