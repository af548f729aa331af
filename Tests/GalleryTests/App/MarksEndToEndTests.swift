import Foundation
import GalleryCore
import Imaging
import Support
import Testing

@testable import Gallery

/// Marks and `-o` as a user runs them: `gallery -o DIR | xargs cp -t keep/` must see exactly the marked paths.
extension SDLSerializedTests {
    @Suite("Marks end to end")
    struct MarksEndToEndTests {
        /// Five photos (copies of one tiny PNG) in a folder of their own.
        static func photos() throws -> (folder: TemporaryDirectory, paths: [String]) {
            let folder = try TemporaryDirectory()
            let png = PNGChunks.solid(width: 8, height: 6, red: 90, green: 120, blue: 150)
            let paths = try (1...5).map { index in
                let path = folder.path("p\(index).png")
                try Data(png).write(to: URL(fileURLWithPath: path))
                return path
            }
            return (folder, paths)
        }

        /// Runs `gallery --headless` over `folder` with `keys` (one every 0.1 s) and `extra` flags; its standard output.
        static func run(_ folder: TemporaryDirectory, keys: [String], extra: [String]) throws -> String {
            let scripts = try TemporaryDirectory()
            let lines = keys.enumerated().map { ScriptLine.key(0.1 * Double($0.offset + 1), $0.element) }
            try (lines + [ScriptLine.quit(0.1 * Double(keys.count + 1))]).joined(separator: "\n")
                .write(toFile: scripts.path("s.jsonl"), atomically: true, encoding: .utf8)
            let (status, output) = try GalleryProcess.capture(
                ["--headless", "--size", "320x240", "--no-thumbnail-cache", "--script", scripts.path("s.jsonl")] + extra
                    + [folder.url.path],
                stream: .standardOutput)
            #expect(status == 0)
            return output
        }

        @Test("-o prints exactly the marked paths, one per line, in gallery order, whatever order they were marked in")
        func outputMarked() throws {
            let (folder, paths) = try Self.photos()
            // Marks p4, then p2 (going back), then p5 and unmarks it again, in the bounded pager.
            let keys = ["Right", "Right", "Right", "m", "Left", "Left", "m", "End", "m", "m"]
            #expect(try Self.run(folder, keys: keys, extra: ["-o"]) == paths[1] + "\n" + paths[3] + "\n")
            #expect(try Self.run(folder, keys: keys, extra: ["-0"]) == paths[1] + "\0" + paths[3] + "\0")
            #expect(
                try Self.run(folder, keys: keys + ["M"], extra: ["--output-marked"]).split(separator: "\n")
                    == [
                        paths[0], paths[2], paths[4],
                    ].map { Substring($0) })
            #expect(try Self.run(folder, keys: keys + ["Ctrl+U"], extra: ["-o"]).isEmpty)
            #expect(try Self.run(folder, keys: keys, extra: []).isEmpty)
        }

        @Test("-o leaves out marked files that cannot be shown, even those never tried (M marks every photo)")
        func outputMarkedLeavesOutUnshowable() throws {
            let (folder, paths) = try Self.photos()
            let png = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
            let more = try (10...20).map { index in
                let path = folder.path("q\(index).png")
                try png.write(to: URL(fileURLWithPath: path))
                return path
            }
            // Not a photo, and an empty file: unshowable, and too far from photo 1 to be tried before the quit.
            try Data("not a photo".utf8).write(to: URL(fileURLWithPath: folder.path("z1.png")))
            try Data().write(to: URL(fileURLWithPath: folder.path("z2.png")))
            #expect(
                try Self.run(folder, keys: ["M"], extra: ["-o", "--mode", "bounded"])
                    == (paths + more).map { $0 + "\n" }.joined())
        }

        @Test("marks are shown as a badge on the page")
        func badge() throws {
            let (folder, _) = try Self.photos()
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.1, "m"), ScriptLine.shot(0.5, "marked.png")],
                arguments: ["--no-thumbnail-cache", "--mode", "bounded", folder.url.path], size: "320x240")
            #expect(run.status == 0, "\(run.standardError)")
            let shot = try HeadlessEndToEndTests.load(run.shot("marked.png"))
            let amber = (0..<shot.height).flatMap { y in (0..<shot.width).map { shot.pixel(x: $0, y: y) } }
                .filter { $0 == MarkBadgeColour.fill }.count
            #expect(amber > 20)
        }
    }
}

/// The badge's fill as the tests see it (`MarkBadge.fill`).
private enum MarkBadgeColour {
    static let fill = RGBA(r: 255, g: 190, b: 40)
}
