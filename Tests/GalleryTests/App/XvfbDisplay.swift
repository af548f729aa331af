import Foundation
import Glibc
import Synchronization
import Testing

/// An Xvfb server of a test's own on a free display number, and the X programs the window tests drive on it (xdotool,
/// xclip), found on `PATH`. The server is killed when the value goes.
final class XvfbDisplay {
    /// The display's name, `:N`.
    let name: String
    private let server: Process

    /// Where `name` is found on `PATH`, nil when it is not.
    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Display numbers this test process has handed out: window tests run side by side in one process, and two
    /// picking the same free number before either server made its lock file would share one display.
    private static let handedOut = Mutex<Set<Int>>([])

    /// Starts Xvfb at 800 × 600 on a display number no server holds (neither its lock file nor its socket exists) and
    /// no other test of this process took, from this process's id so test runs side by side pick apart, and waits
    /// until it takes clients; a server that lost its number to another process's meanwhile is tried again on the next.
    init() throws {
        let start = 200 + Int(getpid() % 500)
        let executable = URL(fileURLWithPath: try #require(Self.executable("Xvfb")))
        for _ in 0..<5 {
            let number = try #require(
                Self.handedOut.withLock { handedOut in
                    let free = (start..<start + 100).first { !handedOut.contains($0) && Self.isFree($0) }
                    if let free { handedOut.insert(free) }
                    return free
                })
            let server = Process()
            server.executableURL = executable
            server.arguments = [":\(number)", "-screen", "0", "800x600x24", "-nolisten", "tcp"]
            server.standardOutput = FileHandle.nullDevice
            server.standardError = FileHandle.nullDevice
            try server.run()
            // Until a client connects: the socket's file exists a moment before the server accepts on it, and a
            // connection refused then would send SDL on to its offscreen driver. A server that exits (its number
            // was taken) is not waited for: the display answering then would be another's.
            let listening = try Self.waitFor(seconds: 20) { () -> Bool? in
                guard server.isRunning else { return false }
                return try Self.run("xdotool", ["getdisplaygeometry"], display: ":\(number)").status == 0 ? true : nil
            }
            if listening == true, server.isRunning {
                name = ":\(number)"
                self.server = server
                return
            }
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        throw XvfbError.noDisplay
    }

    /// Whether no live server holds display `number`: neither its lock file nor its socket exists, or the lock names a
    /// process gone (a server killed leaves both files; Xvfb takes such a number over).
    static func isFree(_ number: Int) -> Bool {
        guard let lock = try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8) else {
            return access("/tmp/.X11-unix/X\(number)", F_OK) != 0
        }
        guard let pid = Int32(lock.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0 else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Xvfb could not be started on a display of the test's own.
    enum XvfbError: Error {
        /// Five numbers tried, none kept.
        case noDisplay
    }

    deinit {
        // SIGKILL: the test process blocks SIGTERM (the gallery library's stop signals), and children inherit that.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        // Killed, it could not remove its lock and socket: the number is left as it was found.
        let number = name.dropFirst()
        unlink("/tmp/.X\(number)-lock")
        unlink("/tmp/.X11-unix/X\(number)")
    }

    /// Runs `tool` with `arguments` on the display to its end, `input` on its standard input; its standard output
    /// (bytes) and exit status.
    func runBytes(_ tool: String, _ arguments: [String], input: [UInt8]? = nil) throws -> (status: Int32, output: Data)
    {
        try Self.runBytes(tool, arguments, display: name, input: input)
    }

    /// `runBytes` on `display`.
    private static func runBytes(
        _ tool: String, _ arguments: [String], display name: String, input: [UInt8]? = nil
    ) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.executable(tool)))
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": name]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let feed = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : feed
        try process.run()
        if let input {
            feed.fileHandleForWriting.write(Data(input))
            try feed.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    /// `runBytes`, its output as text.
    func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try Self.run(tool, arguments, display: name)
    }

    /// `run` on `display`.
    private static func run(_ tool: String, _ arguments: [String], display: String) throws -> (
        status: Int32, output: String
    ) {
        let (status, output) = try runBytes(tool, arguments, display: display)
        return (status, String(decoding: output, as: UTF8.self))
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
}
