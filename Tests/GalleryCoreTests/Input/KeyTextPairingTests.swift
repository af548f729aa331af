import GalleryCore
import Testing

/// One key press is handled once, whatever text event the window system sends with it.
@Suite struct KeyTextPairingTests {
    /// A press: the key-down's name and Shift, the text it types (nil: none), whether the help shows.
    struct Press: Sendable, CustomTestStringConvertible {
        let name: String
        let shift: Bool
        let text: String?
        let helpShows: Bool
        let handled: [GalleryKey]
        var testDescription: String {
            "\(shift ? "Shift+" : "")\(name) → \(text ?? "no text")\(helpShows ? ", help" : "")"
        }
    }

    @Test(arguments: [
        Press(name: "Keypad +", shift: false, text: "+", helpShows: false, handled: [.command(.zoomIn)]),
        Press(name: "Keypad -", shift: false, text: "-", helpShows: false, handled: [.command(.zoomOut)]),
        Press(name: "=", shift: true, text: "+", helpShows: false, handled: [.unbound, .command(.zoomIn)]),
        Press(name: "=", shift: false, text: "=", helpShows: false, handled: [.command(.zoomActualSize)]),
        Press(name: "/", shift: true, text: "?", helpShows: false, handled: [.unbound, .command(.toggleHelp)]),
        // The help shows: the key-down closes it, and its "?" must not open it again.
        Press(name: "/", shift: true, text: "?", helpShows: true, handled: [.unbound]),
        Press(name: "G", shift: true, text: "G", helpShows: false, handled: [.command(.last)]),
        Press(name: "G", shift: false, text: "g", helpShows: false, handled: [.command(.first)]),
        Press(name: "M", shift: false, text: "m", helpShows: false, handled: [.command(.toggleMark)]),
        Press(name: "M", shift: true, text: "M", helpShows: false, handled: [.command(.invertMarks)]),
        Press(name: "1", shift: true, text: "!", helpShows: false, handled: [.unbound]),
        Press(name: "Left Shift", shift: true, text: nil, helpShows: true, handled: []),
        Press(name: "F1", shift: false, text: nil, helpShows: false, handled: [.command(.toggleHelp)]),
    ])
    func eachPressOnce(press: Press) {
        var pairing = KeyTextPairing()
        var handled: [GalleryKey] = []
        if let key = pairing.keyDown(name: press.name, shift: press.shift, helpShows: press.helpShows) {
            handled.append(key)
        }
        if let text = press.text, let key = pairing.text(text) { handled.append(key) }
        #expect(handled == press.handled)
    }

    @Test(
        "Ctrl with a key bound as Ctrl+KEY is that key; with others Ctrl is ignored, as before",
        arguments: [
            ("M", false, GalleryKey.command(.invertMarks)), ("M", true, .command(.invertMarks)),
            ("U", false, .command(.clearMarks)),
            ("Q", false, .command(.quit)), ("Right", false, .command(.pan(.right))), ("G", true, .command(.last)),
        ])
    func ctrl(name: String, shift: Bool, key: GalleryKey) {
        var pairing = KeyTextPairing()
        #expect(pairing.keyDown(name: name, shift: shift, ctrl: true, helpShows: false) == key)
        #expect(pairing.text(name.lowercased()) == nil)
    }
}
