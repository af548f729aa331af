import GalleryCore
import Testing

@Suite("Script cursor")
struct ScriptCursorTests {
    static let script = Script(events: [
        ScriptEvent(t: 0, command: .down(x: 10, y: 10)),
        ScriptEvent(t: 0.05, command: .move(x: 5, y: 10)),
        ScriptEvent(t: 0.05, command: .move(x: 0, y: 10)),
        ScriptEvent(t: 0.1, command: .up(x: 0, y: 10)),
    ])

    @Test("each event is handed out once, at the first frame whose time reaches it", arguments: [30, 60, 144, 240])
    func handsOutEventsAtFrames(framesPerSecond: Int) {
        var cursor = ScriptCursor(script: Self.script)
        var deliveredAt: [(event: ScriptEvent, frameTime: Double)] = []
        var frame = 0
        while !cursor.isFinished {
            let frameTime = Double(frame) / Double(framesPerSecond)
            deliveredAt += cursor.takeEvents(dueAt: frameTime).map { ($0, frameTime) }
            frame += 1
        }
        #expect(deliveredAt.map(\.event) == Self.script.events)
        let framePeriod = 1 / Double(framesPerSecond)
        for (event, frameTime) in deliveredAt {
            #expect(frameTime >= event.t - ScriptCursor.timeTolerance)
            #expect(frameTime - framePeriod < event.t)
        }
        #expect(cursor.nextEventTime == nil)
    }

    @Test("the next event time is the earliest pending event")
    func reportsNextEventTime() {
        var cursor = ScriptCursor(script: Self.script)
        #expect(cursor.nextEventTime == 0)
        #expect(cursor.takeEvents(dueAt: 0.04).count == 1)
        #expect(cursor.nextEventTime == 0.05)
        #expect(cursor.takeEvents(dueAt: 0.04).isEmpty)
    }

    @Test("an event at 0.05 s is due at frame 3 of a 60 Hz run however the frame time was summed")
    func toleratesAccumulatedFrameTime() {
        var cursor = ScriptCursor(script: Script(events: [ScriptEvent(t: 0.05, command: .quit)]))
        var summedTime = 0.0
        for _ in 0..<3 { summedTime += 1.0 / 60.0 }
        #expect(cursor.takeEvents(dueAt: summedTime).count == 1)
    }
}
