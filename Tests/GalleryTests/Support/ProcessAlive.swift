import Foundation

/// What `/proc` says is running: for tests that nothing the gallery started is left.
enum ProcessAlive {
    /// The command line of `pid` with spaces for NULs, or nil if it is gone (a zombie has an empty one: gone too).
    static func commandLine(of pid: Int32) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else { return nil }
        return String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            .trimmingCharacters(in: .whitespaces)
    }

    /// The processes whose command line contains `text`.
    static func pids(withCommandLine text: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { commandLine(of: $0)?.contains(text) == true }
    }

    /// The CPU time, in clock ticks, that the threads of `pid` whose name starts with `prefix` have used so far
    /// (`/proc/PID/task/TID/stat`: utime and stime, fields 14 and 15).
    static func cpuTicks(of pid: Int32, threadsNamed prefix: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            guard let name = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8),
                name.hasPrefix(prefix),
                let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return total }
            // After the name in parentheses: state is field 3, utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return total }
            return total + user + system
        }
    }
}
