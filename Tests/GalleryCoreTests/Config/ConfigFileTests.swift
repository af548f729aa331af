import GalleryCore
import Testing

@Suite("Configuration file")
struct ConfigFileTests {
    static func parse(_ text: String) throws(ConfigError) -> ConfigFile {
        try ConfigFile.parse(Array(text.utf8), path: "gallery.conf")
    }

    @Test(
        "a line reads as its section, name and value",
        arguments: [
            ("fps = 30", ConfigSection.options, "fps", "30"), ("  fps=30  ", .options, "fps", "30"),
            ("\tsize =\t800x600", .options, "size", "800x600"),
            (
                "feed-command = ls -1 | grep x = y # not a comment", .options, "feed-command",
                "ls -1 | grep x = y # not a comment"
            ),
            ("action1 = \" spaced \"", .options, "action1", " spaced "),
            ("action1 = \"a\\\"b\\\\c\\nd\\te\\x01\"", .options, "action1", "a\"b\\c\nd\te\u{1}"),
            ("action1 =", .options, "action1", ""), ("action1 = \"\"", .options, "action1", ""),
            ("[keys]\nx = quit", .keys, "x", "quit"), ("[ keys ]\nKeypad + = zoom-in", .keys, "Keypad +", "zoom-in"),
            ("[keys]\n\"=\" = zoom-actual-size", .keys, "=", "zoom-actual-size"),
            ("[keys]\n\"#\" = toggle-help", .keys, "#", "toggle-help"),
            ("[keys]\n[ = page-backward", .keys, "[", "page-backward"),
            ("[keys]\n[options]\nfps = 1", .options, "fps", "1"),
            ("\u{FEFF}fps = 2\r\n", .options, "fps", "2"),
        ])
    func readsALine(text: String, section: ConfigSection, name: String, value: String) throws {
        let file = try Self.parse(text)
        #expect(file.entries.count == 1)
        #expect(file.entries.first?.section == section)
        #expect(file.entries.first?.name == name)
        #expect(file.entries.first?.value == value)
    }

    @Test("comments and blank lines are skipped, and lines are counted from 1 across them")
    func skipsComments() throws {
        let file = try Self.parse("# a comment\n\n   # another\nfps = 30\n\n[keys]\n  # x = quit\nq = quit\n")
        #expect(file.entries.map(\.line) == [4, 8])
        #expect(file.entries.map(\.name) == ["fps", "q"])
    }

    @Test(
        "a broken line is refused with its number and what was expected",
        arguments: [
            ("fps = 30\nfps", 2, "expected NAME = VALUE, got \"fps\""),
            ("= 30", 1, "expected NAME = VALUE, got \"= 30\""),
            ("\n\n[colours]", 3, "unknown section \"[colours]\" (expected [options] or [keys])"),
            ("action1 = \"open", 1, "a quote is not closed"),
            ("action1 = \"a\" b", 1, "text after the closing quote"),
            ("action1 = \"a\\q\"", 1, "unknown escape \\q (expected \\\", \\\\, \\n, \\t, \\r or \\xHH)"),
            ("action1 = \"\\x9z\"", 1, "\\x expects two hexadecimal digits from 00 to 7f"),
            ("\"x\" quit", 1, "expected NAME = VALUE, got \"\"x\" quit\""),
            ("fps = 3\u{1}0", 1, "a control character (0x01); in a quoted value write it \\x"),
        ])
    func refusesABrokenLine(text: String, line: Int, message: String) {
        #expect(throws: ConfigError(path: "gallery.conf", line: line, message: message)) { try Self.parse(text) }
    }

    @Test("a line that is not UTF-8 is named by its number")
    func refusesNonUTF8() {
        let bytes = Array("fps = 30\nsize = ".utf8) + [0xFF, 0xFE] + Array("\n".utf8)
        #expect(throws: ConfigError(path: "c", line: 2, message: "the line is not UTF-8 text")) {
            try ConfigFile.parse(bytes, path: "c")
        }
    }

    @Test("a line over 4096 bytes is refused; one of 4096 is read")
    func boundsTheLine() throws {
        let longest = "action1 = " + String(repeating: "a", count: ConfigFile.maximumLineBytes - 10)
        #expect(try Self.parse(longest).entries.first?.value.count == ConfigFile.maximumLineBytes - 10)
        #expect(throws: ConfigError(path: "gallery.conf", line: 2, message: "the line is longer than 4096 bytes")) {
            try Self.parse("\n" + longest + "a")
        }
    }

    @Test("a file over 1 MiB is refused whole, without a line")
    func boundsTheFile() throws {
        let comment = "# " + String(repeating: "c", count: 1000) + "\n"
        let big = String(repeating: comment, count: ConfigFile.maximumBytes / comment.utf8.count + 1)
        #expect(throws: ConfigError(path: "gallery.conf", line: nil, message: "larger than 1048576 bytes (1 MiB)")) {
            try Self.parse(big)
        }
        #expect(try Self.parse(String(big.utf8.prefix(ConfigFile.maximumBytes - 2000))!).entries.isEmpty)
    }

    @Test("a file named and missing is an error; the default one missing is no file")
    func missingFile() throws {
        #expect(try ConfigFile.load(path: "/nonexistent/gallery.conf", missingIsFine: true) == nil)
        #expect(
            throws: ConfigError(
                path: "/nonexistent/g.conf", line: nil, message: "cannot be read: No such file or directory")
        ) {
            try ConfigFile.load(path: "/nonexistent/g.conf", missingIsFine: false)
        }
        #expect(throws: ConfigError(path: "/", line: nil, message: "cannot be read: Is a directory")) {
            try ConfigFile.load(path: "/", missingIsFine: true)
        }
    }

    @Test(
        "the default file is under XDG_CONFIG_HOME when it is absolute, else under HOME",
        arguments: [
            (["XDG_CONFIG_HOME": "/x", "HOME": "/h"], "/x/gallery/gallery.conf"),
            (["XDG_CONFIG_HOME": "rel", "HOME": "/h"], "/h/.config/gallery/gallery.conf"),
            (["XDG_CONFIG_HOME": "", "HOME": "/h"], "/h/.config/gallery/gallery.conf"),
            (["HOME": "/h"], "/h/.config/gallery/gallery.conf"), ([:], nil),
        ] as [([String: String], String?)])
    func defaultPath(environment: [String: String], path: String?) {
        #expect(ConfigFile.defaultPath(environment: environment) == path)
    }

    @Test(
        "a field is written so that it reads back as itself",
        arguments: [
            "plain", "", " lead", "trail ", "\"quoted", "#hash", "[bracket", "a=b", "tab\tin", "new\nline", "\u{7F}",
            "back\\slash", "é ünï", "\u{1}\u{1F}",
        ])
    func writesFields(text: String) throws {
        let name = ConfigText.written(text, isName: true)
        let line = (text.isEmpty ? "x" : name) + " = " + ConfigText.written(text)
        let entry = try #require(try Self.parse("[keys]\n" + line).entries.first)
        #expect(entry.value == text)
        if !text.isEmpty { #expect(entry.name == text) }
    }
}
