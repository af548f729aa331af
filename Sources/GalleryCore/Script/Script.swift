import Support

/// A parsed headless script: events in time order (see docs/FORMATS.md).
public struct Script: Equatable, Sendable {
    /// The events, in non-decreasing `t`.
    public var events: [ScriptEvent]

    /// Creates a script from events already in time order.
    public init(events: [ScriptEvent]) {
        precondition(zip(events, events.dropFirst()).allSatisfy { $0.t <= $1.t }, "script events must be in time order")
        self.events = events
    }

    /// Parses JSON Lines; blank lines and lines starting with `#` or `//` are skipped, unknown fields are ignored.
    public static func parse(_ text: String) throws(ScriptError) -> Script {
        var events: [ScriptEvent] = []
        var previousLineNumber = 0
        for (offset, rawLine) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .enumerated()
        {
            let lineNumber = offset + 1
            let line = trimmed(Substring(rawLine), isFirstLine: offset == 0)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("//") { continue }
            let event = try ScriptEvent.parse(jsonLine: line, lineNumber: lineNumber)
            if let previous = events.last, event.t < previous.t {
                throw ScriptError(
                    line: lineNumber,
                    problem: .timeGoesBackwards(t: event.t, previous: previous.t, previousLine: previousLineNumber)
                )
            }
            events.append(event)
            previousLineNumber = lineNumber
        }
        return Script(events: events)
    }

    /// Reads and parses a script file; errors carry `path`.
    public static func load(path: String) throws(ScriptError) -> Script {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.contents(ofFile: path, maximumBytes: ScriptLimits.fileBytes)
        } catch {
            throw ScriptError(path: path, line: nil, problem: .unreadableFile(reason: error.reason))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ScriptError(path: path, line: nil, problem: .notUTF8)
        }
        do {
            return try parse(text)
        } catch {
            var located = error
            located.path = path
            throw located
        }
    }

    /// The script as JSON Lines, one event per line, which `parse` reads back to an equal script.
    public var jsonLines: String {
        events.map { $0.jsonLine + "\n" }.joined()
    }

    /// `line` without surrounding spaces, tabs and carriage returns (and a byte-order mark on the first line).
    private static func trimmed(_ line: Substring, isFirstLine: Bool) -> Substring {
        var line = line
        if isFirstLine, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        while let first = line.first, isBlank(first) { line.removeFirst() }
        while let last = line.last, isBlank(last) { line.removeLast() }
        return line
    }
}
