import GalleryCore
import PagerEngine
import Testing

@Suite("Key map")
struct KeyMapTests {
    // The bindings the brief asks for, by the names SDL_GetKeyName prints.
    @Test(
        "SDL key names map to their commands",
        arguments: [
            ("Right", GalleryCommand.pan(.right)), ("Space", .next),
            ("Left", .pan(.left)), ("Backspace", .previous),
            ("PageDown", .pageForward), ("PageUp", .pageBackward),
            ("Home", .first), ("End", .last),
            ("F2", .mode(.bounded)), ("F3", .mode(.endCaps)), ("F4", .mode(.threeSurfaces)), ("F5", .mode(.feed)),
            ("F6", .mode(.wheel)), ("F7", .mode(.grid)),
            ("Q", .quit), ("Escape", .back), ("S", .toggleSlideshow), ("F1", .toggleHelp),
            ("D", .flipWheel), ("Return", .open), ("Keypad Enter", .open),
        ])
    func mapsKey(name: String, command: GalleryCommand) {
        #expect(KeyMap.command(forKeyName: name) == command)
        #expect(KeyMap.command(forKeyName: name.lowercased()) == command)
        #expect(KeyMap.command(forKeyName: name.uppercased()) == command)
    }

    @Test("unbound names give no command", arguments: ["A", "0", "5", "6", "Up", "Tab", "", "Keypad 1", "RightX"])
    func ignoresUnboundKeys(name: String) {
        #expect(KeyMap.command(forKeyName: name) == nil)
    }

    @Test("every mode has a key, and the help lists every bound key once, aligned")
    func helpCoversBindings() {
        #expect(Set(KeyMap.modesByKey.map(\.mode)) == Set(TopologyKind.allCases))
        for (key, mode) in KeyMap.modesByKey { #expect(KeyMap.command(forKeyName: key) == .mode(mode)) }
        #expect(KeyMap.command(forKeyName: KeyMap.modeKeys) == nil)

        let lines = KeyMap.helpLines
        #expect(lines.count == KeyMap.bindings.count)
        for (line, binding) in zip(lines, KeyMap.bindings) {
            #expect(line.hasPrefix(binding.keyNames.joined(separator: ", ")))
            #expect(line.hasSuffix(binding.summary))
        }
        let summaryColumns = Set(zip(lines, KeyMap.bindings).map { $0.count - $1.summary.count })
        #expect(summaryColumns.count == 1)
    }

    @Test(
        "letters bound in both cases keep their case (g/G, m/M, n/N, p/P, r/R); Ctrl combinations ignore it",
        arguments: [
            ("g", GalleryCommand.first), ("G", .last), ("m", .toggleMark), ("M", .invertMarks),
            ("n", .next), ("N", .nextMarked), ("p", .previous), ("P", .previousMarked), ("r", .reload), ("R", .retry),
            ("Ctrl+M", .invertMarks), ("ctrl+m", .invertMarks), ("CTRL+M", .invertMarks), ("Ctrl+U", .clearMarks),
        ])
    func caseSensitiveLetters(name: String, command: GalleryCommand) {
        #expect(KeyMap.command(forKeyName: name) == command)
    }
}
