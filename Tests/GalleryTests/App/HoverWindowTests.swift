import Foundation
import GalleryTesting
import Glibc
import Testing

/// A pointer hovering over the real X11 window wakes nothing, and the gallery still knows where the pointer is when a
/// button is pressed: the test starts its own Xvfb, opens the gallery there and moves the pointer with xdotool (XTest),
/// counting the main thread's wake-ups (its voluntary context switches) and reading the page in the title. Skipped,
/// saying why, only where Xvfb or xdotool is not installed (`make deps` installs them, so CI runs it).
@Suite("A hovering pointer in the real window", .serialized)
struct HoverWindowTests {
    /// Whether every tool is installed.
    static let toolsInstalled = ["Xvfb", "xdotool"].allSatisfy { XvfbDisplay.executable($0) != nil }

    /// Three photos in a 640×480 window in `mode`, on photo 1, at rest, the pointer resting at (100, 100) in it; the
    /// process and window.
    static func openGallery(mode: String = "bounded", on display: XvfbDisplay, home: TemporaryDirectory) throws -> (
        Process, String
    )? {
        let gallery = Process()
        gallery.executableURL = GalleryProcess.executable
        gallery.arguments = ["--software", "--mode", mode, "--size", "640x480"] + BundledPhotos.paths.prefix(3)
        gallery.environment = ProcessInfo.processInfo.environment.merging([
            "DISPLAY": display.name, "XDG_CACHE_HOME": home.path("cache"), "XDG_DATA_HOME": home.path("data"),
            "SDL_VIDEODRIVER": "x11",
        ]) { $1 }
        gallery.standardOutput = FileHandle.nullDevice
        // Kept to say why, should no window appear (seen twice in full runs under load, never alone).
        let log = home.path("gallery.log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        gallery.standardError = FileHandle(forWritingAtPath: log)
        try gallery.run()
        let window = try XvfbDisplay.waitFor(seconds: 20) { () -> String? in
            // Every window of the class: SDL's may not be the last one listed.
            let found = try display.run("xdotool", ["search", "--class", "gallery"])
            return try found.output.split(separator: "\n").map(String.init).first { window in
                try display.run("xdotool", ["getwindowname", window]).output.hasPrefix("1 / 3")
            }
        }
        guard let window else {
            let running = gallery.isRunning
            let windows = try display.run("xdotool", ["search", "--class", "gallery"]).output.split(separator: "\n")
            let names = try windows.map { try display.run("xdotool", ["getwindowname", String($0)]).output }
            kill(gallery.processIdentifier, SIGKILL)
            gallery.waitUntilExit()
            let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let state = running ? "ran" : "had ended (status \(gallery.terminationStatus))"
            let why: String =
                "no gallery window showing page 1 appeared on \(display.name): the gallery \(state), windows of its "
                + "class \(names), its standard error: \(String(stderr.suffix(2000)))"
            Issue.record(Comment(rawValue: why))
            return nil
        }
        _ = try display.run("xdotool", ["mousemove", "--window", window, "100", "100"])
        // At rest: the neighbours decoded, the information faded (shown 1.5 s, without a frame for its first 1.2 s),
        // then no wake-up in half a second (up to 10 s more).
        usleep(2_000_000)
        var last = try wakeUps(of: gallery)
        for _ in 0..<20 {
            usleep(500_000)
            let now = try wakeUps(of: gallery)
            if now == last { break }
            last = now
        }
        return (gallery, window)
    }

    /// The main thread's voluntary context switches so far: one each time it sleeps and is woken.
    static func wakeUps(of process: Process) throws -> Int {
        let pid = process.processIdentifier
        let status = try String(contentsOfFile: "/proc/\(pid)/task/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") })
        return try #require(Int(line.split(separator: "\t").last ?? ""))
    }

    /// `count` xdotool moves over the window, 5 ms apart, as one command.
    static func hover(_ window: String, moves count: Int, on display: XvfbDisplay) throws {
        let moves = (1...count).flatMap { index in
            [
                "mousemove", "--window", window, "\(120 + index * 7 % 400)", "\(120 + index * 13 % 240)", "sleep",
                "0.005",
            ]
        }
        #expect(try display.run("xdotool", moves).status == 0)
    }

    @Test(
        "250 pointer moves without a button wake the window's main thread a few times at most",
        .enabled(if: toolsInstalled, "needs Xvfb and xdotool (make deps installs them)"))
    func hoverWakesNothing() throws {
        let home = try TemporaryDirectory()
        let display = try XvfbDisplay()
        guard let (gallery, window) = try Self.openGallery(on: display, home: home) else { return }
        defer {
            kill(gallery.processIdentifier, SIGKILL)
            gallery.waitUntilExit()
        }
        let before = try Self.wakeUps(of: gallery)
        try Self.hover(window, moves: 250, on: display)
        usleep(200_000)
        let woken = try Self.wakeUps(of: gallery) - before
        // Before: one wake-up or more a move (SDL's XInput 2 motion on the window and raw motion on the screen).
        #expect(woken <= 25, "the main thread woke \(woken) times for 250 moves")
    }

    @Test(
        "after hovering, a click in the grid opens the photo under the pointer",
        .enabled(if: toolsInstalled, "needs Xvfb and xdotool (make deps installs them)"),
        arguments: [
            // The grid's cells at 640×480: the astronaut at x 50–182, the coffee at 188–316, the cat at 324–452.
            (x: 390, page: "3 / 3"), (x: 250, page: "2 / 3"),
        ])
    func clickAfterHover(x: Int, page: String) throws {
        let home = try TemporaryDirectory()
        let display = try XvfbDisplay()
        guard let (gallery, window) = try Self.openGallery(mode: "grid", on: display, home: home) else { return }
        defer {
            kill(gallery.processIdentifier, SIGKILL)
            gallery.waitUntilExit()
        }
        // The pointer entered over the first cell (100, 100); it hovers, then rests over another and clicks without
        // moving: a click at a stale position (where the pointer entered) would open the first photo.
        try Self.hover(window, moves: 20, on: display)
        let click = ["mousemove", "--window", window, "\(x)", "70", "sleep", "0.1", "click", "1"]
        #expect(try display.run("xdotool", click).status == 0)
        let title = try XvfbDisplay.waitFor(seconds: 5) { () -> String? in
            let name = try display.run("xdotool", ["getwindowname", window]).output
            return name.hasPrefix(page) ? name : nil
        }
        #expect(title != nil, "the title never began with \(page)")
    }
}
