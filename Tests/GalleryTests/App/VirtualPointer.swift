import Foundation
import Glibc
import Testing

/// A pointer device on a headless sway's seat through wlroots' virtual pointer protocol (Tests/Tools/virtual-pointer.c,
/// built here with the C compiler the package builds with): a touchpad's two-finger scroll and lift, a mouse's wheel,
/// button and motion. It joins the seat before the gallery starts, as a laptop's touchpad is there before a window,
/// and stays until `stop`. Commands are written to its standard input and carried out in order, with the sleeps they
/// name, so a gesture's timing is the tool's, not the test process's.
final class VirtualPointer {
    private let process = Process()
    private let input = Pipe()

    /// Builds the tool (once per test process) and adds its pointer to `sway`'s seat.
    init(sway: HeadlessSway) throws {
        process.executableURL = URL(fileURLWithPath: try Self.tool.get())
        process.arguments = ["\(HeadlessSway.size.width)", "\(HeadlessSway.size.height)"]
        process.environment = sway.clientEnvironment
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // WL_SEAT_CAPABILITY_POINTER.
        let seated = try sway.waitForSeat(capability: 1)
        try #require(seated, "the virtual pointer never joined sway's seat")
    }

    deinit { stop() }

    /// Sends `commands` (see the tool's source: move, scroll, stop, wheel, press, release, sleep), one per line.
    func send(_ commands: [String]) {
        input.fileHandleForWriting.write(Data((commands.joined(separator: "\n") + "\n").utf8))
    }

    /// Two fingers scrolling the content `steps` times by (dx, dy) surface units each, `milliseconds` apart, then
    /// resting (no lift).
    func scroll(dx: Double, dy: Double = 0, steps: Int, milliseconds: Int) {
        send((0..<steps).flatMap { _ in ["scroll \(dx) \(dy)", "sleep \(milliseconds)"] })
    }

    /// Ends the tool, which takes its pointer off the seat.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The tool's path, built from its source into a temporary file once per test process (Swift runs a static
    /// initialiser exactly once), or why it could not be built.
    private static let tool: Result<String, BuildFailure> = {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Tools/virtual-pointer.c").standardized.path
        guard let compiler = ["cc", "clang", "gcc"].lazy.compactMap({ HeadlessSway.executable($0) }).first else {
            return .failure(BuildFailure(reason: "no C compiler to build \(source) with"))
        }
        let output = NSTemporaryDirectory() + "gallery-virtual-pointer-\(getpid())"
        let build = Process()
        build.executableURL = URL(fileURLWithPath: compiler)
        build.arguments = ["-O1", "-Wall", "-Werror", "-o", output, source, "-lwayland-client"]
        do { try build.run() } catch { return .failure(BuildFailure(reason: "\(compiler): \(error)")) }
        build.waitUntilExit()
        guard build.terminationStatus == 0 else { return .failure(BuildFailure(reason: "could not build \(source)")) }
        return .success(output)
    }()

    /// Why the tool could not be built.
    struct BuildFailure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }
}
