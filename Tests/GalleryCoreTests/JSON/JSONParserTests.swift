import GalleryCore
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    @Test("valid JSON parses to the expected value", arguments: [
        (#"{"a":1,"b":[true,false,null],"c":"x"}"#,
         JSONValue.object(["a": .number(1), "b": .array([.bool(true), .bool(false), .null]), "c": .string("x")])),
        (#"  [ -0.5 , 1e3, 2E-2 ]  "#, .array([.number(-0.5), .number(1000), .number(0.02)])),
        (#""\u00e9\n\t\"\\\/""#, .string("é\n\t\"\\/")),
        (#""\ud83d\ude00""#, .string("😀")),
        ("\"café ✓\"", .string("café ✓")),
        ("{}", .object([:])),
        ("[]", .array([])),
        ("0", .number(0)),
    ])
    func parsesValid(text: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(text[...]) == expected)
    }

    @Test("invalid JSON is refused at the right column", arguments: [
        ("{\"a\":1,}", 8),
        ("{\"a\" 1}", 6),
        ("[1 2]", 4),
        ("01", 2),
        ("1.", 3),
        ("-", 2),
        ("tru", 1),
        ("\"abc", 5),
        ("\"a\u{01}\"", 3),
        ("\"\\x\"", 4),
        ("\"\\ud83d\"", 8),
        ("{\"a\":1,\"a\":2}", 8),
        ("1e999", 1),
        ("{} x", 4),
        ("", 1),
        ("'a'", 1),
    ])
    func refusesInvalid(text: String, column: Int) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text[...]) }
        do {
            _ = try JSONParser.parse(text[...])
        } catch {
            #expect(error.column == column, "\(error)")
        }
    }

    @Test("nesting beyond the limit is refused instead of exhausting the stack")
    func refusesDeepNesting() {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1)
            + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        let allowed = String(repeating: "[", count: JSONParser.maximumDepth)
            + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep[...]) }
        #expect(throws: Never.self) { try JSONParser.parse(allowed[...]) }
    }

    @Test("written strings read back unchanged", arguments: [
        "plain", "quote \" and backslash \\", "line\nbreak\r\ttab", "\u{01}\u{1F}", "ünïcødé 😀", "",
    ])
    func quotedStringsRoundTrip(original: String) throws {
        let quoted = JSONObjectWriter.quoted(original)
        #expect(try JSONParser.parse(quoted[...]) == .string(original))
    }
}
