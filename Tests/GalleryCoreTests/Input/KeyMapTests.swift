import GalleryCore
import PagerEngine
import Testing

@Suite("Key map")
struct KeyMapTests {
    @Test(
        "keys map to their commands; a letter bound in one case works in both",
        arguments: [
            (Key.right, GalleryCommand.pan(.right)), (.space, .next), (.left, .pan(.left)), (.backspace, .previous),
            (.pageDown, .pageForward), (.pageUp, .pageBackward), (.home, .first), (.end, .last),
            (.function(2), .mode(.bounded)), (.function(3), .mode(.endCaps)), (.function(4), .mode(.threeSurfaces)),
            (.function(5), .mode(.feed)), (.function(6), .mode(.wheel)), (.function(7), .mode(.grid)),
            (.character("Q"), .quit), (.character("q"), .quit), (.escape, .back), (.character("S"), .toggleSlideshow),
            (.character("s"), .toggleSlideshow), (.function(1), .toggleHelp), (.character("D"), .flipWheel),
            (.character("d"), .flipWheel), (.enter, .open), (.keypadEnter, .open), (.character("T"), .open),
        ])
    func mapsKey(key: Key, command: GalleryCommand) {
        #expect(KeyMap.command(for: key) == command)
    }

    @Test(
        "unbound keys give no command; hjkl pan in lower case only",
        arguments: [
            Key.character("A"), .character("0"), .character("5"), .up, .down, .function(12), .ctrl(.character("A")),
            .character("J"), .character("K"), .character("L"),
        ])
    func ignoresUnboundKeys(key: Key) {
        #expect(KeyMap.command(for: key) == nil)
    }

    @Test(
        "a script's key names are SDL's, any case for a named key; unknown names name no key",
        arguments: [
            ("Right", Key.right), ("right", .right), ("RIGHT", .right), ("Space", .space), ("Return", .enter),
            ("Keypad Enter", .keypadEnter), ("keypad +", .keypadPlus), ("PageDown", .pageDown), ("F7", .function(7)),
            ("f11", .function(11)), ("Ctrl+Z", .ctrl(.character("Z"))), ("ctrl+z", .ctrl(.character("Z"))),
            ("Ctrl+1", .ctrl(.character("1"))), ("Ctrl+Space", .ctrl(.space)), ("g", .character("g")),
            ("G", .character("G")), ("?", .character("?")), (" ", .space),
        ])
    func scriptNames(name: String, key: Key) {
        #expect(Key(name: name) == key)
    }

    @Test("names the gallery has no key for", arguments: ["Tab", "", "Keypad 1", "RightX", "F13", "Ctrl+"])
    func unknownNames(name: String) {
        #expect(Key(name: name) == nil)
    }

    @Test("every key's name reads back as that key", arguments: KeyMap.bindings.flatMap { $0.keys + $0.unnamed })
    func namesRoundTrip(action: KeyAction) {
        #expect(Key(name: action.key.name) == action.key)
    }

    @Test("every mode has a key, and the help lists every line once, aligned")
    func helpCoversBindings() {
        let commands = KeyMap.bindings.flatMap { $0.keys + $0.unnamed }.map(\.command)
        #expect(Set(GalleryMode.allCases.map { GalleryCommand.mode($0) }).isSubset(of: Set(commands)))
        let lines = KeyMap.helpLines
        #expect(lines.count == KeyMap.bindings.count)
        for (line, binding) in zip(lines, KeyMap.bindings) {
            #expect(line.hasPrefix(binding.label))
            #expect(line.hasSuffix(binding.summary))
        }
        let summaryColumns = Set(zip(lines, KeyMap.bindings).map { $0.count - $1.summary.count })
        #expect(summaryColumns.count == 1)
    }

    @Test(
        "letters bound in both cases keep their case (g/G, m/M, n/N, p/P, r/R); Ctrl combinations ignore it",
        arguments: [
            (Key.character("g"), GalleryCommand.first), (.character("G"), .last), (.character("m"), .toggleMark),
            (.character("M"), .invertMarks), (.character("n"), .next), (.character("N"), .nextMarked),
            (.character("p"), .previous), (.character("P"), .previousMarked), (.character("r"), .reload),
            (.character("R"), .retry), (.ctrl(.character("M")), .invertMarks), (.ctrl(.character("m")), .invertMarks),
            (.ctrl(.character("U")), .clearMarks),
        ])
    func caseSensitiveLetters(key: Key, command: GalleryCommand) {
        #expect(KeyMap.command(for: key) == command)
    }
}
