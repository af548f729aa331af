import GalleryCore
import PagerEngine
import Testing

@Suite("Trace format")
struct TraceFormatTests {
    // These lines are the format specification: key order, decimals, escaping.
    @Test(
        "records are written as the exact documented lines",
        arguments: [
            (
                TraceRecord(
                    t: 1.0 / 60.0, mode: .threeSurfaces, page: 0, position: 0, phase: "idle", slots: [11, 0, 1],
                    textures: 3, textureBytes: 11_059_200, frameMilliseconds: 1.21, pages: 12),
                #"{"t":0.016667,"mode":"threeSurfaces","page":0,"position":0.000000,"phase":"idle","slots":[11,0,1],"#
                    + #""textures":3,"texture_bytes":11059200,"decoded_bytes":0,"frame_ms":1.210,"pages":12,"velocity":0.000,"offset_px":0.000,"#
                    + #""decoded":0,"pending":0,"events":[],"uploads":0,"#
                    + #""zoom":1.000000,"pan_x":0.000,"pan_y":0.000}"#
            ),
            (
                TraceRecord(
                    t: 2.5, mode: .feed, page: 14, position: 14.2500004, phase: "settling", slots: [13, 14, -1],
                    textures: 2, textureBytes: 7_372_800, decodedBytes: 460_800, frameMilliseconds: 0.0004, pages: 15,
                    velocity: -1637.1349,
                    offsetPixels: 18_240.5, decoded: 5, pending: 1, events: ["pageChanged:14", "needsMorePages"],
                    uploads: 17, feedState: "loading"),
                #"{"t":2.500000,"mode":"feed","page":14,"position":14.250000,"phase":"settling","slots":[13,14,-1],"#
                    + #""textures":2,"texture_bytes":7372800,"decoded_bytes":460800,"frame_ms":0.000,"pages":15,"velocity":-1637.135,"#
                    + #""offset_px":18240.500,"decoded":5,"pending":1,"events":["pageChanged:14","needsMorePages"],"uploads":17,"#
                    + #""zoom":1.000000,"pan_x":0.000,"pan_y":0.000,"feed_state":"loading"}"#
            ),
            (
                TraceRecord(
                    t: 0, mode: .bounded, page: 0, position: -0.0000001, phase: "dragging", slots: [0, 1],
                    textures: 0, textureBytes: 0, frameMilliseconds: .nan, velocity: -0.0,
                    events: ["odd \"name\"\n"]),
                #"{"t":0.000000,"mode":"bounded","page":0,"position":0.000000,"phase":"dragging","slots":[0,1],"#
                    + #""textures":0,"texture_bytes":0,"decoded_bytes":0,"frame_ms":null,"pages":0,"velocity":0.000,"offset_px":0.000,"#
                    + #""decoded":0,"pending":0,"events":["odd \"name\"\n"],"uploads":0,"#
                    + #""zoom":1.000000,"pan_x":0.000,"pan_y":0.000}"#
            ),
        ])
    func writesExactLine(record: TraceRecord, expectedLine: String) {
        #expect(record.jsonLine == expectedLine)
    }

    @Test("a written line reads back to the same record", arguments: GalleryMode.allCases)
    func roundTrips(mode: GalleryMode) throws {
        let record = TraceRecord(
            t: 12.345678, mode: mode, page: 7, position: 7.5, phase: "decelerating", slots: [6, 7, 8, -1],
            textures: 4, textureBytes: 14_745_600, decodedBytes: 3_686_400, frameMilliseconds: 2.125, pages: 9,
            velocity: 812.5,
            offsetPixels: -640.25, decoded: 6, pending: 2, events: ["rebased:-12", "settled:4"]
        )
        #expect(try TraceRecord.parse(line: record.jsonLine) == record)
    }

    @Test("NaN is written as null and read back as NaN")
    func nonFiniteNumbersBecomeNull() throws {
        let record = TraceRecord(
            t: 0, mode: .wheel, page: 0, position: .nan, phase: "idle", slots: [],
            textures: 0, textureBytes: 0, frameMilliseconds: 0, velocity: .infinity)
        #expect(record.jsonLine.contains(#""position":null"#))
        let reread = try TraceRecord.parse(line: record.jsonLine)
        #expect(reread.position.isNaN)
        #expect(reread.velocity.isNaN)
        #expect(!reread.t.isNaN)
    }

    @Test("a line with only the original fields reads, the extras taking their defaults")
    func readsLinesWithoutExtras() throws {
        let line =
            #"{"t":0.016667,"mode":"threeSurfaces","page":0,"position":0.0,"phase":"idle","slots":[11,0,1],"#
            + #""textures":3,"texture_bytes":11059200,"frame_ms":1.21,"future_field":{"x":1}}"#
        let record = try TraceRecord.parse(line: line)
        #expect(
            record
                == TraceRecord(
                    t: 0.016667, mode: .threeSurfaces, page: 0, position: 0, phase: "idle",
                    slots: [11, 0, 1], textures: 3, textureBytes: 11_059_200, frameMilliseconds: 1.21))
    }

    @Test(
        "malformed traces name the line and the problem",
        arguments: [
            ("{\"t\":0}", "trace line 2: missing field \"mode\""),
            (
                #"{"t":0,"mode":"spiral","page":0}"#,
                "trace line 2: field \"mode\" must be one of bounded, endCaps, threeSurfaces, feed, wheel, grid; found \"spiral\""
            ),
            (
                #"{"t":0,"mode":"feed","page":0,"position":0,"phase":"idle","slots":[1,"a"],"textures":0,"texture_bytes":0,"frame_ms":0}"#,
                "trace line 2: field \"slots\" must be an array of whole numbers, found an element that is a string"
            ),
            (
                #"{"t":0,"mode":"feed","page":0,"position":0,"phase":"idle","slots":[1,2.5],"textures":0,"texture_bytes":0,"frame_ms":0}"#,
                "trace line 2: field \"slots\" must be a whole number, found 2.5 at index 1"
            ),
            (
                #"{"t":0,"mode":"feed","page":null,"position":0,"phase":"idle","slots":[],"textures":0,"texture_bytes":0,"frame_ms":0}"#,
                "trace line 2: field \"page\" must be a whole number, found null"
            ),
            (
                #"{"t":"0","mode":"feed","page":0,"position":0,"phase":"idle","slots":[],"textures":0,"texture_bytes":0,"frame_ms":0}"#,
                "trace line 2: field \"t\" must be a number or null, found a string"
            ),
            (
                #"{"t":0,"mode":"feed","page":0,"position":0,"phase":"idle","slots":[],"textures":0,"texture_bytes":0}"#,
                "trace line 2: missing field \"frame_ms\""
            ),
            (
                #"{"t":0,"mode":"feed","page":0,"position":0,"phase":"idle","slots":[],"textures":0,"texture_bytes":0,"frame_ms":0,"events":[1]}"#,
                "trace line 2: field \"events\" must be an array of strings, found an element that is a number"
            ),
            ("[0]", "trace line 2: expected a JSON object, found an array"),
        ])
    func reportsMalformedLines(badLine: String, message: String) {
        let good = TraceRecord(
            t: 0, mode: .feed, page: 0, position: 0, phase: "idle", slots: [0],
            textures: 0, textureBytes: 0, frameMilliseconds: 0
        ).jsonLine
        #expect(throws: TraceError.self) { try TraceReader.records(in: good + "\n" + badLine + "\n") }
        do {
            _ = try TraceReader.records(in: good + "\n" + badLine + "\n")
        } catch {
            #expect(error.description == message)
        }
    }

    // The reason after "bad JSON: " is JSONSyntax's (asserted in JSONSyntaxTests); here only the line and the kind.
    @Test(
        "a trace line that is not JSON is reported with its line number as bad JSON",
        arguments: [
            "not json", #"{"t":0,"mode":"feed""#, #"{"t":0,"mode":"feed"} {}"#,
        ])
    func reportsBadJSON(badLine: String) {
        let good = TraceRecord(
            t: 0, mode: .feed, page: 0, position: 0, phase: "idle", slots: [0],
            textures: 0, textureBytes: 0, frameMilliseconds: 0
        ).jsonLine
        let error = #expect(throws: TraceError.self) { try TraceReader.records(in: good + "\n" + badLine + "\n") }
        guard case .malformedLine(let line, let reason)? = error else {
            Issue.record("expected a malformed line, got \(String(describing: error))")
            return
        }
        #expect(line == 2)
        #expect(reason.hasPrefix("bad JSON: ") && reason.count > "bad JSON: ".count)
    }

    @Test(
        "slot values: the logical page, or -1 for the spinner and empty slots",
        arguments: [
            (SlotContent.page(0), 0), (.page(11), 11), (.feedEnd, -1), (.empty, -1),
        ])
    func slotValues(content: SlotContent, expected: Int) {
        #expect(TraceRecord.slotValue(for: content) == expected)
    }

    @Test(
        "feed responses have stable trace names",
        arguments: [
            (FeedResponse.appended([.photo(0), .photo(1), .file(path: "/a.jpg")]), "appended:3"),
            (.appended([.photo(4)]), "appended:1"),
            (.failed(reason: "x"), "loadFailed"),
        ])
    func feedEventNames(response: FeedResponse, expected: String) {
        #expect(response.traceName == expected)
    }
}
