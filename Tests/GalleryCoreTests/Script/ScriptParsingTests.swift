import GalleryCore
import Testing

@Suite("Script parsing")
struct ScriptParsingTests {
    @Test(
        "each event type parses from the documented line",
        arguments: [
            (#"{"t":0.00,"type":"down","x":640,"y":360}"#, ScriptEvent(t: 0, command: .down(x: 640, y: 360))),
            (#"{"t":0.05,"type":"move","x":600.5,"y":360}"#, ScriptEvent(t: 0.05, command: .move(x: 600.5, y: 360))),
            (#"{"t":0.10,"type":"up","x":-20,"y":360}"#, ScriptEvent(t: 0.1, command: .up(x: -20, y: 360))),
            (#"{"t":0.20,"type":"key","key":"Right"}"#, ScriptEvent(t: 0.2, command: .key("Right"))),
            (#"{"t":0.30,"type":"wheel","dx":0.0,"dy":-1.0}"#, ScriptEvent(t: 0.3, command: .wheel(dx: 0, dy: -1))),
            (
                #"{"t":0.40,"type":"resize","w":800,"h":600}"#,
                ScriptEvent(t: 0.4, command: .resize(width: 800, height: 600))
            ),
            (#"{"t":0.50,"type":"shot","path":"a.png"}"#, ScriptEvent(t: 0.5, command: .shot(path: "a.png"))),
            (#"{"t":0.50,"type":"shot","path":"run/b.PNG"}"#, ScriptEvent(t: 0.5, command: .shot(path: "run/b.PNG"))),
            (#"{"t":0.60,"type":"quit"}"#, ScriptEvent(t: 0.6, command: .quit)),
            (#"  {"type":"quit","t":1,"comment":"unknown fields are ignored"}  "#, ScriptEvent(t: 1, command: .quit)),
            (
                #"{"t":2,"type":"key","key":"Q","x":"fields the type does not use are ignored"}"#,
                ScriptEvent(t: 2, command: .key("Q"))
            ),
            (
                #"{"t":3,"type":"resize","w":8e2,"h":600.0}"#,
                ScriptEvent(t: 3, command: .resize(width: 800, height: 600))
            ),
        ])
    func parsesEachType(line: String, expected: ScriptEvent) throws {
        #expect(try Script.parse(line).events == [expected])
    }

    @Test("blank lines, comments, CRLF and a byte-order mark are skipped; line numbers still count them")
    func skipsBlankAndCommentLines() throws {
        let text =
            "\u{FEFF}# a comment\r\n\r\n// another\n   \n{\"t\":0,\"type\":\"key\",\"key\":\"Left\"}\r\n\t{\"t\":0,\"type\":\"quit\"}\n"
        let script = try Script.parse(text)
        #expect(script.events == [ScriptEvent(t: 0, command: .key("Left")), ScriptEvent(t: 0, command: .quit)])
        #expect(throws: ScriptError(line: 7, problem: .unknownType("jump"))) {
            try Script.parse(text + "{\"t\":1,\"type\":\"jump\"}")
        }
    }

    @Test(
        "each bad line is reported with its line number and problem",
        arguments: [
            ("[1,2]", ScriptError.Problem.notAnObject(found: "an array")),
            ("\"quit\"", .notAnObject(found: "a string")),
            ("null", .notAnObject(found: "null")),
            ("{\"t\":0,\"type\":\"jump\"}", .unknownType("jump")),
            ("{\"type\":\"quit\"}", .missingField("t")),
            ("{\"t\":0}", .missingField("type")),
            ("{\"t\":0,\"type\":\"down\",\"x\":1}", .missingField("y")),
            ("{\"t\":0,\"type\":\"key\"}", .missingField("key")),
            ("{\"t\":0,\"type\":\"wheel\",\"dy\":1}", .missingField("dx")),
            ("{\"t\":0,\"type\":\"shot\"}", .missingField("path")),
            ("{\"t\":\"0\",\"type\":\"quit\"}", .wrongType(field: "t", expected: "a number", found: "a string")),
            ("{\"t\":0,\"type\":3}", .wrongType(field: "type", expected: "a string", found: "a number")),
            (
                "{\"t\":0,\"type\":\"move\",\"x\":true,\"y\":1}",
                .wrongType(field: "x", expected: "a number", found: "a boolean")
            ),
            (
                "{\"t\":0,\"type\":\"up\",\"x\":[0],\"y\":1}",
                .wrongType(field: "x", expected: "a number", found: "an array")
            ),
            ("{\"t\":null,\"type\":\"quit\"}", .wrongType(field: "t", expected: "a number", found: "null")),
            (
                "{\"t\":0,\"type\":\"key\",\"key\":{}}",
                .wrongType(field: "key", expected: "a string", found: "an object")
            ),
            (
                "{\"t\":0,\"type\":\"resize\",\"w\":\"800\",\"h\":600}",
                .wrongType(field: "w", expected: "a whole number", found: "a string")
            ),
            (
                "{\"t\":0,\"type\":\"resize\",\"w\":800.5,\"h\":600}",
                .invalidValue(field: "w", reason: "must be a whole number, found 800.5")
            ),
            (
                "{\"t\":0,\"type\":\"resize\",\"w\":800,\"h\":1e30}",
                .invalidValue(field: "h", reason: "is too large for a whole number, found 1e+30")
            ),
            ("{\"t\":-0.5,\"type\":\"quit\"}", .negativeTime(-0.5)),
            ("{\"t\":0,\"type\":\"key\",\"key\":\"\"}", .invalidValue(field: "key", reason: "must name a key")),
            (
                "{\"t\":0,\"type\":\"resize\",\"w\":0,\"h\":600}",
                .invalidValue(field: "w", reason: "must be between 1 and 8192 pixels, found 0")
            ),
            (
                "{\"t\":0,\"type\":\"resize\",\"w\":800,\"h\":20000}",
                .invalidValue(field: "h", reason: "must be between 1 and 8192 pixels, found 20000")
            ),
            (
                "{\"t\":0,\"type\":\"shot\",\"path\":\"/tmp/a.png\"}",
                .invalidValue(field: "path", reason: "must be relative to the --shots folder, found \"/tmp/a.png\"")
            ),
            (
                "{\"t\":0,\"type\":\"shot\",\"path\":\"../a.png\"}",
                .invalidValue(field: "path", reason: "may not contain \"..\", found \"../a.png\"")
            ),
            (
                "{\"t\":0,\"type\":\"shot\",\"path\":\"a.jpg\"}",
                .invalidValue(field: "path", reason: "must end in .png (shots are PNG files), found \"a.jpg\"")
            ),
        ])
    func reportsBadLine(badLine: String, problem: ScriptError.Problem) {
        let text =
            "{\"t\":0,\"type\":\"key\",\"key\":\"Right\"}\n# comment\n" + badLine + "\n{\"t\":9,\"type\":\"quit\"}\n"
        let expected = ScriptError(line: 3, problem: problem)
        #expect(throws: expected) { try Script.parse(text) }
        #expect(expected.description.hasPrefix("script line 3: "))
    }

    // The reason after "bad JSON: " is JSONSyntax's (asserted in JSONSyntaxTests), so the test asserts the line and
    // the kind of problem, not the exact text.
    @Test(
        "a line that is not JSON is reported with its line number as bad JSON",
        arguments: [
            "{\"t\":0,\"type\":\"quit\"",
            "{\"t\":0,\"type\":\"quit\"} x",
            "{'t':0,'type':'quit'}",
            "{\"t\":01,\"type\":\"quit\"}",
            "{\"t\":0,\"type\":\"quit\",\"note\":\"\\x\"}",
            "quit at 0",
        ])
    func reportsBadJSON(badLine: String) {
        let text =
            "{\"t\":0,\"type\":\"key\",\"key\":\"Right\"}\n# comment\n" + badLine + "\n{\"t\":9,\"type\":\"quit\"}\n"
        let error = #expect(throws: ScriptError.self) { try Script.parse(text) }
        #expect(error?.line == 3)
        guard case .badJSON(let message)? = error?.problem else {
            Issue.record("expected bad JSON, got \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix("bad JSON: ") && message.count > "bad JSON: ".count)
        #expect(error?.description == "script line 3: " + message)
    }

    @Test("events going back in time name both lines")
    func refusesTimeGoingBackwards() {
        let text = "{\"t\":0.5,\"type\":\"key\",\"key\":\"Right\"}\n\n{\"t\":0.2,\"type\":\"quit\"}"
        let expected = ScriptError(line: 3, problem: .timeGoesBackwards(t: 0.2, previous: 0.5, previousLine: 1))
        #expect(throws: expected) { try Script.parse(text) }
        #expect(
            expected.description
                == "script line 3: t = 0.2 is earlier than t = 0.5 on line 1 (events must be in time order)")
    }

    @Test("error messages name the file, the line and the accepted values")
    func describesErrors() {
        let unknown = ScriptError(path: "in.jsonl", line: 4, problem: .unknownType("jump"))
        #expect(
            unknown.description
                == "in.jsonl, line 4: unknown event type \"jump\" (expected one of: down, move, up, key, wheel, zoom, touchpad, resize, shot, quit)"
        )
        let missing = ScriptError(path: "in.jsonl", line: 2, problem: .missingField("x"))
        #expect(missing.description == "in.jsonl, line 2: missing field \"x\"")
        let negative = ScriptError(line: 1, problem: .negativeTime(-0.25))
        #expect(negative.description.contains("negative time t = -0.25"))
    }

    @Test("a serialized script parses back to the same events")
    func serializationRoundTrips() throws {
        let script = Script(events: [
            ScriptEvent(t: 0, command: .down(x: 640, y: 360)),
            ScriptEvent(t: 1.0 / 60.0, command: .move(x: 600.25, y: 359.5)),
            ScriptEvent(t: 0.1, command: .up(x: 560, y: 360)),
            ScriptEvent(t: 0.2, command: .key("PageDown")),
            ScriptEvent(t: 0.3, command: .wheel(dx: 0.5, dy: -1)),
            ScriptEvent(t: 0.4, command: .resize(width: 800, height: 600)),
            ScriptEvent(t: 0.5, command: .shot(path: "shots/a \"quoted\".png")),
            ScriptEvent(t: 0.6, command: .quit),
        ])
        let reparsed = try Script.parse(script.jsonLines)
        #expect(reparsed.events.map(\.command) == script.events.map(\.command))
        for (read, written) in zip(reparsed.events, script.events) {
            #expect(abs(read.t - written.t) <= 5e-7)
        }
        #expect(script.events[0].jsonLine == #"{"t":0,"type":"down","x":640,"y":360}"#)
    }
}
