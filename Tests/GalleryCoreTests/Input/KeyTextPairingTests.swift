import GalleryCore
import Testing

/// One key press is handled once, whatever text event the window system sends with it.
@Suite struct KeyTextPairingTests {
    /// A press: the key-down's key (nil: one the gallery has no name for) and Shift, the text it types (nil: none),
    /// whether the help shows. Keys come as SDL's keycodes name them: a letter in lower case, Shift or not.
    struct Press: Sendable, CustomTestStringConvertible {
        let key: Key?
        var isModifier = false
        let shift: Bool
        let text: String?
        let helpShows: Bool
        let handled: [GalleryKey]
        var testDescription: String {
            "\(shift ? "Shift+" : "")\(key?.name ?? "modifier") → \(text ?? "no text")\(helpShows ? ", help" : "")"
        }
    }

    @Test(arguments: [
        Press(key: .keypadPlus, shift: false, text: "+", helpShows: false, handled: [.command(.zoomIn)]),
        Press(key: .keypadMinus, shift: false, text: "-", helpShows: false, handled: [.command(.zoomOut)]),
        Press(key: .character("="), shift: true, text: "+", helpShows: false, handled: [.unbound, .command(.zoomIn)]),
        Press(key: .character("="), shift: false, text: "=", helpShows: false, handled: [.command(.zoomActualSize)]),
        Press(
            key: .character("/"), shift: true, text: "?", helpShows: false, handled: [.unbound, .command(.toggleHelp)]),
        // The help shows: the key-down closes it, and its "?" must not open it again.
        Press(key: .character("/"), shift: true, text: "?", helpShows: true, handled: [.unbound]),
        Press(key: .character("g"), shift: true, text: "G", helpShows: false, handled: [.command(.last)]),
        Press(key: .character("g"), shift: false, text: "g", helpShows: false, handled: [.command(.first)]),
        Press(key: .character("m"), shift: false, text: "m", helpShows: false, handled: [.command(.toggleMark)]),
        Press(key: .character("m"), shift: true, text: "M", helpShows: false, handled: [.command(.invertMarks)]),
        Press(key: .character("1"), shift: true, text: "!", helpShows: false, handled: [.unbound]),
        Press(key: nil, isModifier: true, shift: true, text: nil, helpShows: true, handled: []),
        Press(key: nil, shift: false, text: nil, helpShows: true, handled: [.unbound]),
        Press(key: .function(1), shift: false, text: nil, helpShows: false, handled: [.command(.toggleHelp)]),
    ])
    func eachPressOnce(press: Press) {
        var pairing = KeyTextPairing()
        var handled: [GalleryKey] = []
        if let key = pairing.keyDown(
            press.key, isModifier: press.isModifier, shift: press.shift, helpShows: press.helpShows)
        {
            handled.append(key)
        }
        if let text = press.text, let key = pairing.text(text) { handled.append(key) }
        #expect(handled == press.handled)
    }

    @Test(
        "Ctrl with a key bound as Ctrl+KEY is that key; with others Ctrl is ignored, as before",
        arguments: [
            (Key.character("m"), false, GalleryKey.command(.invertMarks)),
            (.character("m"), true, .command(.invertMarks)), (.character("u"), false, .command(.clearMarks)),
            (.character("q"), false, .command(.quit)), (.right, false, .command(.pan(.right))),
            (.character("g"), true, .command(.last)), (.character("1"), false, .command(.action(1))),
            (.space, false, .command(.toggleAnimation)),
        ])
    func ctrl(key: Key, shift: Bool, expected: GalleryKey) {
        var pairing = KeyTextPairing()
        #expect(pairing.keyDown(key, shift: shift, ctrl: true, helpShows: false) == expected)
        #expect(pairing.text(key.name.lowercased()) == nil)
    }

    @Test(
        "A text with no key-down of its own (a virtual or on-screen keyboard's, an input method's) is the key it names",
        arguments: [
            ("+", GalleryKey.command(.zoomIn)), ("?", .command(.toggleHelp)), ("=", .command(.zoomActualSize)),
            ("g", .command(.first)), ("G", .command(.last)), ("I", .command(.toggleInfoPanel)),
        ])
    func aTextAloneIsItsKey(text: String, expected: GalleryKey) {
        var pairing = KeyTextPairing()
        #expect(pairing.text(text) == expected)
        // Each text alone is a press of its own.
        #expect(pairing.text(text) == expected)
    }

    @Test func aHandledKeyDownDropsItsTextUntilTheKeyGoesUp() {
        var pairing = KeyTextPairing()
        #expect(pairing.keyDown(.keypadPlus, shift: false, helpShows: false) == .command(.zoomIn))
        #expect(pairing.text("+") == nil)
        pairing.keyUp()
        #expect(pairing.keyDown(.right, shift: false, helpShows: false) == .command(.pan(.right)))
        pairing.keyUp()
        // After Right went up, a "+" typed by a virtual keyboard zooms.
        #expect(pairing.text("+") == .command(.zoomIn))
        // Shift alone, then Shift+= whose key-down names nothing: its "+" zooms once.
        #expect(pairing.keyDown(nil, isModifier: true, shift: true, helpShows: false) == nil)
        #expect(pairing.keyDown(.character("="), shift: true, helpShows: false) == .unbound)
        #expect(pairing.text("+") == .command(.zoomIn))
    }
}
