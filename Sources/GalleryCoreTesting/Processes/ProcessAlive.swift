import Glibc

/// What `/proc` says is running: for tests that nothing the gallery started is left, and that a decode is under way.
package enum ProcessAlive {
    /// The command line of `pid` with spaces for NULs, or nil if it is gone (a zombie has an empty one: gone too).
    package static func commandLine(of pid: Int32) -> String? {
        guard let bytes = contents(of: "/proc/\(pid)/cmdline"), !bytes.isEmpty else { return nil }
        let text = String(decoding: bytes.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        return String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The processes whose command line contains `text`.
    package static func pids(withCommandLine text: String) -> [Int32] {
        entries(of: "/proc").compactMap(Int32.init).filter { commandLine(of: $0)?.contains(text) == true }
    }

    /// The CPU time, in clock ticks, that the threads of `pid` whose name starts with `prefix` have used so far
    /// (`/proc/PID/task/TID/stat`: utime and stime, fields 14 and 15).
    package static func cpuTicks(of pid: Int32, threadsNamed prefix: String) -> Int {
        entries(of: "/proc/\(pid)/task").reduce(0) { total, task in
            guard let name = contents(of: "/proc/\(pid)/task/\(task)/comm"),
                String(decoding: name, as: UTF8.self).hasPrefix(prefix),
                let statBytes = contents(of: "/proc/\(pid)/task/\(task)/stat")
            else { return total }
            let stat = String(decoding: statBytes, as: UTF8.self)
            guard let close = stat.lastIndex(of: ")") else { return total }
            // After the name in parentheses: state is field 3, utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return total }
            return total + user + system
        }
    }

    /// The names in folder `path`, "." and ".." aside; none when it cannot be read.
    private static func entries(of path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The whole of a small file (a `/proc` entry), or nil when it cannot be read.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes += chunk[0..<count]
        }
    }
}
