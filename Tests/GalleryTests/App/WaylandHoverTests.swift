import Foundation
import Glibc
import Testing

/// A pointer hovering over the real window on Wayland, in a headless sway driven by a virtual pointer
/// (`VirtualPointer`): every thread polling SDL's display connection wakes for every motion the compositor sends, so
/// the gallery's own threads must not poll it without need. Counted as each thread's voluntary context switches (one
/// each time it sleeps and is woken), named as the threads name themselves.
@Suite("A hovering pointer on Wayland", .serialized)
struct WaylandHoverTests {
    /// Each thread's voluntary context switches so far, by the thread's name (summed over threads of one name).
    static func wakeUps(of process: Process) throws -> [String: Int] {
        let tasks = "/proc/\(process.processIdentifier)/task"
        var counts: [String: Int] = [:]
        for thread in try FileManager.default.contentsOfDirectory(atPath: tasks) {
            guard let name = try? String(contentsOfFile: "\(tasks)/\(thread)/comm", encoding: .utf8),
                let status = try? String(contentsOfFile: "\(tasks)/\(thread)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }),
                let count = Int(line.split(separator: "\t").last ?? "")
            else { continue }  // a thread that ended meanwhile
            counts[name.trimmingCharacters(in: .whitespacesAndNewlines), default: 0] += count
        }
        return counts
    }

    @Test("250 pointer moves without a button do not wake the clipboard's thread")
    func hoverLeavesTheClipboardAsleep() throws {
        let session = try WaylandTouchpadTests.Session()
        let before = try Self.wakeUps(of: session.gallery)
        try #require(before["gallery-wl-clip"] != nil, "no clipboard thread: \(before.keys.sorted())")
        session.pointer.send((1...250).flatMap { ["move \(200 + $0) \(300 + $0 % 7)", "sleep 10"] })
        usleep(2_500_000 + 500_000)
        let after = try Self.wakeUps(of: session.gallery)
        let woken = (after["gallery-wl-clip"] ?? 0) - (before["gallery-wl-clip"] ?? 0)
        // Before: about two a move (woken by the motion in its poll, then by the read of whichever thread read last).
        #expect(woken <= 25, "the clipboard's thread woke \(woken) times for 250 moves")
    }
}
