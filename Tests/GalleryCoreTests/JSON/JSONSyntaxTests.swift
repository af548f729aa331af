import GalleryCore
import Support
import Testing

@Suite("JSON syntax")
struct JSONSyntaxTests {
    @Test(
        "valid JSON texts pass, including Foundation's trailing comma",
        arguments: [
            "0", "-1.5e+3", "\"a\\u00e9\\ud83d\\ude00\\n\"", " [1, {\"a\": [true, false, null]}] ", "{\"a\":1,}",
            "[1,]",
            String(repeating: "[", count: JSONSyntax.maximumDepth)
                + String(repeating: "]", count: JSONSyntax.maximumDepth),
        ])
    func acceptsValid(text: String) {
        #expect(JSONSyntax.problem(in: text) == nil)
    }

    @Test(
        "each problem says what and where, counting characters from 1",
        arguments: [
            ("{\"a\" 1}", "unexpected '1' at character 6 (where ':' should follow a key)"),
            ("[1 2]", "unexpected '2' at character 4 (where ',' or ']' should follow an element)"),
            ("01", "unexpected '1' at character 2 (after the value)"),
            ("1.", "unexpected end of text (where a digit should be, after a decimal point)"),
            ("tru", "unexpected end of text (in true)"),
            ("\"\\ud83d\"", "unexpected '\"' at character 8 (where a low surrogate escape should follow)"),
            ("1e999", "the number 1e999 at character 1 is out of range"),
            ("", "unexpected end of text (where a value should start)"),
            ("\"a\u{01}\"", "unexpected byte 1 at character 3 (a control character in a string)"),
            (String(repeating: "[", count: 600), "more than 512 nested arrays or objects at character 513"),
        ])
    func explainsProblems(text: String, reason: String) {
        #expect(JSONSyntax.problem(in: text) == reason)
    }
}
