/// A strict check of one JSON text (RFC 8259), saying what is wrong and where, before `JSONDecoder` reads it.
///
/// `JSONDecoder` checks only the fields it reads and, on failure, says no more than "The given data was not valid
/// JSON."; `JSONSerialization`, which said more, is not in FoundationEssentials, and linking all of Foundation for it
/// costs the app ~7 MB of RSS (docs/PERFORMANCE.md). Like Foundation, it accepts a comma before `}` or `]`.
package struct JSONSyntax {
    /// Arrays and objects nested deeper than this are refused (as Foundation does), so no input can exhaust the stack.
    package static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Why `text` is not one JSON value (surrounded by whitespace at most), or nil if it is.
    package static func problem(in text: some StringProtocol) -> String? {
        var checker = JSONSyntax(Array(text.utf8))
        do throws(Failure) {
            checker.skipWhitespace()
            try checker.value(depth: 0)
            checker.skipWhitespace()
            guard checker.index == checker.bytes.count else { throw checker.unexpected("after the value") }
            return nil
        } catch {
            return error.reason
        }
    }

    /// A syntax error's text.
    private struct Failure: Error {
        let reason: String
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// "unexpected 'x' at character 5 (after …)", or "unexpected end of text (…)"; characters count from 1.
    private func unexpected(_ context: String) -> Failure {
        guard let byte = current else { return Failure(reason: "unexpected end of text (\(context))") }
        let shown = (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
        return Failure(reason: "unexpected \(shown) at character \(index + 1) (\(context))")
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ word: String) throws(Failure) {
        for expected in word.utf8 {
            guard current == expected else { throw unexpected("in \(word)") }
            index += 1
        }
    }

    private mutating func value(depth: Int) throws(Failure) {
        guard let byte = current else { throw unexpected("where a value should start") }
        switch byte {
        case UInt8(ascii: "{"): try container(depth: depth, close: UInt8(ascii: "}"), isObject: true)
        case UInt8(ascii: "["): try container(depth: depth, close: UInt8(ascii: "]"), isObject: false)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try expect("true")
        case UInt8(ascii: "f"): try expect("false")
        case UInt8(ascii: "n"): try expect("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw unexpected("where a value should start")
        }
    }

    /// An object (`"key": value` members) or an array, from its opening bracket.
    private mutating func container(depth: Int, close: UInt8, isObject: Bool) throws(Failure) {
        guard depth < Self.maximumDepth else {
            throw Failure(reason: "more than \(Self.maximumDepth) nested arrays or objects at character \(index + 1)")
        }
        index += 1
        skipWhitespace()
        if current == close {
            index += 1
            return
        }
        while true {
            if isObject {
                guard current == UInt8(ascii: "\"") else { throw unexpected("where a key should start") }
                try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw unexpected("where ':' should follow a key") }
                index += 1
                skipWhitespace()
            }
            try value(depth: depth + 1)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                if current == close {
                    index += 1
                    return
                }
            case close:
                index += 1
                return
            default:
                throw unexpected(
                    isObject ? "where ',' or '}' should follow a member" : "where ',' or ']' should follow an element")
            }
        }
    }

    /// A string from its opening quote: no raw control characters, only JSON's escapes, surrogates in pairs.
    private mutating func string() throws(Failure) {
        index += 1
        while true {
            guard let byte = current else { throw unexpected("in a string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return
            case ..<0x20:
                throw unexpected("a control character in a string")
            case UInt8(ascii: "\\"):
                index += 1
                switch current {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    let unit = try hexUnit()
                    if (0xD800...0xDBFF).contains(unit) {
                        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count,
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw unexpected("where a low surrogate escape should follow") }
                        index += 1
                        guard (0xDC00...0xDFFF).contains(try hexUnit()) else {
                            throw Failure(reason: "an unpaired surrogate escape before character \(index + 1)")
                        }
                    } else if (0xDC00...0xDFFF).contains(unit) {
                        throw Failure(reason: "an unpaired surrogate escape before character \(index + 1)")
                    }
                default:
                    throw unexpected("in an escape")
                }
            default:
                index += 1
            }
        }
    }

    /// The four hex digits after `\u`, from the `u`.
    private mutating func hexUnit() throws(Failure) -> UInt16 {
        index += 1
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else { throw unexpected("in a \\u escape") }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A number: `-`, no leading zeros, a fraction and an exponent with digits, and finite as a `Double`.
    private mutating func number() throws(Failure) {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            try digits("in a number")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            try digits("after a decimal point")
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            try digits("in an exponent")
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw Failure(reason: "the number \(text) at character \(start + 1) is out of range")
        }
    }

    private mutating func digits(_ context: String) throws(Failure) {
        guard let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
            throw unexpected("where a digit should be, \(context)")
        }
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    }
}
