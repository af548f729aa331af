import GalleryCore
import Testing

/// The script's `touchpad` lines: each gesture reads back from the line it writes, and bad gestures and numbers are
/// refused with their line and field.
@Suite("Script touchpad lines")
struct TouchpadScriptLineTests {
    @Test(
        "Each gesture parses from its documented line and writes the same line back",
        arguments: [
            (#"{"t":1,"type":"touchpad","gesture":"hold"}"#, TouchpadGesture.hold),
            (#"{"t":1,"type":"touchpad","gesture":"hold-end"}"#, .holdEnd(cancelled: false)),
            (#"{"t":1,"type":"touchpad","gesture":"hold-end","cancelled":true}"#, .holdEnd(cancelled: true)),
            (#"{"t":1,"type":"touchpad","gesture":"scroll","dx":-12.5,"dy":3}"#, .scroll(dx: -12.5, dy: 3)),
            (#"{"t":1,"type":"touchpad","gesture":"lift"}"#, .lift),
            (#"{"t":1,"type":"touchpad","gesture":"pinch-begin","x":400,"y":300}"#, .pinchBegin(x: 400, y: 300)),
            (
                #"{"t":1,"type":"touchpad","gesture":"pinch","scale":1.5,"dx":4,"dy":-2}"#,
                .pinch(scale: 1.5, dx: 4, dy: -2)
            ),
            (#"{"t":1,"type":"touchpad","gesture":"pinch-end"}"#, .pinchEnd),
        ])
    func roundTrips(line: String, gesture: TouchpadGesture) throws {
        let event = ScriptEvent(t: 1, command: .touchpad(gesture))
        #expect(try Script.parse(line).events == [event])
        #expect(event.jsonLine == line)
    }

    @Test(
        "Bad gestures and numbers are refused with the field",
        arguments: [
            (
                #"{"t":0,"type":"touchpad","gesture":"swipe"}"#,
                ScriptError.Problem.invalidValue(
                    field: "gesture",
                    reason:
                        "must be one of hold, hold-end, scroll, lift, pinch-begin, pinch, pinch-end, found \"swipe\"")
            ),
            (#"{"t":0,"type":"touchpad"}"#, .missingField("gesture")),
            (#"{"t":0,"type":"touchpad","gesture":"scroll","dx":1}"#, .missingField("dy")),
            (
                #"{"t":0,"type":"touchpad","gesture":"scroll","dx":1e9,"dy":0}"#,
                .invalidValue(field: "dx", reason: "must be between -1000000 and 1000000 pixels, found 1000000000.0")
            ),
            (
                #"{"t":0,"type":"touchpad","gesture":"pinch","scale":0,"dx":0,"dy":0}"#,
                .invalidValue(field: "scale", reason: "must be between 0.01 and 100 times, found 0.0")
            ),
            (
                #"{"t":0,"type":"touchpad","gesture":"hold-end","cancelled":1}"#,
                .wrongType(field: "cancelled", expected: "true or false", found: "a number")
            ),
        ])
    func refuses(line: String, problem: ScriptError.Problem) {
        #expect(throws: ScriptError(line: 1, problem: problem)) { try Script.parse(line) }
    }
}
