import Foundation
import GalleryCoreTesting
import GalleryTesting
import Support
import Testing

/// The design the trust issue asked for: nothing in the viewer process reads more of a photo than its 16-byte
/// signature. Headers, dates taken and the thumbnail cache's PNGs are read by the sandboxed decoders, which answer with
/// fixed-size records; a header stating 2^32 − 1 × 2^32 − 1 px can then not reach the window's own code.
///
/// Seen from outside, as the kernel sees it: `strace -f -y` records every read of every thread and child, each
/// descriptor with its path; the viewer's threads are told from its decoder processes by the clones that made them
/// (`CLONE_THREAD`: a thread of the same process; without it a new process, a decoder).
@Suite("The viewer reads no photo", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
struct ViewerReadsNoPhotoTests {
    /// The reading calls counted, and the clones that tell threads from processes.
    static let traced = "read,pread64,readv,preadv,preadv2,mmap,sendfile,copy_file_range,splice,clone,clone3,fork,vfork"

    /// A read of a watched file by some process: the call, its arguments' text and its result.
    struct Access: Equatable {
        var process: Int
        var call: String
        var arguments: String
        var result: String
    }

    /// The accesses in `trace` (strace -f -y) to files whose path starts with one of `roots`, by process (the first
    /// line's process is the viewer), and the viewer's process id.
    static func accesses(in trace: String, roots: [String]) -> (viewer: Int, accesses: [Access]) {
        var process: [Int: Int] = [:]
        var pending: [Int: String] = [:]
        var viewer: Int?
        var found: [Access] = []
        let reads: Set<String> = ["read", "pread64", "readv", "preadv", "preadv2", "mmap", "sendfile", "splice"]
        for line in trace.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let thread = Int(parts[0]) else { continue }
            var text = parts[1].drop { $0 == " " }.description
            viewer = viewer ?? thread
            if process[thread] == nil { process[thread] = thread }
            if text.hasSuffix("<unfinished ...>") {
                pending[thread] = String(text.dropLast("<unfinished ...>".count))
                continue
            }
            if text.hasPrefix("<... "), let resumed = text.range(of: "resumed>") {
                text = (pending.removeValue(forKey: thread) ?? "") + text[resumed.upperBound...]
            }
            guard let open = text.firstIndex(of: "("), let equals = text.range(of: " = ", options: .backwards) else {
                continue
            }
            let call = String(text[..<open])
            let result = String(text[equals.upperBound...])
            if ["clone", "clone3", "fork", "vfork"].contains(call), let child = Int(result) {
                process[child] = text.contains("CLONE_THREAD") ? process[thread] : child
                continue
            }
            guard reads.contains(call) || call == "copy_file_range" else { continue }
            let arguments = String(text[open..<equals.lowerBound])
            if roots.contains(where: { arguments.contains("<" + $0) }) {
                found.append(
                    Access(process: process[thread] ?? thread, call: call, arguments: arguments, result: result))
            }
        }
        return (viewer ?? 0, found)
    }

    /// Whether `access` reads within the first 16 bytes alone: a `pread64` at an offset and of a count that end by
    /// byte 16, having read no more.
    static func readsSignatureAlone(_ access: Access) -> Bool {
        guard access.call == "pread64", access.arguments.hasSuffix(")") else { return false }
        let fields = access.arguments.dropLast().components(separatedBy: ", ")
        guard fields.count >= 4, let count = Int(fields[fields.count - 2]), let offset = Int(fields[fields.count - 1]),
            let got = Int(access.result.split(separator: " ").first ?? "")
        else { return false }
        return offset >= 0 && offset + count <= 16 && got <= 16
    }

    /// A PNG of 69 bytes stating 2^32 − 1 × 2^32 − 1 px (the crash of the issue's item 1), and a QOI stating the same.
    static let hostileHeaders: [(name: String, bytes: [UInt8])] = [
        (
            "bomb.png",
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 8, 6, 0, 0, 0, 0, 0, 0, 0]
                + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        ),
        ("bomb.qoi", Array("qoif".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 4, 0] + [0, 0, 0, 0]),
        (
            "bad-exif.jpg",
            [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0, 0x2A, 0xFF]
        ),
    ]

    @Test("hostile headers, --sort taken, the grid from a warm thumbnail cache, I, an animation: 16 bytes a file")
    func viewerReadsSignaturesAlone() throws {
        let root = try TemporaryDirectory()
        let photos = root.path("ph")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: false)
        let plain = JPEGFixture.rgb(width: 64, height: 48) { x, _ in x < 32 ? .white : .black }
        _ = try root.write(ExifFixture(taken: "2021:07:04 09:30:00").inserted(into: plain), to: "ph/a.jpg")
        _ = try root.write(ExifFixture(taken: "2019:01:02 03:04:05").inserted(into: plain), to: "ph/b.jpg")
        _ = try root.write(plain, to: "ph/c.jpg")
        for (name, bytes) in Self.hostileHeaders { _ = try root.write(bytes, to: "ph/" + name) }
        // Last by modification time, so End shows it: an animation, whose frame clock a decoder scans too.
        let frames = [0, 1, 0].map { GIFFixture.Frame(width: 16, height: 16, fill: UInt8($0)) }
        _ = try root.write(
            GIFFixture.bytes(width: 16, height: 16, palette: [(255, 0, 0), (0, 0, 255)], frames: frames),
            to: "ph/anim.gif")
        let script = root.path("s.jsonl")
        let lines = [
            ScriptLine.key(0.2, "Right"), ScriptLine.key(0.4, "F7"), ScriptLine.key(0.8, "Right"),
            ScriptLine.key(1.0, "Return"), ScriptLine.key(1.2, "I"), ScriptLine.key(1.4, "Right"),
            ScriptLine.key(1.6, "End"), ScriptLine.quit(2.4),
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let arguments = ["--headless", "--size", "480x320", "--script", script, "--sort", "taken", photos]
        let environment = ["XDG_CACHE_HOME": root.path("cache")]
        // The first run writes the thumbnails the second reads.
        #expect(try Self.status(of: GalleryProcess.executable.path, arguments, environment: environment) == 0)
        let thumbnails = root.path("cache/thumbnails/normal")
        try #require((try? FileManager.default.contentsOfDirectory(atPath: thumbnails).count) ?? 0 >= 3)

        let trace = root.path("trace.txt")
        let traced = try Self.status(
            of: "/usr/bin/strace",
            ["-f", "-y", "-qq", "-o", trace, "-e", "trace=" + Self.traced, GalleryProcess.executable.path] + arguments,
            environment: environment)
        #expect(traced == 0)
        let (viewer, accesses) = Self.accesses(
            in: try String(contentsOfFile: trace, encoding: .utf8), roots: [photos + "/", root.path("cache") + "/"])
        let byViewer = accesses.filter { $0.process == viewer }
        let beyond = byViewer.filter { !Self.readsSignatureAlone($0) }
        #expect(beyond.isEmpty, "the viewer read: \(beyond.map { "\($0.call)\($0.arguments) = \($0.result)" })")
        // The trace sees what it must: the decoders read every photo and the cached thumbnails, the viewer their
        // signatures (one each: its decoders' headers are kept).
        let byDecoders = Set(accesses.filter { $0.process != viewer }.compactMap(Self.file))
        for name in ["a.jpg", "b.jpg", "c.jpg", "anim.gif"] + Self.hostileHeaders.map(\.name) {
            #expect(byDecoders.contains(photos + "/" + name), "no decoder read \(name)")
        }
        #expect(byDecoders.contains { $0.hasPrefix(thumbnails) })
        #expect(!byViewer.isEmpty)
    }

    @Test("Ctrl+S turns a JPEG's and a PNG's file with no byte of either read by the viewer: a decoder finds the tag")
    func savingTheTurnReadsNoPhoto() throws {
        let root = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: root.path("ph"), withIntermediateDirectories: false)
        let jpeg = try root.write(
            JPEGFixture.rgb(width: 64, height: 48, orientation: 1) { x, _ in x < 32 ? .white : .black }, to: "ph/a.jpg")
        let png = try root.write(
            SDLSerializedTests.OrientationMetadataTests.png(
                .up, chunks: [("eXIf", SDLSerializedTests.PNGExifAndWidePNMTests.exif(orientation: 1))]),
            to: "ph/b.png")
        let before = try [jpeg, png].map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        let script = root.path("s.jsonl")
        let lines = [
            ScriptLine.key(0.2, ">"), ScriptLine.key(0.4, "Ctrl+S"), ScriptLine.key(1.0, "Right"),
            ScriptLine.key(1.6, ">"), ScriptLine.key(1.8, "Ctrl+S"), ScriptLine.quit(3.0),
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let trace = root.path("trace.txt")
        let traced = try Self.status(
            of: "/usr/bin/strace",
            ["-f", "-y", "-qq", "-o", trace, "-e", "trace=" + Self.traced, GalleryProcess.executable.path]
                + ["--headless", "--size", "320x240", "--script", script, root.path("ph")],
            environment: ["XDG_CACHE_HOME": root.path("cache")])
        #expect(traced == 0)
        let (viewer, accesses) = Self.accesses(
            in: try String(contentsOfFile: trace, encoding: .utf8), roots: [root.path("ph") + "/"])
        // The copy of each file into its new one is the kernel's (`copy_file_range` from the photo into the hidden
        // file beside it): its bytes never reach the viewer.
        let copies = accesses.filter {
            $0.process == viewer && $0.call == "copy_file_range" && $0.arguments.contains(root.path("ph") + "/.")
        }
        #expect(copies.count == 2)
        let beyond = accesses.filter {
            $0.process == viewer && !Self.readsSignatureAlone($0) && !copies.contains($0)
        }
        #expect(beyond.isEmpty, "the viewer read: \(beyond.map { "\($0.call)\($0.arguments) = \($0.result)" })")
        // Both files state the turn (6: turned clockwise), every other byte as it was but a PNG chunk's new CRC.
        for (path, old) in zip([jpeg, png], before) {
            let new = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let tag = try ExifOrientationTag.find(in: old).get()
            #expect(new == tag.rewriting(old, to: 6), "\(path)")
        }
    }

    /// The exit status of `program` run with `arguments` and this process's environment with `environment` over it,
    /// its output discarded (the gallery's descriptors never touch this process's pipes).
    static func status(of program: String, _ arguments: [String], environment: [String: String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The path of the descriptor `access` reads (its first argument, `FD</path>`).
    static func file(_ access: Access) -> String? {
        guard let start = access.arguments.firstIndex(of: "<"), let end = access.arguments.firstIndex(of: ">") else {
            return nil
        }
        return String(access.arguments[access.arguments.index(after: start)..<end])
    }
}
