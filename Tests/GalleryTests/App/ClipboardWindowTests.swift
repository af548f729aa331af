import Foundation
import Glibc
import Testing

/// Ctrl+C in the real window puts the photo's path on the X clipboard, read back as another program would: the test
/// starts its own Xvfb on a free display number, opens the gallery in a window there, presses Ctrl+C with xdotool and reads
/// the clipboard with xclip. Skipped, saying why, only where those programs are not installed (`make deps` installs
/// them, so CI runs it).
@Suite("Clipboard in the real window")
struct ClipboardWindowTests {
    /// The X programs the test drives.
    static let tools = ["Xvfb", "xdotool", "xclip"]

    /// Where `name` is found on `PATH`, nil when it is not.
    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Whether every tool is installed.
    static let toolsInstalled = tools.allSatisfy { executable($0) != nil }

    /// Runs `tool` with `arguments` on `display` to its end; its standard output and exit status.
    static func run(_ tool: String, _ arguments: [String], display: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(executable(tool)))
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Asks `poll` again until it gives a value or `seconds` of the monotonic clock pass (the window and the X server
    /// take what time they take; a deadline, not a sleep, bounds the wait).
    static func waitFor<Value>(seconds: Double, _ poll: () throws -> Value?) rethrows -> Value? {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let deadline = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + seconds
        while true {
            if let value = try poll() { return value }
            clock_gettime(CLOCK_MONOTONIC, &now)
            if Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 > deadline { return nil }
            usleep(20_000)
        }
    }

    @Test(
        "Ctrl+C puts the photo's path on the clipboard, as xclip reads it",
        .enabled(if: toolsInstalled, "needs Xvfb, xdotool and xclip (make deps installs them)"))
    func copyPath() throws {
        let folder = try TemporaryDirectory()
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let photo = photos + "/first.jpg"
        try FileManager.default.copyItem(atPath: BundledPhotos.paths[0], toPath: photo)

        // A display number no server holds (neither its lock file nor its socket exists), from this process's id so
        // test runs side by side pick apart.
        let start = 200 + Int(getpid() % 500)
        let number = try #require(
            (start..<start + 100).first {
                access("/tmp/.X\($0)-lock", F_OK) != 0 && access("/tmp/.X11-unix/X\($0)", F_OK) != 0
            })
        let display = ":\(number)"
        let server = Process()
        server.executableURL = URL(fileURLWithPath: try #require(Self.executable("Xvfb")))
        server.arguments = [display, "-screen", "0", "800x600x24", "-nolisten", "tcp"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            // SIGKILL: the test process blocks SIGTERM (the gallery library's stop signals), and children inherit that.
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        // Until a client connects: the socket's file exists a moment before the server accepts on it, and a
        // connection refused then would send SDL on to its offscreen driver.
        let listening = try Self.waitFor(seconds: 20) {
            try Self.run("xdotool", ["getdisplaygeometry"], display: display).status == 0 ? true : nil
        }
        try #require(listening == true, "Xvfb did not start on \(display)")

        let gallery = Process()
        gallery.executableURL = GalleryProcess.executable
        gallery.arguments = ["--software", "--mode", "bounded", photos]
        gallery.environment = ProcessInfo.processInfo.environment.merging([
            "DISPLAY": display, "XDG_CACHE_HOME": folder.path("cache"), "XDG_DATA_HOME": folder.path("data"),
            // X11 only: SDL's offscreen fallback would open no window, and SDL's own error says why.
            "SDL_VIDEODRIVER": "x11",
        ]) { $1 }
        gallery.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        gallery.standardError = errors
        try gallery.run()
        defer {
            if gallery.isRunning { kill(gallery.processIdentifier, SIGKILL) }
            gallery.waitUntilExit()
        }
        let window = try Self.waitFor(seconds: 20) {
            let found = try Self.run("xdotool", ["search", "--class", "gallery"], display: display)
            return found.output.split(separator: "\n").last.map(String.init)
        }
        guard let id = window else {
            kill(gallery.processIdentifier, SIGKILL)
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            Issue.record("no gallery window appeared on \(display): \(said)")
            return
        }
        // Until the clipboard holds the path: the first presses may come before the window takes keys.
        let copied = try Self.waitFor(seconds: 20) { () -> String? in
            _ = try Self.run("xdotool", ["key", "--window", id, "ctrl+c"], display: display)
            let read = try Self.run("xclip", ["-o", "-selection", "clipboard"], display: display)
            return read.status == 0 && !read.output.isEmpty ? read.output : nil
        }
        #expect(copied == photo)
        #expect(gallery.isRunning, "the gallery owns the clipboard while it runs")
    }
}
