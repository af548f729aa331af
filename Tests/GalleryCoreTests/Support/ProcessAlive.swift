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
}
