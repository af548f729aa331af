extension KeyedDecodingContainer {
    /// A whole-number field. A failed `Int` is re-read as a `Double` so that the error names the field:
    /// JSONDecoder reports a fraction or an overflow in an `Int` as invalid JSON with no field.
    package func decodeWholeNumber(forKey key: Key) throws -> Int {
        if let integer = try? decode(Int.self, forKey: key) { return integer }
        let number = try decode(Double.self, forKey: key)
        throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: Self.notWhole(number))
    }

    /// An array of whole numbers, each read as in `decodeWholeNumber(forKey:)`.
    package func decodeWholeNumbers(forKey key: Key) throws -> [Int] {
        var elements = try nestedUnkeyedContainer(forKey: key)
        var integers: [Int] = []
        while !elements.isAtEnd {
            let index = elements.currentIndex
            if let integer = try? elements.decode(Int.self) {
                integers.append(integer)
                continue
            }
            let number = try elements.decode(Double.self)
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(Self.notWhole(number)) at index \(index)"
            )
        }
        return integers
    }

    /// A number field that may hold `null`, read as NaN: traces write NaN and infinities as `null`.
    package func decodeNumberOrNaN(forKey key: Key) throws -> Double {
        try decode(Double?.self, forKey: key) ?? .nan
    }

    private static func notWhole(_ number: Double) -> String {
        number.rounded() == number
            ? "is too large for a whole number, found \(number)" : "must be a whole number, found \(number)"
    }
}
