import PagerEngine
import Testing

@testable import GalleryCore

@Suite("Key bindings")
struct KeyBindingsTests {
    static func applying(_ text: String) throws(ConfigError) -> KeyBindings {
        try KeyBindings.standard.applying(ConfigFile.parse(Array(("[keys]\n" + text).utf8), path: "g.conf"))
    }

    @Test("every command a key gives has a name in the file, and every name reads back as its command")
    func namesEveryCommand() {
        let names = GalleryCommand.bindable.compactMap(\.configName)
        #expect(names.count == GalleryCommand.bindable.count)
        #expect(Set(names).count == names.count)
        for command in GalleryCommand.bindable { #expect(GalleryCommand(configName: command.configName!) == command) }
        for command in KeyBindings.standard.commands.values { #expect(GalleryCommand.bindable.contains(command)) }
        #expect(GalleryCommand.goToPage(PageIndex(3)).configName == nil)
    }

    @Test(
        "a [keys] line binds that key exactly, or unbinds it with none",
        arguments: [
            ("x = quit", Key.character("x"), GalleryCommand?.some(.quit)),
            ("D = quit", .character("D"), .quit), ("D = quit", .character("d"), .flipWheel),
            ("ctrl+r = zoom-in", .ctrl(.character("R")), .zoomIn), ("Right = none", .right, nil),
            ("Keypad + = mode-end-caps", .keypadPlus, .mode(.endCaps)),
            ("\"=\" = move-to-3", .character("="), .moveTo(3)),
            ("F12 = action-9", .function(12), .action(9)), ("Up = pan-up", .up, .pan(.up)),
            ("< = mirror-top-bottom", .character("<"), .orient(.mirrorVertically)),
        ])
    func binds(line: String, key: Key, command: GalleryCommand?) throws {
        let bindings = try Self.applying(line)
        #expect(bindings.command(for: key) == command)
        #expect(
            GalleryKey(key, bindings: bindings) == command.map(GalleryKey.command)
                ?? (key == .up ? .scroll(-1) : .unbound))
    }

    @Test(
        "a bad binding is refused with its line and what was expected",
        arguments: [
            (
                "x = quit\nTab = quit", 3,
                "\"Tab\" is not a key (expected a key name as in the help: n, Right, Ctrl+R, F2, Keypad +, Space)"
            ),
            ("5 = next", 2, "the digits type a count (12 g) and cannot be bound"),
            (
                "x = leave", 2,
                "x expects a command (such as next, zoom-in, quit; `gallery --print-config` lists them all) or none, got \"leave\""
            ),
            ("Ctrl+r = quit\nctrl+R = next", 3, "Ctrl+R is bound on line 2 already"),
        ])
    func refuses(text: String, line: Int, message: String) {
        #expect(throws: ConfigError(path: "g.conf", line: line, message: message)) { try Self.applying(text) }
    }

    @Test("the [keys] lines printed read back as the same bindings, changes and all")
    func roundTrips() throws {
        let changed = try Self.applying("x = quit\nn = none\nF12 = zoom-in\n\"#\" = toggle-help")
        for bindings in [KeyBindings.standard, changed] {
            let text = bindings.configLines.joined(separator: "\n")
            let read = try KeyBindings.standard.applying(ConfigFile.parse(Array(text.utf8), path: "p"))
            #expect(read.commands == bindings.commands)
        }
        #expect(changed.changes.map(\.key) == [.character("n"), .character("x"), .function(12), .character("#")])
    }

    @Test("the help lists what the file changed after the standard keys")
    func helpListsChanges() throws {
        var model = GalleryModel(photoCount: 3, mode: .bounded, viewport: Viewport(width: 800, height: 600))
        model.setKeyBindings(try Self.applying("x = quit\nn = none"))
        #expect(model.overlays.keyHelpLines.prefix(KeyMap.helpLines.count).elementsEqual(KeyMap.helpLines))
        #expect(
            Array(model.overlays.keyHelpLines.suffix(3)) == [
                "Changed by the configuration file:", "n   nothing (unbound)", "x   quit",
            ])
    }
}
