import Foundation
import GalleryCore
import GalleryTesting
import Imaging
import Testing

@testable import GalleryScene

/// nsxiv's and feh's small habits as a user runs them: `-i` (paths on standard input), `--fullscreen`,
/// `--sort shuffle`, and the fit modes (`--fit width|fill`, `e`), read back through `-o` and the trace.
extension SDLSerializedTests {
    @Suite("Small habits end to end")
    struct SmallHabitsEndToEndTests {
        /// Five small JPEGs, p1 … p5, in a fresh folder.
        static func photos() throws -> (folder: TemporaryDirectory, paths: [String]) {
            let folder = try TemporaryDirectory()
            let paths = try (1...5).map { index in
                let jpeg = JPEGFixture.rgb(width: 16, height: 12) { x, _ in
                    RGBA(r: UInt8(index * 40), g: UInt8(x), b: 9)
                }
                return try folder.write(jpeg, to: "p\(index).jpg")
            }
            return (folder, paths)
        }

        /// Runs the gallery headless pressing `keys` (0.1 s apart, then quit) with `arguments`, `input` on its standard
        /// input; returns its status, standard output and standard error.
        static func run(
            keys: [String], arguments: [String], input: [UInt8] = [], environment: [String: String] = [:]
        ) throws -> (status: Int32, output: String, errors: String) {
            let scripts = try TemporaryDirectory()
            let lines = keys.enumerated().map { ScriptLine.key(0.1 * Double($0.offset + 1), $0.element) }
            try (lines + [ScriptLine.quit(0.1 * Double(keys.count + 1))]).joined(separator: "\n")
                .write(toFile: scripts.path("s.jsonl"), atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = GalleryProcess.executable
            process.arguments =
                ["--headless", "--size", "320x240", "--no-thumbnail-cache", "--script", scripts.path("s.jsonl")]
                + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            stdin.fileHandleForWriting.write(Data(input))
            try stdin.fileHandleForWriting.close()
            let output = stdout.fileHandleForReading.readDataToEndOfFile()
            let errors = stderr.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (
                process.terminationStatus, String(decoding: output, as: UTF8.self),
                String(decoding: errors, as: UTF8.self)
            )
        }

        @Test(
            "-i opens the paths standard input lists, in its order, before any PATH; bad entries are skipped and said")
        func standardInputLists() throws {
            let (folder, paths) = try Self.photos()
            defer { withExtendedLifetime(folder) {} }
            let input = Array(
                "\(paths[3])\n/no/such/photo.jpg\n\(paths[0])\r\n\n\(paths[4])\u{1B}[31m\n\(paths[2])\n".utf8)
            let result = try Self.run(keys: ["M"], arguments: ["-i", "-o", paths[1]], input: input)
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output == [paths[3], paths[0], paths[2], paths[1]].map { $0 + "\n" }.joined())
            #expect(result.errors.contains("standard input, line 5: a control character in the name (skipped)"))
            #expect(result.errors.contains("/no/such/photo.jpg: no such file or folder (skipped)"))
        }

        @Test("-i -0 reads NUL-separated paths (a newline is part of a name) and, unlike -0 alone, does not imply -o")
        func standardInputNulSeparated() throws {
            let (folder, paths) = try Self.photos()
            let odd = try folder.write(
                JPEGFixture.rgb(width: 8, height: 8) { _, _ in RGBA(r: 1, g: 2, b: 3) }, to: "two\nlines.jpg")
            let input = Array("\(paths[1])\0\(odd)\0\(paths[0])\0".utf8)
            let listed = try Self.run(keys: ["M"], arguments: ["-i", "-0", "-o"], input: input)
            #expect(listed.status == 0, "\(listed.errors)")
            #expect(listed.errors.contains("line") == false)
            // -o leaves out a name with a newline only when separating with newlines; with -0 it prints all three.
            #expect(listed.output == [paths[1], odd, paths[0]].map { $0 + "\0" }.joined())
            let quiet = try Self.run(keys: ["M"], arguments: ["-i", "-0"], input: input)
            #expect(quiet.status == 0 && quiet.output.isEmpty, "\(quiet.output)")
        }

        @Test("-i with nothing usable on standard input and no PATH is an error that says so")
        func standardInputEmpty() throws {
            let result = try Self.run(keys: [], arguments: ["-i"], input: Array("\n\n\u{7}\n".utf8))
            #expect(result.status != 0)
            #expect(result.errors.contains("-i: standard input names no photo"), "\(result.errors)")
        }

        @Test("--sort shuffle: every photo once, the order fixed by GALLERY_SHUFFLE_SEED; O from size reaches it")
        func shuffle() throws {
            let (folder, paths) = try Self.photos()
            func order(seed: String, keys: [String] = ["M"], sort: [String] = ["--sort", "shuffle"]) throws -> [String]
            {
                let result = try Self.run(
                    keys: keys, arguments: ["-o"] + sort + [folder.url.path],
                    environment: ["GALLERY_SHUFFLE_SEED": seed])
                #expect(result.status == 0, "\(result.errors)")
                return result.output.split(separator: "\n").map(String.init)
            }
            let first = try order(seed: "7")
            #expect(first.sorted() == paths)
            #expect(try order(seed: "7") == first)
            let others = try ["8", "9", "10"].map { try order(seed: $0) }
            #expect(others.contains { $0 != first }, "four seeds gave one order")
            #expect(first != paths, "seed 7 happens to keep the name order")
            // name → mtime → taken → size → shuffle: four O keys from name.
            #expect(try order(seed: "7", keys: ["O", "O", "O", "O", "M"], sort: []) == first)
        }

        @Test("--fullscreen: the first Escape leaves full screen instead of quitting")
        func fullscreenEscape() throws {
            let (folder, paths) = try Self.photos()
            defer { withExtendedLifetime(folder) {} }
            let full = try Self.run(keys: ["Escape", "m"], arguments: ["-o", "--fullscreen", paths[0]])
            #expect(full.status == 0, "\(full.errors)")
            #expect(full.output == paths[0] + "\n")
            let windowed = try Self.run(keys: ["Escape", "m"], arguments: ["-o", paths[0]])
            #expect(windowed.status == 0 && windowed.output.isEmpty, "\(windowed.output)")
        }

        /// The zoom `fit` shows a `width` × `height` photo at in a 320×240 window, from its fit in the page box, and
        /// whether it sits with its top at the window's top (else centred).
        static func expected(width: Int, height: Int, fit: String) -> (zoom: Double, fromTop: Bool, fitted: Double) {
            let box = GalleryController.pageBox(for: PixelSize(width: 320, height: 240))
            let shrink = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
            let (fittedWidth, fittedHeight) = (Double(width) * shrink, Double(height) * shrink)
            let across = max(1, 320 / fittedWidth), cover = max(across, 240 / fittedHeight)
            switch fit {
            case "width": return (across, true, fittedHeight)
            case "fill": return (cover, false, fittedHeight)
            default: return (1, false, fittedHeight)
            }
        }

        @Test(
            "--fit width and fill zoom each photo from its fit: width across the window from its top, fill covering it",
            arguments: [("tall", 60, 240), ("wide", 640, 80)], ["fit", "width", "fill"])
        func fitModes(photo: (name: String, width: Int, height: Int), fit: String) throws {
            let folder = try TemporaryDirectory()
            let path = try folder.write(
                JPEGFixture.rgb(width: photo.width, height: photo.height) { _, y in
                    RGBA(r: UInt8(y % 256), g: 40, b: 90)
                }, to: "\(photo.name).jpg")
            let output = try GalleryProcess.run(
                [ScriptLine.quit(1)], arguments: ["--no-thumbnail-cache", "--fit", fit, path], size: "320x240")
            #expect(output.status == 0, "\(output.standardError)")
            let last = try #require(output.records.last)
            let expected = Self.expected(width: photo.width, height: photo.height, fit: fit)
            #expect(abs(last.zoom / expected.zoom - 1) < 0.02, "zoom \(last.zoom), expected \(expected.zoom)")
            if fit != "fit" { #expect(last.zoom > 1.05, "the mode changed nothing") }
            // With its top at the top, the photo's centre is below the window's by half its height less half 240.
            let panY = expected.fromTop ? max(0, (expected.fitted * last.zoom - 240) / 2) : 0
            #expect(abs(last.panY - panY) < 1.5, "panY \(last.panY), expected \(panY)")
        }

        @Test("e cycles fit, width, fill on the photo shown, and the mode holds for the next photo")
        func fitKeyCycles() throws {
            let folder = try TemporaryDirectory()
            for index in 1...2 {
                try folder.write(
                    JPEGFixture.rgb(width: 60, height: 240) { _, y in RGBA(r: UInt8(y % 256), g: UInt8(index), b: 9) },
                    to: "t\(index).jpg")
            }
            let script = [
                ScriptLine.key(0.3, "e"), ScriptLine.key(1.0, "e"), ScriptLine.key(1.7, "n"), ScriptLine.key(2.5, "e"),
                ScriptLine.quit(3.2),
            ]
            let output = try GalleryProcess.run(
                script, arguments: ["--no-thumbnail-cache", "--transition", "none", folder.url.path], size: "320x240")
            #expect(output.status == 0, "\(output.standardError)")
            func zoom(before t: Double) throws -> Double { try #require(output.records.last { $0.t < t }).zoom }
            #expect(try zoom(before: 0.3) == 1)
            let width = Self.expected(width: 60, height: 240, fit: "width").zoom
            #expect(abs(try zoom(before: 1.0) / width - 1) < 0.02)
            #expect(try #require(output.records.last { $0.t < 1.0 }).panY > 10, "width shows the top")
            // Fill is width's scale for a photo this tall, centred.
            #expect(abs(try zoom(before: 1.7) / width - 1) < 0.02)
            #expect(abs(try #require(output.records.last { $0.t < 1.7 }).panY) < 1e-6, "fill is centred")
            let next = try #require(output.records.last { $0.t < 2.5 })
            #expect(next.page == 1 && abs(next.zoom / width - 1) < 0.02, "page \(next.page) zoom \(next.zoom)")
            #expect(try zoom(before: 3.3) == 1)
        }
    }
}
