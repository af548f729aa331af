import Foundation
import GalleryCore
import GalleryCoreTesting
import GalleryTesting
import Imaging
import Support
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

        @Test("With the I panel showing a GPS position, Ctrl+O hands xdg-open its geo: URI instead of the photo")
        func position() throws {
            let folder = try TemporaryDirectory()
            var exif = ExifFixture()
            exif.latitude = ("N", [(48, 1), (51, 1), (30_133, 1000)])
            exif.longitude = ("E", [(2, 1), (17, 1), (40_132, 1000)])
            exif.altitude = (0, (354, 10))
            let jpeg = exif.inserted(into: JPEGFixture.rgb(width: 64, height: 48) { _, _ in RGBA(r: 90, g: 9, b: 9) })
            try Data(jpeg).write(to: URL(fileURLWithPath: folder.path("tower.jpg")))
            let bin = try TemporaryDirectory()
            let record = bin.path("arguments")
            try "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" >> '\(record)'\n".write(
                toFile: bin.path("xdg-open"), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.path("xdg-open"))
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            // Without the panel the photo opens; with it, once its details are read, the position.
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.2, "Ctrl+O"), ScriptLine.key(0.5, "I"), ScriptLine.key(1.5, "Ctrl+O")],
                arguments: ["--no-thumbnail-cache", "--mode", "bounded", folder.url.path],
                environment: ["PATH": bin.url.path + ":" + path])
            #expect(run.status == 0, "\(run.standardError)")
            let opened = try String(contentsOfFile: record, encoding: .utf8)
            #expect(opened == "1\n\(folder.path("tower.jpg"))\n1\ngeo:48.85837,2.29448,35.4\n")
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

        /// A fake `xdg-open` that starts an "application" which records its process id and any SIGTERM it gets, and
        /// lives on; it returns at once (`waits` false: as with a desktop, the application orphaned) or waits for the
        /// application (`waits` true: as without one).
        static func fakeOpener(in bin: TemporaryDirectory, record: String, waits: Bool) throws {
            // Its output, and its application's, away from the gallery's standard error, which the test reads to its
            // end: both outlive the gallery.
            let application =
                "trap 'echo TERM >> \(record).signals; exit 0' TERM HUP; echo \\$\\$ > \(record).pid; "
                + "while :; do sleep 0.05; done"
            let script =
                "#!/bin/sh\nexec > /dev/null 2>&1\nsh -c \"\(application)\" &\n" + (waits ? "wait\n" : "exit 0\n")
            try script.write(toFile: bin.path("xdg-open"), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.path("xdg-open"))
        }

        @Test(
            "The application Ctrl+O opened outlives the gallery's quit and gets no signal from it",
            arguments: [false, true])
        func applicationOutlivesQuit(waits: Bool) throws {
            let folder = try TemporaryDirectory()
            try Data(PNGChunks.solid(width: 8, height: 6, red: 90, green: 120, blue: 150))
                .write(to: URL(fileURLWithPath: folder.path("a.png")))
            let bin = try TemporaryDirectory()
            let record = bin.path("application")
            try Self.fakeOpener(in: bin, record: record, waits: waits)
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.2, "Ctrl+O"), ScriptLine.quit(1.5)],
                arguments: ["--no-thumbnail-cache", "--mode", "bounded", folder.url.path],
                environment: ["PATH": bin.url.path + ":" + path]
            ) {
                // The application has started before the gallery quits (the script's time runs faster than this).
                let deadline = MonotonicClock.seconds() + 10
                while !FileManager.default.fileExists(atPath: record + ".pid"), MonotonicClock.seconds() < deadline {
                    usleep(10_000)
                }
            }
            #expect(run.status == 0, "\(run.standardError)")
            let text = try String(contentsOfFile: record + ".pid", encoding: .utf8)
            let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
            defer { kill(pid, SIGKILL) }
            // A SIGTERM sent at the quit is acted on within one 0.05 s sleep; give it ten times that.
            usleep(500_000)
            #expect(kill(pid, 0) == 0, "the application was ended with the gallery")
            #expect(
                !FileManager.default.fileExists(atPath: record + ".signals"), "the application got SIGTERM or SIGHUP")
        }
    }
}
