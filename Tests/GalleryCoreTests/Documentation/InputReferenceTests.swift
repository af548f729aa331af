import Foundation
import GalleryCore
import GalleryDocs
import Testing

@Suite("Keys and gestures in the documents")
struct InputReferenceTests {
    static func readme() throws -> String {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder.deleteLastPathComponent()
        }
        return try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test("README's keys table is the one KeyMap and GestureMap make (`make readme` regenerates it)")
    func readmeTableMatchesTheKeyMap() throws {
        let table = try #require(ReadmeKeysTable.table(in: try Self.readme()), "README has no keys table markers")
        #expect(table == InputReference.markdownTable)
    }

    @Test("every key binding and gesture has a row, in order, after the header")
    func tableHasOneRowPerBinding() {
        let lines = InputReference.markdownTable.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 + GestureMap.bindings.count + KeyMap.bindings.count)
        #expect(lines.first == "| input | does |")
        let keysLine = lines[2 + GestureMap.bindings.count]
        let first = KeyMap.bindings[0]
        #expect(keysLine == "| \(first.label) | \(first.summary) |")
    }

    @Test("the man section lists every binding as an item of one tagged list")
    func manualSectionListsEveryBinding() {
        let lines = InputReference.manualSection.split(separator: "\n").map(String.init)
        #expect(lines.first == #".Sh "KEYS AND GESTURES""#)
        #expect(lines.filter { $0.hasPrefix(".It ") }.count == GestureMap.bindings.count + KeyMap.bindings.count)
        #expect(lines.contains(#".It \&M, \&Ctrl+M"#))
        #expect(lines.last == ".El")
    }

    static let replacements: [(readme: String, expected: String?)] = [
        (
            "intro\n\(ReadmeKeysTable.beginMarker)\nold table\n\(ReadmeKeysTable.endMarker)\nrest\n",
            "intro\n\(ReadmeKeysTable.beginMarker)\n\(InputReference.markdownTable)\(ReadmeKeysTable.endMarker)\nrest\n"
        ),
        ("no markers at all\n", nil),
        ("\(ReadmeKeysTable.endMarker)\n\(ReadmeKeysTable.beginMarker)\n", nil),
    ]

    @Test(arguments: replacements)
    func replacingRewritesOnlyBetweenTheMarkers(readme: String, expected: String?) {
        #expect(ReadmeKeysTable.replacing(in: readme) == expected)
    }
}
