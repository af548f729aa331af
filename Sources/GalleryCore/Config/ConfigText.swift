/// The configuration file's text fields: bare, or in double quotes with backslash escapes (`\"`, `\\`, `\n`, `\t`,
/// `\r`, `\xHH`) for what a bare field cannot hold: spaces at its ends, a leading `"`, `#` or `[`, an `=` in a name,
/// control characters, nothing at all.
public enum ConfigText {
    /// Spaces and tabs, which surround the fields and are not part of a bare one.
    static func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }

    /// `text` without the blanks at its ends.
    static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, isBlank(first) { text.removeFirst() }
        while let last = text.last, isBlank(last) { text.removeLast() }
        return text
    }

    /// Reads a quoted field at the start of `text` (which begins with `"`): its content and the rest after the closing
    /// quote; the message says what is wrong.
    static func quoted(_ text: Substring) -> Result<(value: String, rest: Substring), QuoteProblem> {
        var value = ""
        var rest = text.dropFirst()
        while let character = rest.first {
            rest.removeFirst()
            switch character {
            case "\"": return .success((value, rest))
            case "\\":
                guard let escaped = rest.first else { return .failure(QuoteProblem("a \\ at the end of the line")) }
                rest.removeFirst()
                switch escaped {
                case "\"", "\\": value.append(escaped)
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "x":
                    let digits = rest.prefix(2)
                    guard digits.count == 2, digits.allSatisfy(\.isHexDigit), let code = UInt8(digits, radix: 16),
                        code < 0x80
                    else { return .failure(QuoteProblem("\\x expects two hexadecimal digits from 00 to 7f")) }
                    value.unicodeScalars.append(Unicode.Scalar(code))
                    rest.removeFirst(2)
                default:
                    return .failure(
                        QuoteProblem("unknown escape \\\(escaped) (expected \\\", \\\\, \\n, \\t, \\r or \\xHH)"))
                }
            default: value.append(character)
            }
        }
        return .failure(QuoteProblem("a quote is not closed"))
    }

    /// A field as the file writes it: bare when it reads back as itself, else quoted with escapes. A `name` is also
    /// quoted when it holds `=`, where a bare name ends.
    public static func written(_ text: String, isName: Bool = false) -> String {
        let needsQuotes =
            text.isEmpty || text.first.map(isBlank) == true || text.last.map(isBlank) == true
            || ["\"", "#", "["].contains(text.first) || (isName && text.contains("="))
            || text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        guard needsQuotes else { return text }
        var written = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": written += "\\\""
            case "\\": written += "\\\\"
            case "\n": written += "\\n"
            case "\t": written += "\\t"
            case "\r": written += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                written += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            default: written.unicodeScalars.append(scalar)
            }
        }
        return written + "\""
    }

    /// What is wrong with a quoted field.
    struct QuoteProblem: Error {
        /// The message for the user.
        var message: String
        init(_ message: String) { self.message = message }
    }
}
