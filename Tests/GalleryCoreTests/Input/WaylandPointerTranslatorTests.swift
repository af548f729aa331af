import GalleryCore
import Testing

/// The translation from a Wayland pointer's protocol events to the gallery's input, as a table of event sequences:
/// the frames libinput's touchpads, wheels and continuous devices produce through a compositor, the hold and pinch
/// gestures (which a virtual pointer cannot inject), and hostile values.
@Suite("Wayland pointer events to input")
struct WaylandPointerTranslatorTests {
    /// One case: events in, inputs out (without their times), at `pixelsPerUnit`, with Ctrl held or not.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let events: [WaylandPointerEvent]
        let expected: [GalleryInput]
        var pixelsPerUnit = 1.0
        var zoomModifier = false
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "fingers scrolling right move the content left, 1:1",
            events: [.axisSource(1), .axis(time: 10, horizontal: true, value: 12.5), .frame(x: 0, y: 0)],
            expected: [.touchpad(.scroll(dx: -12.5, dy: 0))]),
        Case(
            name: "at an output scale of 2 one surface unit is two pixels",
            events: [.axisSource(1), .axis(time: 10, horizontal: false, value: 3), .frame(x: 0, y: 0)],
            expected: [.touchpad(.scroll(dx: 0, dy: -6))], pixelsPerUnit: 2),
        Case(
            name: "both axes of one frame are one movement",
            events: [
                .axisSource(1), .axis(time: 10, horizontal: true, value: -4),
                .axis(time: 10, horizontal: false, value: 2),
                .frame(x: 0, y: 0),
            ],
            expected: [.touchpad(.scroll(dx: 4, dy: -2))]),
        Case(
            name: "axis_stop is the lift",
            events: [
                .axisSource(1), .axis(time: 10, horizontal: true, value: 5), .frame(x: 0, y: 0),
                .axisSource(1), .axisStop(time: 20, horizontal: true), .axisStop(time: 20, horizontal: false),
                .frame(x: 0, y: 0),
            ],
            expected: [.touchpad(.scroll(dx: -5, dy: 0)), .touchpad(.lift)]),
        Case(
            name: "a frame naming no source while fingers scroll is theirs (the source is optional)",
            events: [
                .axisSource(1), .axis(time: 10, horizontal: true, value: 5), .frame(x: 0, y: 0),
                .axis(time: 18, horizontal: true, value: 5), .frame(x: 0, y: 0),
            ],
            expected: [.touchpad(.scroll(dx: -5, dy: 0)), .touchpad(.scroll(dx: -5, dy: 0))]),
        Case(
            name: "after the lift a frame naming no source is not the fingers'",
            events: [
                .axisSource(1), .axisStop(time: 20, horizontal: true), .frame(x: 0, y: 0),
                .axis(time: 30, horizontal: false, value: 10), .frame(x: 0, y: 0),
            ],
            expected: [.touchpad(.lift), .wheel(dx: 0, dy: -1)]),
        Case(
            name: "a wheel's notch down is SDL's wheel delta of -1",
            events: [
                .axisSource(0), .axisDiscrete(horizontal: false, steps: 1),
                .axis(time: 5, horizontal: false, value: 10), .frame(x: 0, y: 0),
            ],
            expected: [.wheel(dx: 0, dy: -1)]),
        Case(
            name: "a tilted wheel's notch right",
            events: [
                .axisSource(3), .axisDiscrete(horizontal: true, steps: 1), .axis(time: 5, horizontal: true, value: 10),
                .frame(x: 0, y: 0),
            ],
            expected: [.wheel(dx: 1, dy: 0)]),
        Case(
            name: "Ctrl + a notch up zooms in at the pointer",
            events: [
                .axisSource(0), .axisDiscrete(horizontal: false, steps: -1),
                .axis(time: 5, horizontal: false, value: -10), .frame(x: 100, y: 50),
            ],
            expected: [.zoomBy(factor: 1.25, x: 200, y: 100)], pixelsPerUnit: 2, zoomModifier: true),
        Case(
            name: "a continuous device scrolls in fractions of a notch",
            events: [.axisSource(2), .axis(time: 5, horizontal: false, value: 5), .frame(x: 0, y: 0)],
            expected: [.wheel(dx: 0, dy: -0.5)]),
        Case(
            name: "a frame without scrolling is no input",
            events: [.frame(x: 1, y: 2), .axisSource(1), .frame(x: 4, y: 5)],
            expected: []),
        Case(
            name: "fingers touching and lifting: a hold",
            events: [.holdBegin(time: 1, fingers: 2), .holdEnd(time: 90, cancelled: false)],
            expected: [.touchpad(.hold), .touchpad(.holdEnd(cancelled: false))]),
        Case(
            name: "libinput's two-finger scroll: the hold is cancelled as the fingers move, then the axis frames",
            events: [
                .holdBegin(time: 1, fingers: 2), .holdEnd(time: 40, cancelled: true),
                .axisSource(1), .axis(time: 41, horizontal: true, value: 3), .frame(x: 0, y: 0),
                .axisSource(1), .axisStop(time: 60, horizontal: true), .frame(x: 0, y: 0),
            ],
            expected: [
                .touchpad(.hold), .touchpad(.holdEnd(cancelled: true)), .touchpad(.scroll(dx: -3, dy: 0)),
                .touchpad(.lift),
            ]),
        Case(
            name: "a pinch about the pointer: the centre's movement adds up, the spread is absolute",
            events: [
                .pinchBegin(time: 1, fingers: 2, x: 100, y: 50),
                .pinchUpdate(time: 9, dx: 2, dy: 1, scale: 1.5), .pinchUpdate(time: 17, dx: 3, dy: -1, scale: 2),
                .pinchEnd(time: 30, cancelled: false),
            ],
            expected: [
                .touchpad(.pinchBegin(x: 200, y: 100)), .touchpad(.pinch(scale: 1.5, dx: 4, dy: 2)),
                .touchpad(.pinch(scale: 2, dx: 10, dy: 0)), .touchpad(.pinchEnd),
            ], pixelsPerUnit: 2),
        Case(
            name: "a cancelled pinch still ends (the zoom settles)",
            events: [.pinchBegin(time: 1, fingers: 3, x: 0, y: 0), .pinchEnd(time: 2, cancelled: true)],
            expected: [.touchpad(.pinchBegin(x: 0, y: 0)), .touchpad(.pinchEnd)]),
        Case(
            name: "pinch updates and ends without a begin are ignored",
            events: [.pinchUpdate(time: 9, dx: 2, dy: 1, scale: 1.5), .pinchEnd(time: 10, cancelled: false)],
            expected: []),
        Case(
            name: "hostile values: not a number or infinity is nothing, a huge one is bounded, a spread of 0 is 1",
            events: [
                .axisSource(1), .axis(time: 1, horizontal: true, value: .nan), .frame(x: 0, y: 0),
                .axisSource(1), .axis(time: 2, horizontal: true, value: 1e300), .frame(x: 0, y: 0),
                .pinchBegin(time: 3, fingers: 2, x: .nan, y: -1e300),
                .pinchUpdate(time: 4, dx: .infinity, dy: 0, scale: 0),
                .pinchUpdate(time: 5, dx: 0, dy: 0, scale: 1e9),
            ],
            expected: [
                .touchpad(.scroll(dx: -100_000, dy: 0)), .touchpad(.pinchBegin(x: 0, y: -100_000)),
                .touchpad(.pinch(scale: 1, dx: 0, dy: 0)), .touchpad(.pinch(scale: 100, dx: 0, dy: 0)),
            ]),
        Case(
            name: "a hostile discrete count is bounded to 100 notches",
            events: [.axisSource(0), .axisDiscrete(horizontal: false, steps: .max), .frame(x: 0, y: 0)],
            expected: [.wheel(dx: 0, dy: -100)]),
    ]

    @Test("Protocol events become the gallery's input", arguments: cases)
    func translates(_ testCase: Case) {
        var translator = WaylandPointerTranslator(pixelsPerUnit: testCase.pixelsPerUnit)
        let inputs = testCase.events.flatMap {
            translator.translate($0, zoomModifier: testCase.zoomModifier).map(\.input)
        }
        #expect(inputs == testCase.expected)
    }

    @Test("Each input carries the time of the event that made it; a frame's is its axis or stop's")
    func times() {
        var translator = WaylandPointerTranslator(pixelsPerUnit: 1)
        let events: [WaylandPointerEvent] = [
            .axisSource(1), .axis(time: 41, horizontal: true, value: 3), .frame(x: 0, y: 0),
            .holdBegin(time: 50, fingers: 2),
            .axisSource(1), .axisStop(time: 60, horizontal: true), .frame(x: 0, y: 0),
        ]
        #expect(events.flatMap { translator.translate($0).map(\.time) } == [41, 50, 60])
    }
}
