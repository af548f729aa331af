import Foundation
import GalleryCore
import Testing

/// The examples in docs/FORMATS.md are read by the real parsers, so the document cannot drift from the code.
@Suite("FORMATS.md examples")
struct FormatsDocumentationTests {
    static func codeBlocks(language: String) throws -> [String] {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder.deleteLastPathComponent()
        }
        let text = try String(contentsOf: folder.appendingPathComponent("docs/FORMATS.md"), encoding: .utf8)
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
}
