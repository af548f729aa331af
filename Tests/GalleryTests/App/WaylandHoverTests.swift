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

    /// The wake-ups of every thread over 250 moves of the virtual pointer, 10 ms apart, over the window at rest.
    static func wakeUpsOfHover(in session: WaylandTouchpadTests.Session) throws -> [String: Int] {
        // At rest: the information faded, then no wake-up in half a second (up to 10 s more).
        usleep(2_000_000)
        var last = try wakeUps(of: session.gallery)
        for _ in 0..<20 {
            usleep(500_000)
            let now = try wakeUps(of: session.gallery)
            if now == last { break }
            last = now
        }
        session.pointer.send((1...250).flatMap { ["move \(200 + $0) \(300 + $0 % 7)", "sleep 10"] })
        usleep(2_500_000 + 500_000)
        let after = try wakeUps(of: session.gallery)
        return after.reduce(into: [:]) { woken, thread in woken[thread.key] = thread.value - (last[thread.key] ?? 0) }
    }

    @Test("250 pointer moves without a button wake no thread of the gallery's but the main one, once a move at most")
    func hoverWakesOnlyTheMainThread() throws {
        let session = try WaylandTouchpadTests.Session()
        try #require(try Self.wakeUps(of: session.gallery)["gallery-wl-clip"] != nil, "no clipboard thread")
        let woken = try Self.wakeUpsOfHover(in: session)
        // Before: the pointer's and the clipboard's threads polled SDL's connection too, each woken twice a move (by
        // the motion in its poll, then by the read of whichever thread read last), and so was the main thread.
        let others = woken.filter { $0.key != "gallery" && $0.value > 0 }
        #expect(others.values.reduce(0, +) <= 25, "threads besides the main one woke for 250 moves: \(others)")
        // SDL's own reading of the connection: one wake-up a move, its only reader.
        let main = woken["gallery"] ?? 0
        #expect(main <= 375, "the main thread woke \(main) times for 250 moves")
    }
}
