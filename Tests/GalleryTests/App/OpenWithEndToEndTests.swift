import Foundation
import GalleryCore
import Testing

@testable import Gallery

/// Ctrl+O as a user presses it: `xdg-open` gets the photo's path as its one argument, whatever the name holds, and a
/// missing `xdg-open` is said.
extension SDLSerializedTests {
    @Suite("Open with end to end")
    struct OpenWithEndToEndTests {
        @Test("Ctrl+O runs xdg-open (the first on PATH) with the photo's path as its only argument")
        func fake() throws {
            let folder = try TemporaryDirectory()
            let photo = folder.path("a $(touch x) 'b'.png")
            try Data(PNGChunks.solid(width: 8, height: 6, red: 90, green: 120, blue: 150))
                .write(to: URL(fileURLWithPath: photo))
            try Data(PNGChunks.solid(width: 8, height: 6, red: 9, green: 12, blue: 15))
                .write(to: URL(fileURLWithPath: folder.path("c.png")))
            let bin = try TemporaryDirectory()
            let record = bin.path("arguments")
            try "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > '\(record)'\n".write(
                toFile: bin.path("xdg-open"), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.path("xdg-open"))
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.2, "Ctrl+O")],
                arguments: ["--no-thumbnail-cache", "--mode", "bounded", folder.url.path],
                environment: ["PATH": bin.url.path + ":" + path])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(try String(contentsOfFile: record, encoding: .utf8) == "1\n\(photo)\n")
            #expect(!FileManager.default.fileExists(atPath: folder.path("x")))
        }

        @Test("without xdg-open the window says it is not installed")
        func missing() throws {
            let folder = try TemporaryDirectory()
            try Data(PNGChunks.solid(width: 8, height: 6, red: 90, green: 120, blue: 150))
                .write(to: URL(fileURLWithPath: folder.path("a.png")))
            let empty = try TemporaryDirectory()
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.2, "Ctrl+O")],
                arguments: ["--no-thumbnail-cache", "--mode", "bounded", folder.url.path],
                environment: ["PATH": empty.url.path])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardError.contains("Ctrl+O: xdg-open is not installed"), "\(run.standardError)")
        }
    }
}
