import Foundation
import Testing

/// The configuration file read by the built `gallery`, headless: its keys change what a key does, a broken file stops
/// the start as a bad option does, and `--print-config` saved as the file prints the same again.
extension SDLSerializedTests {
    @Suite("Configuration file end to end")
    struct ConfigEndToEndTests {
        /// A run folder whose `config/gallery/gallery.conf` (read through `XDG_CONFIG_HOME`) holds `text`.
        static func folder(configuring text: String) throws -> TemporaryDirectory {
            let folder = try TemporaryDirectory()
            try FileManager.default.createDirectory(
                atPath: folder.path("config/gallery"), withIntermediateDirectories: true)
            try folder.write(Array(text.utf8), to: "config/gallery/gallery.conf")
            return folder
        }

        @Test("A [keys] binding changes what a key does in a headless run; without the file the key does as always")
        func bindingChangesAKey() throws {
            let script = [ScriptLine.key(0.2, "x"), ScriptLine.key(0.8, "n"), ScriptLine.key(1.4, "Space")]
            let configured = try GalleryProcess.run(
                script, arguments: ["--synthetic", "5"],
                in: try Self.folder(configuring: "[keys]\nx = last\nn = none\n"))
            #expect(configured.status == 0, "\(configured.standardError)")
            let plain = try GalleryProcess.run(script, arguments: ["--synthetic", "5"])
            #expect(plain.status == 0, "\(plain.standardError)")
            func page(_ output: GalleryProcess.Output, before t: Double) -> Int? {
                output.records.last { $0.t < t }?.page
            }
            // x: the last page, not a move (no --move-to); n: nothing; Space: still the next page (wrapping in the loop).
            #expect([page(configured, before: 0.8), page(configured, before: 1.4)] == [4, 4])
            #expect(configured.records.last?.page == 0)
            #expect([page(plain, before: 0.8), page(plain, before: 1.4)] == [0, 1])
            #expect(plain.records.last?.page == 2)
        }

        @Test("A broken file stops the start with status 2, naming the file and line; --no-config starts anyway")
        func brokenFileStops() throws {
            let folder = try Self.folder(configuring: "# mine\nfps = lots\n")
            let path = folder.path("config/gallery/gallery.conf")
            let environment = ["XDG_CONFIG_HOME": folder.path("config")]
            let refused = try GalleryProcess.capture(["--print-config"], environment: environment)
            #expect(refused.status == 2)
            #expect(refused.text == "Error: \(path):2: \"fps\" expects a number from 1 to 1000, got \"lots\"\n")
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.2, "n")], arguments: ["--no-config", "--synthetic", "3"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            let named = try GalleryProcess.capture(["--config", folder.path("none.conf"), "--print-config"])
            #expect(named.status == 2 && named.text.contains("none.conf: cannot be read: No such file or directory"))
        }

        @Test("--print-config saved as the file prints the same configuration again, the command line's included")
        func printedConfigReadsBack() throws {
            let folder = try Self.folder(configuring: "[keys]\nx = quit\n")
            let environment = ["XDG_CONFIG_HOME": folder.path("config")]
            let first = try GalleryProcess.capture(
                ["--fps", "30", "--mode", "grid", "--print-config"], stream: .standardOutput, environment: environment)
            #expect(first.status == 0)
            #expect(first.text.contains("\nfps = 30\n") && first.text.contains("\nmode = grid\n"))
            #expect(first.text.contains("\nx = quit\n"))
            let saved = try folder.write(Array(first.text.utf8), to: "saved.conf")
            let second = try GalleryProcess.capture(["--config", saved, "--print-config"], stream: .standardOutput)
            #expect(second.status == 0)
            // The first line names the file read.
            #expect(first.text.split(separator: "\n").dropFirst() == second.text.split(separator: "\n").dropFirst())
        }
    }
}
