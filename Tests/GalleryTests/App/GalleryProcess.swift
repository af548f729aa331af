import Foundation
import GalleryCore

/// Runs the built `gallery` executable headless, as a user or CI would, and reads back its trace and shots.
struct GalleryProcess {
    /// The executable beside the test bundle (`swift build --build-tests` builds both into one folder).
    static let executable: URL = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("gallery")
    }()

    /// What a run left behind.
    struct Output {
        var status: Int32
        var standardError: String
        var traceText: String
        var records: [TraceRecord]
        var folder: TemporaryDirectory

        /// The path of a shot the script asked for.
        func shot(_ name: String) -> String { folder.path("shots/\(name)") }
    }

    /// Which output stream `capture` keeps.
    enum Stream { case standardOutput, standardError }

    /// Runs `program` (`gallery` by default) with `arguments` (in `folder`, if given; this process's environment with
    /// `environment` over it, a nil value removing the variable) to its end; returns its status and what it wrote to
    /// `stream`, the other stream discarded.
    static func capture(
        _ arguments: [String], program: URL = executable, in folder: String? = nil, stream: Stream = .standardError,
        environment: [String: String?] = [:]
    ) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        if !environment.isEmpty {
            var merged = ProcessInfo.processInfo.environment
            for (name, value) in environment { merged[name] = value }
            process.environment = merged
        }
        let kept = Pipe()
        switch stream {
        case .standardOutput:
            process.standardOutput = kept
            process.standardError = FileHandle.nullDevice
        case .standardError:
            process.standardError = kept
            process.standardOutput = FileHandle.nullDevice
        }
        try process.run()
        let data = kept.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Writes `events` as a script, runs `gallery --headless` with `arguments`, and reads the trace; `whileRunning`
    /// runs on this thread once the process has started (to change the world under it). The shared thumbnail cache is
    /// `cache` in the run's folder unless `environment` names another `XDG_CACHE_HOME`, so no test writes the user's;
    /// the configuration file is read from `config/gallery/gallery.conf` there (`XDG_CONFIG_HOME`), never the user's.
    static func run(
        _ events: [String], arguments: [String], size: String = "320x240", environment: [String: String] = [:],
        in existing: TemporaryDirectory? = nil, whileRunning: () throws -> Void = {}
    ) throws -> Output {
        let folder = try existing ?? TemporaryDirectory()
        let script = folder.path("script.jsonl")
        // Scripts must be in time order; tests build them from pieces, so order them here (stably).
        let ordered = events.enumerated().sorted {
            (time(of: $0.element), $0.offset) < (time(of: $1.element), $1.offset)
        }
        try ordered.map(\.element).joined(separator: "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = executable
        process.arguments =
            [
                "--headless", "--size", size, "--script", script, "--trace", folder.path("trace.jsonl"),
                "--shots", folder.path("shots"),
            ] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_CACHE_HOME": folder.path("cache"), "XDG_CONFIG_HOME": folder.path("config")].merging(environment) {
                $1
            }
        ) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try whileRunning()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let traceText = (try? String(contentsOfFile: folder.path("trace.jsonl"), encoding: .utf8)) ?? ""
        let records = process.terminationStatus == 0 ? try TraceReader.records(in: traceText) : []
        return Output(
            status: process.terminationStatus, standardError: String(decoding: errorData, as: UTF8.self),
            traceText: traceText, records: records, folder: folder)
    }
}

/// The `t` of a script line.
private func time(of line: String) -> Double {
    guard let start = line.range(of: #""t":"#)?.upperBound else { return 0 }
    return Double(line[start...].prefix { "0123456789.-e".contains($0) }) ?? 0
}

/// Script lines, as the design writes them.
enum ScriptLine {
    static func down(_ t: Double, _ x: Double, _ y: Double = 120) -> String {
        #"{"t":\#(t),"type":"down","x":\#(x),"y":\#(y)}"#
    }
    static func move(_ t: Double, _ x: Double, _ y: Double = 120) -> String {
        #"{"t":\#(t),"type":"move","x":\#(x),"y":\#(y)}"#
    }
    static func up(_ t: Double, _ x: Double, _ y: Double = 120) -> String {
        #"{"t":\#(t),"type":"up","x":\#(x),"y":\#(y)}"#
    }
    static func key(_ t: Double, _ name: String) -> String { #"{"t":\#(t),"type":"key","key":"\#(name)"}"# }
    static func quit(_ t: Double) -> String { #"{"t":\#(t),"type":"quit"}"# }
    static func shot(_ t: Double, _ path: String) -> String { #"{"t":\#(t),"type":"shot","path":"\#(path)"}"# }

    /// A drag from `x0` to `x1` over `duration` seconds, one move per 1/120 s, released at the end.
    static func drag(at t0: Double, from x0: Double, to x1: Double, duration: Double) -> [String] {
        let steps = max(2, Int((duration * 120).rounded()))
        var lines = [down(t0, x0)]
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            lines.append(move(t0 + duration * f, x0 + (x1 - x0) * f))
        }
        lines.append(up(t0 + duration, x1))
        return lines
    }
}
