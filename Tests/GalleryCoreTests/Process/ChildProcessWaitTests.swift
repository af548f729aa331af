import Foundation
import GalleryCore
import Support
import Testing

/// A child's run sleeps in one `poll(2)` until something happens: its output, its end, a cancellation. It used to wake
/// every 50 ms to ask, for as long as the command ran (an action may run for hours).
@Suite("Child process waits")
struct ChildProcessWaitTests {
    /// This thread's voluntary context switches so far, from `/proc/thread-self/status`.
    static func voluntarySwitches() throws -> Int {
        let status = try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") })
        return try #require(Int(line.split(separator: "\t").last.map(String.init) ?? ""))
    }

    @Test("a command that runs 0.6 s without output wakes the waiting thread a few times, not every 50 ms")
    func quietCommandCostsNoWakeUps() throws {
        let before = try Self.voluntarySwitches()
        let result = ChildProcess.run(shellCommand: "sleep 0.6", timeout: 10, maxLines: 10)
        let switches = try Self.voluntarySwitches() - before
        #expect((try? result.get())?.exitStatus == 0)
        // Waking every 50 ms would be at least 12.
        #expect(switches < 8, "\(switches) wake-ups")
    }

    @Test("a cancelled run ends its command at once, however long the command would run")
    func cancellationWakesTheRun() throws {
        let cancellation = CancellationSignal()
        let started = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { cancellation.cancel() }
        let result = ChildProcess.run(
            shellCommand: "sleep 1251.5", timeout: 60, maxLines: 10, cancellation: cancellation)
        let elapsed = Date().timeIntervalSince(started)
        #expect((try? result.get())?.exitStatus == nil)
        #expect(elapsed < 2, "\(elapsed) s")
    }
}
