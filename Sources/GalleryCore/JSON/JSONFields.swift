/// Typed access to the members of one JSON object, throwing a precise error for each missing or mistyped field.
package struct JSONFields: Sendable {
    /// The largest magnitude at which every integer is exactly representable in a JSON number (2^53).
    package static let largestExactInteger = 9_007_199_254_740_992.0

    private let members: [String: JSONValue]

    /// Wraps the members of an object.
    package init(_ members: [String: JSONValue]) {
        self.members = members
    }

    /// Whether the object has `field` at all.
    package func contains(_ field: String) -> Bool {
        members[field] != nil
    }

    private func value(_ field: String) throws(JSONFieldError) -> JSONValue {
        guard let value = members[field] else { throw .missing(field: field) }
        return value
    }

    /// A number field.
    package func number(_ field: String) throws(JSONFieldError) -> Double {
        let value = try value(field)
        guard case .number(let number) = value else {
            throw .wrongType(field: field, expected: "a number", found: value.kindDescription)
        }
        return number
    }

    /// A number field that may also be `null`, read as NaN (traces write non-finite numbers as `null`).
    package func numberOrNaN(_ field: String) throws(JSONFieldError) -> Double {
        if case .null = try value(field) { return .nan }
        return try number(field)
    }

    /// A number field holding a whole number.
    package func integer(_ field: String) throws(JSONFieldError) -> Int {
        let value = try value(field)
        guard case .number(let number) = value else {
            throw .wrongType(field: field, expected: "a whole number", found: value.kindDescription)
        }
        guard let integer = Self.exactInteger(number) else {
            throw .wrongType(field: field, expected: "a whole number", found: "\(number)")
        }
        return integer
    }

    /// A string field.
    package func string(_ field: String) throws(JSONFieldError) -> String {
        let value = try value(field)
        guard case .string(let string) = value else {
            throw .wrongType(field: field, expected: "a string", found: value.kindDescription)
        }
        return string
    }

    /// An array of whole numbers.
    package func integers(_ field: String) throws(JSONFieldError) -> [Int] {
        let value = try value(field)
        let expected = "an array of whole numbers"
        guard case .array(let elements) = value else {
            throw .wrongType(field: field, expected: expected, found: value.kindDescription)
        }
        var integers: [Int] = []
        for element in elements {
            guard case .number(let number) = element, let integer = Self.exactInteger(number) else {
                throw .wrongType(field: field, expected: expected, found: "an element that is \(element.kindDescription)")
            }
            integers.append(integer)
        }
        return integers
    }

    /// An array of strings.
    package func strings(_ field: String) throws(JSONFieldError) -> [String] {
        let value = try value(field)
        let expected = "an array of strings"
        guard case .array(let elements) = value else {
            throw .wrongType(field: field, expected: expected, found: value.kindDescription)
        }
        var strings: [String] = []
        for element in elements {
            guard case .string(let string) = element else {
                throw .wrongType(field: field, expected: expected, found: "an element that is \(element.kindDescription)")
            }
            strings.append(string)
        }
        return strings
    }

    private static func exactInteger(_ number: Double) -> Int? {
        guard number.rounded() == number, abs(number) <= largestExactInteger else { return nil }
        return Int(number)
    }
}
