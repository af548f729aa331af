import Foundation
import Gallery
import GalleryCore
import GalleryTesting
import Glibc
import Imaging
import Support
import Testing

extension SDLSerializedTests {
    /// The built `gallery`, run headless on real decoder processes, loses its decoder while the first photo's request
    /// is outstanding: the run goes on, that photo is decoded again by a new process, and the next photo shows.
    @Suite("Decoder crash end to end")
    struct DecoderCrashEndToEndTests {
        /// Whether two colours differ by at most `tolerance` a channel (JPEG and the page's scaling move them a little).
        static func near(_ got: RGBA, _ want: RGBA, tolerance: Int = 16) -> Bool {
            abs(Int(got.r) - Int(want.r)) <= tolerance && abs(Int(got.g) - Int(want.g)) <= tolerance
                && abs(Int(got.b) - Int(want.b)) <= tolerance
        }

        /// The ids of `parent`'s children running `gallery-decoder`.
        static func decoders(of parent: pid_t) -> [pid_t] {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
            return entries.compactMap { entry -> pid_t? in
                guard let pid = pid_t(entry),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
                else { return nil }
                let command = stat[stat.index(after: open)..<close]
                let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
                guard command == "gallery-decoder", fields.count > 1, pid_t(fields[1]) == parent else { return nil }
                return pid
            }
        }

        /// Stops each decoder process of `parent` as soon as it appears, polling every millisecond (one takes tens of
        /// them to load its libraries), until `count` are stopped or the deadline passes; their ids.
        static func stopDecoders(of parent: pid_t, count: Int, deadline: ContinuousClock.Instant) -> [pid_t] {
            var stopped: [pid_t] = []
            while stopped.count < count, ContinuousClock.now < deadline {
                for pid in decoders(of: parent) where !stopped.contains(pid) {
                    kill(pid, SIGSTOP)
                    stopped.append(pid)
                }
                usleep(1_000)
            }
            return stopped
        }

        @Test(
            "a decoder killed with the first photo's request outstanding: the run ends normally, the photo shows, so does the next",
            arguments: [SIGSEGV, SIGKILL])
        func aDecoderKilledMidRequestCostsTheRunNothing(signal: Int32) throws {
            let folder = try TemporaryDirectory()
            let photos = folder.path("photos")
            try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: false)
            let colours = [RGBA(r: 220, g: 30, b: 30, a: 255), RGBA(r: 30, g: 200, b: 40, a: 255)]
            for (index, colour) in colours.enumerated() {
                _ = try folder.write(
                    JPEGFixture.rgb(width: 640, height: 480) { _, _ in colour }, to: "photos/\(index).jpg")
            }
            let shots = folder.path("shots")
            try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: false)
            let script = folder.path("script.jsonl")
            try """
            {"t":0.1,"type":"shot","path":"first.png"}
            {"t":0.2,"type":"key","key":"Right"}
            {"t":1.5,"type":"shot","path":"second.png"}
            {"t":1.6,"type":"quit"}

            """.write(toFile: script, atomically: true, encoding: .utf8)
            let child = try ChildProcess(arguments: [
                "--headless", "--size", "320x240", "--script", script, "--shots", shots, photos,
            ])
            // A headless run starts two decoders: each is stopped as soon as it exists, before it can have read a
            // request, so the first photo's request waits in a socket; the run, whose first frame waits for that photo,
            // would be over in a fraction of this wait otherwise. Then they are killed, the request still outstanding.
            let stopped = Self.stopDecoders(of: child.pid, count: 2, deadline: .now + .seconds(10))
            #expect(stopped.count == 2)
            usleep(300_000)
            #expect(waitpid(child.pid, nil, WNOHANG) == 0, "the run waits for its first photo")
            for pid in stopped {
                kill(pid, signal)
                kill(pid, SIGCONT)
            }
            let ending = child.wait()
            #expect(ending.status == 0 && ending.killedBy == nil)
            let first = try HeadlessEndToEndTests.load(shots + "/first.png")
            let second = try HeadlessEndToEndTests.load(shots + "/second.png")
            #expect(Self.near(first.pixel(x: 160, y: 120), colours[0]))
            #expect(Self.near(second.pixel(x: 160, y: 120), colours[1]))
        }
    }
}
