import Foundation
import GalleryCore
import Testing

@testable import Gallery

/// Nothing the gallery starts outlives it, and `-o` never loses or garbles the list: the ways a hostile tester ended
/// a run (a closed pipe, an action that left its process group) and the names that break a line-based list.
extension SDLSerializedTests {
    @Suite("Children and -o end to end")
    struct ChildrenEndToEndTests {
        /// The processes whose command line contains `token`, from `/proc`.
        static func processes(containing token: String) -> [String] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { entry in
                guard Int(entry) != nil,
                    let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
                else { return nil }
                let line = String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
                return line.contains(token) ? "\(entry): \(line)" : nil
            }
        }

        /// Runs `gallery` with `arguments`, its standard output a pipe whose reader is already gone (`| true`);
        /// returns its status and standard error.
        static func runIntoClosedPipe(_ arguments: [String]) throws -> (status: Int32, error: String) {
            let process = Process()
            process.executableURL = GalleryProcess.executable
            process.arguments = arguments
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            try output.fileHandleForReading.close()
            let text = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: text, as: UTF8.self))
        }

        @Test("a closed pipe on -o, an action still running and one that called setsid: none outlives the gallery")
        func nothingOutlivesTheGallery() throws {
            let (folder, _) = try MarksEndToEndTests.photos()
            let scripts = try TemporaryDirectory()
            // Durations no other process uses, so the scan below finds only ours.
            let token = String(1000 + Int.random(in: 0..<8000)) + ".5"
            let keys = ["m", "Ctrl+1", "Ctrl+2", "3", "End"]
            let lines = keys.enumerated().map { ScriptLine.key(0.1 * Double($0.offset + 1), $0.element) }
            try (lines + [ScriptLine.quit(1.5)]).joined(separator: "\n")
                .write(toFile: scripts.path("s.jsonl"), atomically: true, encoding: .utf8)
            let run = try Self.runIntoClosedPipe([
                "--headless", "--size", "320x240", "--no-thumbnail-cache", "--script", scripts.path("s.jsonl"), "-o",
                "--action1", "sleep \(token)1 # %f", "--action2", "setsid sleep \(token)2 & # %f",
                "--feed-command", "sleep \(token)3; echo x.jpg", folder.url.path,
            ])
            #expect(run.status == 1, "\(run.error)")
            #expect(run.error.contains("-o could not print the marked photos"), "\(run.error)")
            #expect(Self.processes(containing: "sleep \(token)") == [])
        }

        @Test("-o leaves out a name holding a newline, says so and exits 1; -0 prints it whole")
        func newlineInAName() throws {
            let (folder, paths) = try MarksEndToEndTests.photos()
            let odd = folder.path("b\nETC\nc.png")
            try FileManager.default.copyItem(atPath: paths[0], toPath: odd)
            let scripts = try TemporaryDirectory()
            // Natural order: "b\nETC\nc.png" comes first; mark it and the next one.
            let lines = [ScriptLine.key(0.1, "m"), ScriptLine.key(0.2, "Right"), ScriptLine.key(0.3, "m")]
            try (lines + [ScriptLine.quit(0.5)]).joined(separator: "\n")
                .write(toFile: scripts.path("s.jsonl"), atomically: true, encoding: .utf8)
            let base = [
                "--headless", "--size", "320x240", "--no-thumbnail-cache", "--mode", "bounded", "--script",
                scripts.path("s.jsonl"),
            ]
            let (lineStatus, lineOutput) = try GalleryProcess.capture(
                base + ["-o", folder.url.path], stream: .standardOutput)
            #expect(lineStatus == 1)
            #expect(lineOutput == paths[0] + "\n")
            let (_, message) = try GalleryProcess.capture(base + ["-o", folder.url.path])
            #expect(message.contains("left out 1 marked photo whose name holds a newline"), "\(message)")
            let (nulStatus, nulOutput) = try GalleryProcess.capture(
                base + ["-0", folder.url.path], stream: .standardOutput)
            #expect(nulStatus == 0)
            #expect(nulOutput == odd + "\0" + paths[0] + "\0")
        }

        @Test("-o with standard output closed is refused at start, before anything is marked")
        func closedStandardOutput() throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "exec \"$0\" -o --headless --script /nonexistent >&-", GalleryProcess.executable.path,
            ]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2)
            #expect(text.contains("standard output, which is closed"), "\(text)")
        }
    }
}
