import GalleryCore
import Support
import Testing

@Suite("JSON line decoder")
struct JSONLineDecoderTests {
    /// A line with one field of each kind the script and trace lines use.
    struct Sample: Decodable, Equatable {
        enum Field: String, JSONLineField {
            case number, whole, wholes, name, optional

            var expectedValue: String {
                switch self {
                case .number: "a number"
                case .whole: "a whole number"
                case .wholes: "an array of whole numbers"
                case .name: "a string"
                case .optional: "a number or null"
                }
            }
        }

        var number: Double
        var whole: Int
        var wholes: [Int]
        var name: String
        var optional: Double

        init(number: Double, whole: Int, wholes: [Int], name: String, optional: Double) {
            self.number = number
            self.whole = whole
            self.wholes = wholes
            self.name = name
            self.optional = optional
        }

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: Field.self)
            number = try fields.decode(Double.self, forKey: .number)
            whole = try fields.decodeWholeNumber(forKey: .whole)
            wholes = try fields.decodeWholeNumbers(forKey: .wholes)
            name = try fields.decode(String.self, forKey: .name)
            optional = fields.contains(.optional) ? try fields.decodeNumberOrNaN(forKey: .optional) : 0
        }
    }

    static func line(replacing field: String, with json: String) -> String {
        var members = [
            "number": "0.5", "whole": "-3", "wholes": "[1,2]", "name": "\"é\\n\"", "optional": "2",
        ]
        members[field] = json
        return "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    @Test(
        "a well-formed line decodes; unknown fields are ignored, null reads as NaN",
        arguments: [
            (
                line(replacing: "extra", with: #"{"deep":[[[]]]}"#),
                Sample(number: 0.5, whole: -3, wholes: [1, 2], name: "é\n", optional: 2)
            ),
            (
                line(replacing: "whole", with: "9007199254740993"),
                Sample(number: 0.5, whole: 9_007_199_254_740_993, wholes: [1, 2], name: "é\n", optional: 2)
            ),
            (
                line(replacing: "whole", with: "8e2"),
                Sample(number: 0.5, whole: 800, wholes: [1, 2], name: "é\n", optional: 2)
            ),
            (
                line(replacing: "number", with: "-1.5E-2"),
                Sample(number: -0.015, whole: -3, wholes: [1, 2], name: "é\n", optional: 2)
            ),
            (
                "  " + line(replacing: "wholes", with: "[ ]") + " ",
                Sample(number: 0.5, whole: -3, wholes: [], name: "é\n", optional: 2)
            ),
        ])
    func decodesWellFormedLines(text: String, expected: Sample) throws {
        #expect(try JSONLineDecoder.decode(Sample.self, from: text) == expected)
    }

    @Test("null in a number-or-null field reads as NaN")
    func readsNullAsNaN() throws {
        #expect(
            try JSONLineDecoder.decode(Sample.self, from: Self.line(replacing: "optional", with: "null")).optional.isNaN
        )
    }

    @Test(
        "each decoding error names the field, what it must hold and what it holds",
        arguments: [
            (
                line(replacing: "number", with: "\"1\""),
                JSONLineError.wrongType(field: "number", expected: "a number", found: "a string")
            ),
            (
                line(replacing: "number", with: "true"),
                .wrongType(field: "number", expected: "a number", found: "a boolean")
            ),
            (line(replacing: "number", with: "null"), .wrongType(field: "number", expected: "a number", found: "null")),
            (line(replacing: "name", with: "{}"), .wrongType(field: "name", expected: "a string", found: "an object")),
            (line(replacing: "name", with: "[]"), .wrongType(field: "name", expected: "a string", found: "an array")),
            (line(replacing: "name", with: "7"), .wrongType(field: "name", expected: "a string", found: "a number")),
            (
                line(replacing: "whole", with: "2.5"),
                .invalidValue(field: "whole", reason: "must be a whole number, found 2.5")
            ),
            (
                line(replacing: "whole", with: "1e30"),
                .invalidValue(field: "whole", reason: "is too large for a whole number, found 1e+30")
            ),
            (
                line(replacing: "whole", with: "\"3\""),
                .wrongType(field: "whole", expected: "a whole number", found: "a string")
            ),
            (
                line(replacing: "wholes", with: "[1,\"a\"]"),
                .wrongType(field: "wholes", expected: "an array of whole numbers", found: "an element that is a string")
            ),
            (
                line(replacing: "wholes", with: "[1,null]"),
                .wrongType(field: "wholes", expected: "an array of whole numbers", found: "an element that is null")
            ),
            (
                line(replacing: "wholes", with: "[1,2.5]"),
                .invalidValue(field: "wholes", reason: "must be a whole number, found 2.5 at index 1")
            ),
            (
                line(replacing: "wholes", with: "3"),
                .wrongType(field: "wholes", expected: "an array of whole numbers", found: "a number")
            ),
            (
                line(replacing: "optional", with: "\"x\""),
                .wrongType(field: "optional", expected: "a number or null", found: "a string")
            ),
            (#"{"whole":1,"wholes":[],"name":""}"#, .missingField("number")),
            ("[1,2]", .notAnObject(found: "an array")),
            ("\"text\"", .notAnObject(found: "a string")),
            ("5", .notAnObject(found: "a number")),
            ("null", .notAnObject(found: "null")),
        ])
    func reportsDecodingErrors(text: String, expected: JSONLineError) {
        #expect(throws: expected) { try JSONLineDecoder.decode(Sample.self, from: text) }
    }

    // The reasons are JSONSyntax's, asserted in JSONSyntaxTests; here only the kind of error is.
    @Test(
        "text that is not JSON is refused as such, even inside fields that are not read",
        arguments: [
            #"{"a" 1}"#, "[1 2]", "01", "1.", "-", "tru", "\"abc", "\"a\u{01}\"", "\"\\x\"", "\"\\ud83d\"", "1e999",
            "{} x", "", "'a'", "not json", #"{"number":0.5"#,
            line(replacing: "ignored", with: "\"\\x\""),
            line(replacing: "ignored", with: "01"),
            line(replacing: "ignored", with: "1."),
            line(replacing: "ignored", with: "1e999"),
            line(replacing: "number", with: "NaN"),
            String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
        ])
    func refusesInvalidJSON(text: String) {
        let error = #expect(throws: JSONLineError.self) { try JSONLineDecoder.decode(Sample.self, from: text) }
        guard case .notJSON(let reason)? = error else {
            Issue.record("expected not JSON, got \(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
        #expect(error?.description == "bad JSON: " + reason)
    }

    // The hand-written parser refused these; Foundation accepts them, which this test records so a change shows.
    @Test(
        "Foundation accepts a trailing comma and a duplicate key",
        arguments: [
            String(line(replacing: "name", with: "\"x\"").dropLast()) + ",}",
            String(line(replacing: "name", with: "\"x\"").dropLast()) + #","name":"y"}"#,
        ])
    func acceptsFoundationLeniencies(text: String) throws {
        let sample = try JSONLineDecoder.decode(Sample.self, from: text)
        #expect(sample.whole == -3)
        #expect(["x", "y"].contains(sample.name))
    }
}
