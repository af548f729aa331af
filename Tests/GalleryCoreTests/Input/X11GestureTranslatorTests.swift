import GalleryCore
import Testing

/// The translation from an X server's XInput 2.4 pinch events to the gallery's input, as a table of event sequences in
/// the shape xf86-input-libinput sends them (a begin at the pointer with the spread 1, updates with the centre's
/// movement since the last event and the spread since the begin, an end, cancelled when the fingers became another
/// gesture), and hostile values. Xvfb has no touchpad and XTest makes no gesture, so no real session makes them here.
@Suite("X11 gesture events to input")
struct X11GestureTranslatorTests {
    /// One case: events in, inputs out (without their times), at `pixelsPerUnit`.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let events: [X11GestureEvent]
        let expected: [GalleryInput]
        var pixelsPerUnit = 1.0
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a two-finger pinch out about the pointer: movements add up, the spread is absolute",
            events: [
                .pinchBegin(time: 100, fingers: 2, x: 640, y: 360),
                .pinchUpdate(time: 108, dx: 1.5, dy: -0.5, scale: 1.12),
                .pinchUpdate(time: 116, dx: 2.5, dy: 0.5, scale: 1.31),
                .pinchEnd(time: 130, cancelled: false),
            ],
            expected: [
                .touchpad(.pinchBegin(x: 640, y: 360)), .touchpad(.pinch(scale: 1.12, dx: 1.5, dy: -0.5)),
                .touchpad(.pinch(scale: 1.31, dx: 4, dy: 0)), .touchpad(.pinchEnd),
            ]),
        Case(
            name: "a pinch in, three fingers: the spread below 1",
            events: [
                .pinchBegin(time: 1, fingers: 3, x: 10, y: 20), .pinchUpdate(time: 9, dx: 0, dy: 0, scale: 0.6),
                .pinchEnd(time: 20, cancelled: false),
            ],
            expected: [
                .touchpad(.pinchBegin(x: 10, y: 20)), .touchpad(.pinch(scale: 0.6, dx: 0, dy: 0)), .touchpad(.pinchEnd),
            ]),
        Case(
            name: "a cancelled pinch still ends: the zoom settles",
            events: [.pinchBegin(time: 1, fingers: 2, x: 0, y: 0), .pinchEnd(time: 2, cancelled: true)],
            expected: [.touchpad(.pinchBegin(x: 0, y: 0)), .touchpad(.pinchEnd)]),
        Case(
            name: "updates and an end without a begin (the pinch began over another window) are ignored",
            events: [.pinchUpdate(time: 9, dx: 2, dy: 1, scale: 1.5), .pinchEnd(time: 10, cancelled: false)],
            expected: []),
        Case(
            name: "a second pinch starts its movement afresh",
            events: [
                .pinchBegin(time: 1, fingers: 2, x: 0, y: 0), .pinchUpdate(time: 2, dx: 5, dy: 5, scale: 2),
                .pinchEnd(time: 3, cancelled: false), .pinchBegin(time: 4, fingers: 2, x: 1, y: 1),
                .pinchUpdate(time: 5, dx: 1, dy: 0, scale: 1.1),
            ],
            expected: [
                .touchpad(.pinchBegin(x: 0, y: 0)), .touchpad(.pinch(scale: 2, dx: 5, dy: 5)), .touchpad(.pinchEnd),
                .touchpad(.pinchBegin(x: 1, y: 1)), .touchpad(.pinch(scale: 1.1, dx: 1, dy: 0)),
            ]),
        Case(
            name: "a drawable twice its window's size doubles positions and movements, not the spread",
            events: [.pinchBegin(time: 1, fingers: 2, x: 100, y: 50), .pinchUpdate(time: 2, dx: 3, dy: 1, scale: 1.5)],
            expected: [.touchpad(.pinchBegin(x: 200, y: 100)), .touchpad(.pinch(scale: 1.5, dx: 6, dy: 2))],
            pixelsPerUnit: 2),
        Case(
            name: "hostile values: not a number or infinity is nothing, a huge one is bounded, a spread of 0 is 1",
            events: [
                .pinchBegin(time: 3, fingers: .max, x: .nan, y: -1e300),
                .pinchUpdate(time: 4, dx: .infinity, dy: 0, scale: 0),
                .pinchUpdate(time: 5, dx: 0, dy: 0, scale: 1e9), .pinchUpdate(time: 6, dx: 0, dy: 0, scale: -.infinity),
            ],
            expected: [
                .touchpad(.pinchBegin(x: 0, y: -100_000)), .touchpad(.pinch(scale: 1, dx: 0, dy: 0)),
                .touchpad(.pinch(scale: 100, dx: 0, dy: 0)), .touchpad(.pinch(scale: 1, dx: 0, dy: 0)),
            ]),
    ]

    @Test("XInput 2.4 pinch events become the gallery's input", arguments: cases)
    func translates(_ testCase: Case) {
        var translator = X11GestureTranslator(pixelsPerUnit: testCase.pixelsPerUnit)
        #expect(testCase.events.flatMap { translator.translate($0).map(\.input) } == testCase.expected)
    }

    @Test("Each input carries the server's time of the event that made it")
    func times() {
        var translator = X11GestureTranslator()
        let events: [X11GestureEvent] = [
            .pinchBegin(time: 41, fingers: 2, x: 0, y: 0), .pinchUpdate(time: 49, dx: 1, dy: 0, scale: 1.2),
            .pinchEnd(time: 60, cancelled: false),
        ]
        #expect(events.flatMap { translator.translate($0).map(\.time) } == [41, 49, 60])
    }
}
