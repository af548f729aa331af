import Foundation
import Glibc
import Testing

/// A headless sway (wlroots, pixman renderer, no input devices, no Xwayland) on a runtime folder of its own, for tests
/// that open the real window on Wayland; `grim` reads its pixels, `wtype` types, `swaymsg` reads its window tree.
///
/// wlroots refuses to run as root, so as root sway runs as the unprivileged user `gallery-wayland` (created if
/// missing), which owns the runtime folder (mode 0700). Root's own clients (the gallery, grim, wtype) reach its
/// socket all the same. Every tool is required: `make deps` installs them, and a test that cannot run fails.
final class HeadlessSway {
    /// The user sway runs as when the tests run as root.
    static let user = "gallery-wayland"
    /// The output's size in pixels: the gallery's window fills it (tiled, no border).
    static let size = (width: 800, height: 600)

    /// The compositor process.
    let process = Process()
    /// The `wtype` holding a keyboard on sway's seat (`holdKeyboard`).
    let keyboard = Process()
    /// Its `XDG_RUNTIME_DIR`, holding its Wayland and IPC sockets.
    let runtimeDirectory: String
    /// The Wayland socket's name in `runtimeDirectory` (`WAYLAND_DISPLAY`).
    private(set) var display = ""
    /// sway's log, for the messages of a failed test.
    let logPath: String

    /// Where `name` is found on `PATH` (or in /usr/sbin, where useradd lives), nil when it is not.
    static func executable(_ name: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Starts sway with its output at `resolution` pixels and `scale` (sway's `output … scale`: 2 is HiDPI, 1.5 a
    /// fractional scale) and waits until grim can read its output.
    init(resolution: (width: Int, height: Int) = size, scale: Double = 1) throws {
        for tool in ["sway", "swaymsg", "grim", "wtype"] {
            _ = try #require(Self.executable(tool), "\(tool) is not installed: `make deps` installs it")
        }
        var template = Array("/tmp/gallery-sway-XXXXXX".utf8CString)
        runtimeDirectory = try #require(mkdtemp(&template).map { String(cString: $0) })
        logPath = runtimeDirectory + ".log"
        var command = [try #require(Self.executable("sway"))]
        if getuid() == 0 {
            let (uid, gid) = try Self.unprivilegedUser()
            try #require(chown(runtimeDirectory, uid, gid) == 0, "chown \(runtimeDirectory)")
            command =
                [
                    try #require(Self.executable("setpriv")), "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups",
                    "--",
                ] + command
        }
        chmod(runtimeDirectory, 0o700)
        let config = runtimeDirectory + "/config"
        try """
        xwayland disable
        output HEADLESS-1 resolution \(resolution.width)x\(resolution.height) scale \(scale)
        default_border none
        focus_follows_mouse no
        """.write(toFile: config, atomically: false, encoding: .utf8)
        chmod(config, 0o644)
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + ["-c", config]
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": runtimeDirectory, "XDG_RUNTIME_DIR": runtimeDirectory,
            "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
        ]
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let logFile = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardOutput = logFile
        process.standardError = logFile
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try? logFile.close()  // sway has its own copy.
        // The socket's file exists a moment before sway draws its first frame: until grim reads one.
        let started = try Self.waitFor(seconds: 60) { [self] () -> String? in
            guard process.isRunning else { return "" }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
            guard let socket = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }) else {
                return nil
            }
            display = socket
            return try run("grim", ["-t", "ppm", "-"]).status == 0 ? socket : nil
        }
        guard let started, !started.isEmpty else {
            stop()
            Issue.record("sway did not start: \(log())")
            throw CancellationError()
        }
        try holdKeyboard()
    }

    /// A virtual keyboard that stays, as a desktop's keyboard does: each `wtype` adds its own only while it runs, and a
    /// window opened while the seat had none crashed in SDL 2.26's keyboard handler (in xkbcommon, on the first key),
    /// as in SDL's issue 9022 (a modifiers event before any keymap). A desktop's keyboard is there before the window.
    private func holdKeyboard() throws {
        keyboard.executableURL = URL(fileURLWithPath: try #require(Self.executable("wtype")))
        keyboard.arguments = ["-k", "F24", "-s", "3600000"]  // One key nobody binds, then an hour's wait.
        keyboard.environment = clientEnvironment
        keyboard.standardOutput = FileHandle.nullDevice
        keyboard.standardError = FileHandle.nullDevice
        keyboard.standardInput = FileHandle.nullDevice
        try keyboard.run()
        // WL_SEAT_CAPABILITY_KEYBOARD.
        let seated = try waitForSeat(capability: 2)
        try #require(seated, "the virtual keyboard never joined sway's seat")
    }

    deinit { stop() }

    /// Waits up to 30 s for sway's seat to have `capability` (`WL_SEAT_CAPABILITY_*`: 1 a pointer, 2 a keyboard);
    /// whether it came.
    func waitForSeat(capability: Int) throws -> Bool {
        let seated = try Self.waitFor(seconds: 30) { [self] () -> Bool? in
            let seats = try run("swaymsg", ["-t", "get_seats", "--raw"])
            guard seats.status == 0,
                let list = try? JSONSerialization.jsonObject(with: seats.output) as? [[String: Any]]
            else { return nil }
            return list.contains { (($0["capabilities"] as? Int) ?? 0) & capability != 0 } ? true : nil
        }
        return seated == true
    }

    /// Ends the keyboard and sway (SIGKILL: the test process blocks SIGTERM, and children inherit that) and removes
    /// sway's folder.
    func stop() {
        if keyboard.isRunning {
            kill(keyboard.processIdentifier, SIGKILL)
            keyboard.waitUntilExit()
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
        try? FileManager.default.removeItem(atPath: logPath)
    }

    /// The last lines sway logged.
    func log() -> String {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(15).joined(separator: "\n")
    }

    /// The environment a Wayland client needs to reach this compositor, and nothing else.
    var clientEnvironment: [String: String] { ["WAYLAND_DISPLAY": display, "XDG_RUNTIME_DIR": runtimeDirectory] }

    /// Runs a Wayland client `tool` with `arguments` to its end, with `clientEnvironment` (and sway's IPC socket).
    func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.executable(tool)))
        process.arguments = arguments
        var environment = clientEnvironment
        environment["PATH"] = "/usr/bin:/bin"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
        if let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") }) {
            environment["SWAYSOCK"] = runtimeDirectory + "/" + ipc
        }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    /// The whole output, as grim reads it.
    func screenshot() throws -> Screenshot {
        let result = try run("grim", ["-t", "ppm", "-"])
        try #require(result.status == 0, "grim failed")
        return try #require(Screenshot(ppm: result.output), "grim wrote no binary PPM")
    }

    /// The toplevel window of process `pid` in sway's tree: its title, app id and shell ("xdg_shell" for a native
    /// Wayland window, "xwayland" for an X11 one); nil while it has none.
    func window(of pid: pid_t) throws -> (title: String, appID: String, shell: String)? {
        let tree = try run("swaymsg", ["-t", "get_tree", "--raw"])
        guard tree.status == 0, let root = try? JSONSerialization.jsonObject(with: tree.output) else { return nil }
        var stack: [Any] = [root]
        while let node = stack.popLast() as? [String: Any] {
            if (node["pid"] as? Int) == Int(pid) {
                return (node["name"] as? String ?? "", node["app_id"] as? String ?? "", node["shell"] as? String ?? "")
            }
            stack += (node["nodes"] as? [Any] ?? []) + (node["floating_nodes"] as? [Any] ?? [])
        }
        return nil
    }

    /// The uid and gid of `user`, created (a system user with no home and no shell) if missing.
    private static func unprivilegedUser() throws -> (uid_t, gid_t) {
        if getpwnam(user) == nil {
            let add = Process()
            add.executableURL = URL(fileURLWithPath: try #require(executable("useradd"), "useradd is missing"))
            add.arguments = [
                "--system", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", user,
            ]
            try add.run()
            add.waitUntilExit()
            // Another test run may have added it meanwhile: what counts is that it exists now.
        }
        let entry = try #require(getpwnam(user), "could not create the user \(user) for sway")
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    /// Asks `poll` again until it gives a value or `seconds` of the monotonic clock pass.
    static func waitFor<Value>(seconds: Double, _ poll: () throws -> Value?) rethrows -> Value? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            if let value = try poll() { return value }
            if ContinuousClock.now > deadline { return nil }
            usleep(50_000)
        }
    }
}

/// An RGB screenshot, from grim's binary PPM.
struct Screenshot: Equatable {
    /// Width and height in pixels.
    let width: Int, height: Int
    /// Rows of RGB triples.
    let rgb: [UInt8]

    /// Parses a binary PPM with a maximum value of 255 ("P6", width, height, 255, then the pixels).
    init?(ppm: Data) {
        let bytes = [UInt8](ppm)
        var fields: [Int] = []
        var index = 2
        guard bytes.starts(with: Array("P6".utf8)) else { return nil }
        while fields.count < 3, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) { index += 1 }
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        index += 1  // The one whitespace byte before the pixels.
        guard fields.count == 3, fields[2] == 255, bytes.count - index == fields[0] * fields[1] * 3 else { return nil }
        (width, height, rgb) = (fields[0], fields[1], Array(bytes[index...]))
    }

    /// The pixel at `x`, `y`.
    func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let offset = (y * width + x) * 3
        return (Int(rgb[offset]), Int(rgb[offset + 1]), Int(rgb[offset + 2]))
    }

    /// The share of pixels (every third row and column) for which `test` holds; `test` gets the pixel here and the
    /// one at the same place in `other` (this screenshot when nil).
    func share(
        comparedWith other: Screenshot? = nil,
        where test: (_ here: (r: Int, g: Int, b: Int), _ there: (r: Int, g: Int, b: Int)) -> Bool
    ) -> Double {
        let other = other ?? self
        guard width == other.width, height == other.height else { return 0 }
        var (hits, count) = (0, 0)
        for y in stride(from: 0, to: height, by: 3) {
            for x in stride(from: 0, to: width, by: 3) {
                if test(pixel(x: x, y: y), other.pixel(x: x, y: y)) { hits += 1 }
                count += 1
            }
        }
        return Double(hits) / Double(max(count, 1))
    }

    /// The share of pixels (every third row and column) that differ from `other`'s by more than 24 in a channel.
    func differingShare(from other: Screenshot) -> Double {
        guard width == other.width, height == other.height else { return 1 }
        return share(comparedWith: other) { a, b in max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) > 24 }
    }
}
