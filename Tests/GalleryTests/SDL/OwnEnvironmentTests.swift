import DecoderProcess
import Foundation
import Gallery
import GalleryCore
import Glibc
import Support
import Testing

extension SDLSerializedTests {
    /// What SDL's start sets for the gallery alone (no D-Bus autolaunch, no Compose table) stays out of what it starts.
    @Suite("The gallery's own environment")
    struct OwnEnvironmentTests {
        /// What `name` is in a shell the gallery starts, as an action or feed command is started.
        static func inChild(_ name: String) throws -> String? {
            let outcome = try Support.ChildProcess.run(
                shellCommand: "printf '%s\\n' \"${\(name)-unset}\"", timeout: 10, maxLines: 4
            ).get()
            return outcome.lines.first
        }

        @Test(
            "SDL's start sets XCOMPOSEFILE and the bus address for the gallery; a child sees the session's",
            arguments: ["XCOMPOSEFILE", "DBUS_SESSION_BUS_ADDRESS"])
        func childrenGetTheSessionsEnvironment(name: String) throws {
            // Where the session set one, it stays and children see it too: nothing to check here.
            let session = OwnEnvironment.childValue(of: name)
            try SDLTestSession.start()
            SDLSession.setOwnEnvironment()
            let own = getenv(name).map { String(cString: $0) }
            if let session {
                #expect(own == session)
                #expect(try Self.inChild(name) == session)
            } else {
                // No Compose table is skipped where SDL may use Wayland (`SDLSession.skipComposeTable`).
                let wayland = VideoDriverChoice.mayUseWayland(environment: ProcessInfo.processInfo.environment)
                let expected = name == "XCOMPOSEFILE" ? (wayland ? nil : "/dev/null") : "disabled:"
                #expect(own == expected)
                #expect(try Self.inChild(name) == "unset")
                #expect(OwnEnvironment.childValue(of: name) == nil)
            }
            // Everything else reaches the child as it is.
            #expect(try Self.inChild("PATH") == getenv("PATH").map { String(cString: $0) })
        }

        @Test("a decoder process starts without the Swift backtracer, and without the gallery's own variables")
        func decodersCrashAtOnce() throws {
            try SDLTestSession.start()
            let pool = DecoderPoolTests.pool(processCount: 1)
            defer { pool.shutdown() }
            let status = try pool.ask(DecoderPoolTests.probe(.status)).get()
            let pid = try #require(Int32(status.reply.texts.last ?? ""))
            let environment = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
                .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            #expect(environment.filter { $0.hasPrefix("SWIFT_BACKTRACE=") } == ["SWIFT_BACKTRACE=enable=no"])
            if OwnEnvironment.childValue(of: "XCOMPOSEFILE") == nil {
                #expect(!environment.contains { $0.hasPrefix("XCOMPOSEFILE=") })
            }
        }
    }
}
