import GalleryCore
import GalleryCoreTesting
import PagerEngine
import Testing

@Suite("Soak script generator")
struct SoakScriptGeneratorTests {
    static let size = try! ViewportSize(width: 320, height: 240)

    @Test(
        "one seed always gives the same script, and the script survives its own text",
        arguments: [1, 2, 99, 123_456] as [UInt64])
    func replayable(seed: UInt64) throws {
        let script = SoakScriptGenerator().script(seed: seed, gestures: 20, size: Self.size)
        #expect(script == SoakScriptGenerator().script(seed: seed, gestures: 20, size: Self.size))
        #expect(try Script.parse(script.jsonLines) == script)
        #expect(script != SoakScriptGenerator().script(seed: seed + 1, gestures: 20, size: Self.size))
    }

    @Test("across seeds the scripts hold every kind of input, within the script limits")
    func coversEveryKind() throws {
        var kinds: Set<String> = []
        var modeKeys = 0
        for seed in 0..<50 as Range<UInt64> {
            for event in SoakScriptGenerator().script(seed: seed, gestures: 12, size: Self.size).events {
                kinds.insert(event.command.typeName)
                if case .key(let name, _) = event.command, ["F2", "F3", "F4", "F5", "F6"].contains(name) {
                    modeKeys += 1
                }
                // Every generated event is one the parser accepts (limits included).
                #expect(try Script.parse(ScriptEvent(t: event.t, command: event.command).jsonLine).events.count == 1)
            }
        }
        #expect(kinds == ["down", "move", "up", "key", "wheel", "zoom", "touchpad", "resize"])
        #expect(modeKeys > 10)
    }

    @Test("the scripts go to the end, retry there with R and clicks, and wait for the feed's answer")
    func feedEnd() {
        var trips = 0, retries = 0, clicks = 0, answeredRetries = 0
        for seed in 0..<50 as Range<UInt64> {
            let events = SoakScriptGenerator().script(seed: seed, gestures: 12, size: Self.size).events
            for (index, event) in events.enumerated() {
                let next = events.dropFirst(index + 1).first
                var retried = false
                switch (event.command, next?.command) {
                case (.key("End", false), .key("Right", false)): trips += 1
                case (.key("R", _), _): retries += 1; retried = true
                case (.up(let x, let y), _):
                    if index > 0, events[index - 1].command == .down(x: x, y: y) { clicks += 1; retried = true }
                default: break
                }
                // Half the simulated network's delay or more before the next input: its answer can arrive.
                if retried, (next?.t ?? .infinity) - event.t >= SimulatedFeedSource.defaultDelay / 2 {
                    answeredRetries += 1
                }
            }
        }
        #expect(trips > 20)
        #expect(retries > 20)
        #expect(clicks > 10)
        #expect(answeredRetries > 20)
    }
}
