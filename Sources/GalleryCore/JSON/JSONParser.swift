/// A strict RFC 8259 parser for one JSON text, such as a line of a script or trace.
///
/// Written here rather than using `JSONSerialization` so that numbers, booleans and integers keep
/// their JSON types on every platform and errors say exactly where the text went wrong.
package struct JSONParser {
    /// Nesting deeper than this is refused, so hostile input cannot exhaust the stack.
    package static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ text: Substring) {
        bytes = Array(text.utf8)
    }

    /// Parses `text`, which must hold exactly one JSON value (surrounding whitespace allowed).
    package static func parse(_ text: Substring) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(text)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else {
            throw parser.error("unexpected text after the JSON value")
        }
        return value
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(column: index + 1, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            index += 1
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("expected a value, found the end of the line") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        let start = index
        for expected in literal.utf8 {
            guard current == expected else {
                var end = start
                while end < bytes.count, Character(Unicode.Scalar(bytes[end])).isLetter { end += 1 }
                let word = String(decoding: bytes[start..<max(end, start + 1)], as: UTF8.self)
                throw JSONSyntaxError(column: start + 1, message: "unexpected word '\(word)' (strings need quotes)")
            }
            index += 1
        }
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("nesting deeper than \(Self.maximumDepth) levels")
        }
        index += 1
        skipWhitespace()
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        var members: [String: JSONValue] = [:]
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
            let keyColumn = index
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            guard members.updateValue(value, forKey: key) == nil else {
                throw JSONSyntaxError(column: keyColumn + 1, message: "duplicate key \"\(key)\"")
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default:
                throw error("expected ',' or '}' in the object")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default:
                throw error("expected ',' or ']' in the array")
            }
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard try skipDigits() > 0 else { throw error("expected a digit") }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard try skipDigits() > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard try skipDigits() > 0 else { throw error("expected a digit in the exponent") }
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(literal), value.isFinite else {
            throw JSONSyntaxError(column: start + 1, message: "number \(literal) is out of range")
        }
        return value
    }

    private mutating func skipDigits() throws(JSONSyntaxError) -> Int {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                // The input came from a Swift string and escapes are encoded below, so this is valid UTF-8.
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw error("control character in a string (escape it)")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("unterminated escape") }
        index += 1
        let simple: UInt8? = switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            utf8.append(simple)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw error("invalid escape") }
        var scalarValue = try parseHexQuad()
        if (0xD800..<0xDC00).contains(scalarValue) {
            guard current == UInt8(ascii: "\\") else { throw error("lone surrogate in \\u escape") }
            index += 1
            guard current == UInt8(ascii: "u") else { throw error("lone surrogate in \\u escape") }
            index += 1
            let low = try parseHexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw error("lone surrogate in \\u escape") }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw error("lone surrogate in \\u escape") }
        utf8.append(contentsOf: scalar.utf8)
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw error("expected four hex digits after \\u")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }
}
