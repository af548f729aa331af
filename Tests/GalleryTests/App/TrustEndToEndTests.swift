import Foundation
import Gallery
import GalleryCore
import GalleryCoreTesting
import GalleryTesting
import Support
import Testing

/// What a hostile tester tried: `gallery` never writes over a photo, leaves nothing running, and stops at
/// once on any signal, whatever a decode is doing.
@Suite("Trust end to end")
struct TrustEndToEndTests {
    /// A folder `ph` with the photos `x.png` (a JPEG's bytes: the name is what matters) and `y.jpg`, and a script.
    static func photoFolder(script lines: [String]) throws -> (root: TemporaryDirectory, photos: String, script: String)
    {
        let root = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: root.path("ph"), withIntermediateDirectories: false)
        let photo = JPEGFixture.rgb(width: 16, height: 16) { x, _ in x < 8 ? .white : .black }
        try root.write(photo, to: "ph/x.png")
        try root.write(photo, to: "ph/y.jpg")
        let script = root.path("s.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        return (root, root.path("ph"), script)
    }

    /// The bytes of every file in `folder`, by name.
    static func contents(of folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    @Test("A shot with no --shots is a script error (exit 2), and the photo of that name is untouched")
    func shotWithoutShotsFolder() throws {
        let (root, photos, script) = try Self.photoFolder(script: [ScriptLine.shot(0.5, "x.png")])
        let before = try Self.contents(of: photos)
        let result = try GalleryProcess.capture(["--headless", "--script", script, "."], in: photos)
        #expect(result.status == 2)
        #expect(result.text == "Error: \(script): the script takes a shot at t = 0.5; give --shots DIR for it\n")
        #expect(try Self.contents(of: photos) == before)
        withExtendedLifetime(root) {}
    }

    @Test(
        "No option writes into, or through a link into, a folder of shown or watched photos",
        arguments: [
            (["--trace", "ph/y.jpg", "ph"], "--trace ph/y.jpg: is inside"),
            (["--trace", "ph/new.jsonl", "ph/y.jpg"], "--trace ph/new.jsonl: is inside"),
            (["--shots", "ph", "--synthetic", "3", "--feed-watch", "ph"], "--shots ph: is inside"),
            (["--shots", "ph/shots", "ph"], "--shots ph/shots: is inside"),
            (["--shots", "links", "--synthetic", "3"], "shot links/evil.png: is a symbolic link"),
            (["--trace", "nonexistent/dir/t.jsonl", "--synthetic", "3"], "the folder nonexistent/dir does not exist"),
        ])
    func nothingWrittenOverPhotos(arguments: [String], message: String) throws {
        let (root, photos, script) = try Self.photoFolder(script: [ScriptLine.shot(0.5, "evil.png")])
        try FileManager.default.createDirectory(atPath: root.path("links"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: root.path("links/evil.png"), withDestinationPath: "../ph/x.png")
        let before = try Self.contents(of: photos)
        var base = ["--headless", "--script", script]
        if !arguments.contains("--shots") { base += ["--shots", root.path("shots")] }
        let result = try GalleryProcess.capture(base + arguments, in: root.url.path)
        #expect(result.status == 2)
        #expect(result.text.hasPrefix("Error: ") && result.text.contains(message), "\(result.text)")
        #expect(result.text.filter { $0 == "\n" }.count == 1)
        #expect(try Self.contents(of: photos) == before)
        #expect(!FileManager.default.fileExists(atPath: root.path("nonexistent")))
    }

    @Test("A re-run replaces its own trace and shots, never a file it did not write")
    func rerunsReplaceOnlyTheirOwn() throws {
        let (root, _, script) = try Self.photoFolder(script: [ScriptLine.shot(0.5, "a.png")])
        let arguments = [
            "--headless", "--script", script, "--shots", "out", "--trace", "out/t.jsonl", "--synthetic", "3",
        ]
        #expect(try GalleryProcess.capture(arguments, in: root.url.path).status == 0)
        #expect(try GalleryProcess.capture(arguments, in: root.url.path).status == 0)
        let photo = try Data(contentsOf: URL(fileURLWithPath: root.path("ph/y.jpg")))
        try photo.write(to: URL(fileURLWithPath: root.path("out/a.png")))
        let refused = try GalleryProcess.capture(arguments, in: root.url.path)
        #expect(refused.status == 2)
        #expect(
            refused.text.contains("shot out/a.png: exists and is not a shot the gallery wrote"), "\(refused.text)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: root.path("out/a.png"))) == photo)
    }

    @Test("--trace naming a FIFO with no reader is refused at once, exit 2")
    func fifoTrace() throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path("trace.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let script = folder.path("s.jsonl")
        try (ScriptLine.quit(1) + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let child = try ChildProcess(
            arguments: ["--headless", "--synthetic", "3", "--script", script, "--trace", fifo],
            errorPath: folder.path("e"))
        let ending = child.wait()
        #expect(ending.status == 2)
        #expect(ending.ended - child.started < .seconds(2) * ReliabilityEndToEndTests.timeScale)
        #expect(try String(contentsOfFile: folder.path("e"), encoding: .utf8).contains("is not a regular file"))
    }

    @Test(
        "After any exit, nothing the feed command started is left",
        arguments: [
            ("sleep 1239", Int32(0)), ("sleep 1234 >/dev/null 2>&1 & echo x.jpg", 0),
            ("sleep 1233", SIGTERM), ("sleep 1232 >/dev/null 2>&1 & echo x.jpg", SIGTERM), ("sleep 1231", SIGHUP),
            ("trap '' TERM; sleep 1230", SIGINT),
        ])
    func feedCommandLeavesNothing(command: String, signal: Int32) throws {
        let folder = try TemporaryDirectory()
        let script = folder.path("s.jsonl")
        // To the end of the feed again and again, so the command runs many times; the quit comes after 3 s.
        var lines: [String] = []
        for step in 0..<12 {
            lines += [ScriptLine.key(0.1 + Double(step) / 4, "End"), ScriptLine.key(0.2 + Double(step) / 4, "Right")]
        }
        lines.append(ScriptLine.quit(signal == 0 ? 3 : 1000))
        try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        // A fraction of a second unique to this run in the sleep's argument, so that another run of this test on the
        // machine (a second checkout's suite) is not counted as ours.
        let sleep = command.split(separator: " ").drop { $0 != "sleep" }.prefix(2).joined(separator: " ")
        let marker = "\(sleep).\(UInt32.random(in: 100_000...999_999))"
        let child = try ChildProcess(arguments: [
            "--headless", "--synthetic", "3", "--mode", "feed", "--script", script, "--feed-command",
            command.replacingOccurrences(of: sleep, with: marker),
        ])
        if signal != 0 {
            // Signalled as soon as the command runs: a run whose command answers at once can otherwise reach its
            // quit (the virtual clock skips idle time) before a fixed wait is over, and end with 0.
            let deadline = ContinuousClock.now + .seconds(10)
            while ProcessAlive.pids(withCommandLine: marker).isEmpty, ContinuousClock.now < deadline { usleep(2_000) }
            #expect(!ProcessAlive.pids(withCommandLine: marker).isEmpty, "the command never ran")
            child.send(signal)
        }
        let ending = child.wait()
        #expect(ending.status == (signal == 0 ? 0 : 128 + signal))
        #expect(ProcessAlive.pids(withCommandLine: marker).isEmpty, "left running: \(marker)")
    }

    @Test("SIGTERM during a 192 MP decode ends the run within 0.5 s, status 143, the trace complete")
    func signalDuringHugeDecode() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("ph"), withIntermediateDirectories: false)
        for name in ["ph/a.jpg", "ph/b.jpg"] {
            try folder.write(JPEGFixture.rgb(width: 32, height: 24) { _, _ in .white }, to: name)
        }
        try folder.write(JPEGFixture.noisy(width: 16000, height: 12000), to: "ph/z.jpg")
        let script = folder.path("s.jsonl")
        try ([ScriptLine.key(0.5, "End"), ScriptLine.quit(1000)].joined(separator: "\n") + "\n")
            .write(toFile: script, atomically: true, encoding: .utf8)
        let trace = folder.path("trace.jsonl")
        let child = try ChildProcess(arguments: [
            "--headless", "--mode", "bounded", "--size", "1280x720", "--script", script, "--trace", trace,
            folder.path("ph"),
        ])
        // Signalled once the decoder processes (whose threads' names start "gallery-decode" too) have spent 250 ms of
        // CPU: starting one takes a few tens of milliseconds and the small photos well under 1 ms, so that is the huge
        // one, whatever the machine's speed (a fixed wait missed the decode on an idle machine).
        func decodeTicks() -> Int {
            ProcessAlive.pids(withCommandLine: "--parent \(child.pid)").reduce(0) {
                $0 + ProcessAlive.cpuTicks(of: $1, threadsNamed: "gallery-decode")
            }
        }
        let deadline = ContinuousClock.now + .seconds(20)
        while decodeTicks() < 25, ContinuousClock.now < deadline {
            usleep(2_000)
        }
        let signalled = ContinuousClock.now
        child.send(SIGTERM)
        let ending = child.wait()
        #expect(ending.status == 143)
        #expect(ending.ended - signalled < ReliabilityEndToEndTests.stopDeadline, "took \(ending.ended - signalled)")
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let records = try TraceReader.records(in: text)
        // The last frame was drawn without the decode it was waiting for: abandoned, not waited for.
        #expect(
            records.last?.pending ?? 0 > 0, "no decode was in progress: \(records.last.map(\.jsonLine) ?? "no frame")")
    }

    @Test("A shot followed by a key in the same frame shows the frame before the key")
    func shotBeforeKey() throws {
        let run = try GalleryProcess.run(
            [
                ScriptLine.shot(0.45, "reference.png"), ScriptLine.shot(0.5, "before.png"),
                ScriptLine.key(0.5, "Right"),
                ScriptLine.shot(0.7, "after.png"),
            ], arguments: ["--synthetic", "5", "--transition", "none"])
        #expect(run.status == 0, "\(run.standardError)")
        let shot = { (name: String) in try Data(contentsOf: URL(fileURLWithPath: run.shot(name))) }
        #expect(try shot("before.png") == shot("reference.png"))
        #expect(try shot("before.png") != shot("after.png"))
    }
}
