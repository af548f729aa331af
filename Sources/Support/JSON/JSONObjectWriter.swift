/// Builds the text of one JSON object with keys in the order they are added and deterministic numbers.
package struct JSONObjectWriter: Sendable {
    private var text = "{"
    private var hasMembers = false

    /// Starts an empty object.
    package init() {}

    /// The finished object, e.g. `{"t":0.016667,"page":0}`.
    package var finished: String { text + "}" }

    private mutating func appendKey(_ key: String) {
        if hasMembers { text += "," }
        hasMembers = true
        text += Self.quoted(key) + ":"
    }

    /// Adds a whole number.
    package mutating func add(_ key: String, integer: Int) {
        appendKey(key)
        text += String(integer)
    }

    /// Adds a number with exactly `places` decimals; NaN and infinities, which JSON cannot hold, become `null`.
    package mutating func add(_ key: String, number: Double, places: Int) {
        appendKey(key)
        text += number.isFinite ? DecimalText.fixed(number, places: places) : "null"
    }

    /// Adds a number with at most `maximumPlaces` decimals and no trailing zeros (finite numbers only).
    package mutating func add(_ key: String, shortNumber number: Double, maximumPlaces: Int) {
        appendKey(key)
        text += DecimalText.trimmed(number, maximumPlaces: maximumPlaces)
    }

    /// Adds a number as `add(_:shortNumber:maximumPlaces:)` writes it when that reads back as the same Double, and
    /// otherwise in Swift's shortest exact form (e.g. `0.9666666666666667`), so that nothing is lost (finite numbers only).
    package mutating func add(_ key: String, exactNumber number: Double, maximumPlaces: Int) {
        appendKey(key)
        let short = DecimalText.trimmed(number, maximumPlaces: maximumPlaces)
        text += Double(short) == number ? short : "\(number)"
    }

    /// Adds a JSON literal written as is (`true`, `false`, `null`).
    package mutating func add(_ key: String, literal: String) {
        appendKey(key)
        text += literal
    }

    /// Adds a string.
    package mutating func add(_ key: String, string: String) {
        appendKey(key)
        text += Self.quoted(string)
    }

    /// Adds an array of whole numbers.
    package mutating func add(_ key: String, integers: [Int]) {
        appendKey(key)
        text += "[" + integers.map(String.init).joined(separator: ",") + "]"
    }

    /// Adds an array of strings.
    package mutating func add(_ key: String, strings: [String]) {
        appendKey(key)
        text += "[" + strings.map(Self.quoted).joined(separator: ",") + "]"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, everything else verbatim UTF-8.
    package static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
