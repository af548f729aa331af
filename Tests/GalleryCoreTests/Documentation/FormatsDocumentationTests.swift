import Foundation
import GalleryCore
import GalleryDocs
import Support
import Testing

/// The examples in docs/FORMATS.md are read by the real parsers, so the document cannot drift from the code.
@Suite("FORMATS.md examples")
struct FormatsDocumentationTests {
    /// The text of `file` (relative to the package root).
    static func document(_ file: String) throws -> String {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder.deleteLastPathComponent()
        }
        return try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    }

    static func codeBlocks(language: String) throws -> [String] {
        let text = try document("docs/FORMATS.md")
        return text.components(separatedBy: "```" + language + "\n").dropFirst().map {
            $0.components(separatedBy: "```").first ?? ""
        }
    }

    @Test("the script example parses, one event per type")
    func scriptExampleParses() throws {
        let block = try #require(try Self.codeBlocks(language: "jsonl").first)
        let script = try Script.parse(block)
        #expect(script.events.map(\.command.typeName) == ScriptCommand.typeNames)
    }

    @Test("the trace example lines are exactly what the writer produces for them")
    func traceExampleIsExact() throws {
        let block = try #require(try Self.codeBlocks(language: "jsonl").dropFirst().first)
        let records = try TraceReader.records(in: block)
        #expect(records.map(\.mode) == [.threeSurfaces, .feed, .wheel])
        #expect(records.map { $0.jsonLine + "\n" }.joined() == block)
    }

    @Test("docs/FORMATS.md's format table and the README's format list are the code's table (PhotoFormat.all)")
    func formatTableMatchesTheCode() throws {
        #expect(try Self.document("docs/FORMATS.md").contains("\n" + PhotoFormat.markdownTable + "\n"))
        #expect(try Self.document("README.md").contains("\nFormats: " + PhotoFormat.nameList + ".\n"))
    }

    @Test("the folder scan's extensions and the desktop entry's MIME types come from the same table")
    func extensionsAndMimeTypesFollowTheTable() {
        #expect(PhotoIndex.imageExtensions == Set(PhotoFormat.all.flatMap(\.extensions)))
        #expect(Set(DesktopEntry.mimeTypes) == Set(PhotoFormat.all.flatMap(\.mimeTypes)))
        for format in PhotoFormat.all {
            #expect(format.mimeTypes.count == 1 || format.mimeTypes.count == format.extensions.count, "\(format.name)")
        }
    }
}
