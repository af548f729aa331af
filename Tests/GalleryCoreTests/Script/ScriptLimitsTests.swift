import GalleryCore
import Testing

/// Every number a script holds is checked against its documented range, with an error naming the line and field.
@Suite("Script limits")
struct ScriptLimitsTests {
    @Test(
        "each out-of-range number gives its one-line error",
        arguments: [
            (#"{"t":1e9,"type":"quit"}"#, "t", "must be between 0 and 10000000 seconds, found 1000000000.0"),
            (#"{"t":10000000.5,"type":"quit"}"#, "t", "must be between 0 and 10000000 seconds, found 10000000.5"),
            (
                #"{"t":0,"type":"down","x":1000001,"y":0}"#, "x",
                "must be between -1000000 and 1000000 pixels, found 1000001.0"
            ),
            (
                #"{"t":0,"type":"down","x":0,"y":-1e7}"#, "y",
                "must be between -1000000 and 1000000 pixels, found -10000000.0"
            ),
            (#"{"t":0,"type":"move","x":1e25,"y":0}"#, "x", "must be between -1000000 and 1000000 pixels, found 1e+25"),
            (
                #"{"t":0,"type":"move","x":0,"y":1e300}"#, "y",
                "must be between -1000000 and 1000000 pixels, found 1e+300"
            ),
            (#"{"t":0,"type":"up","x":-1e25,"y":0}"#, "x", "must be between -1000000 and 1000000 pixels, found -1e+25"),
            (
                #"{"t":0,"type":"up","x":0,"y":2e6}"#, "y",
                "must be between -1000000 and 1000000 pixels, found 2000000.0"
            ),
            (#"{"t":0,"type":"wheel","dx":0,"dy":1e19}"#, "dy", "must be between -1000 and 1000 notches, found 1e+19"),
            (
                #"{"t":0,"type":"wheel","dx":0,"dy":1e10}"#, "dy",
                "must be between -1000 and 1000 notches, found 10000000000.0"
            ),
            (
                #"{"t":0,"type":"wheel","dx":0,"dy":-1e8}"#, "dy",
                "must be between -1000 and 1000 notches, found -100000000.0"
            ),
            (
                #"{"t":0,"type":"wheel","dx":1000.5,"dy":0}"#, "dx",
                "must be between -1000 and 1000 notches, found 1000.5"
            ),
            (#"{"t":0,"type":"resize","w":8193,"h":600}"#, "w", "must be between 1 and 8192 pixels, found 8193"),
            (#"{"t":0,"type":"resize","w":800,"h":-1}"#, "h", "must be between 1 and 8192 pixels, found -1"),
        ])
    func outOfRange(line: String, field: String, reason: String) {
        let expected = ScriptError(line: 2, problem: .invalidValue(field: field, reason: reason))
        #expect(throws: expected) { try Script.parse("# header\n" + line) }
        #expect(expected.description == "script line 2: field \"\(field)\" \(reason)")
        #expect(!expected.description.contains("\n"))
    }

    @Test(
        "the ends of each range are accepted",
        arguments: [
            #"{"t":10000000,"type":"quit"}"#,
            #"{"t":0,"type":"down","x":-1000000,"y":1000000}"#,
            #"{"t":0,"type":"move","x":1000000,"y":-1000000}"#,
            #"{"t":0,"type":"up","x":-1000000,"y":-1000000}"#,
            #"{"t":0,"type":"wheel","dx":-1000,"dy":1000}"#,
            #"{"t":0,"type":"resize","w":1,"h":8192}"#,
        ])
    func endsAccepted(line: String) throws {
        #expect(try Script.parse(line).events.count == 1)
    }

    @Test("numbers JSON cannot hold as a double are bad JSON, not a trap")
    func overflowingNumbers() {
        #expect(throws: ScriptError.self) { try Script.parse(#"{"t":1e400,"type":"quit"}"#) }
        #expect(throws: ScriptError.self) { try Script.parse(#"{"t":0,"type":"move","x":-1e400,"y":0}"#) }
    }
}
