import Support

/// Reads traces back, for tests and tools; records are independent, so a trace is just its lines.
public enum TraceReader {
    /// The records of a whole trace; blank lines are skipped and errors name the line (from 1).
    public static func records(in text: String) throws(TraceError) -> [TraceRecord] {
        var records: [TraceRecord] = []
        for (offset, line) in lines(of: text).enumerated() where !line.isEmpty {
            do {
                records.append(try TraceRecord.parse(line: line))
            } catch {
                guard case .malformedLine(_, let reason) = error else { throw error }
                throw .malformedLine(line: offset + 1, reason: reason)
            }
        }
        return records
    }

    /// The records of a trace file.
    public static func records(inFile path: String) throws(TraceError) -> [TraceRecord] {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.contents(ofFile: path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadable(path: path, reason: "not UTF-8 text")
        }
        return try records(in: text)
    }

    /// The trace text with every `"frame_ms":…` member removed, so that two runs of one script compare byte for byte.
    public static func removingFrameTimes(from text: String) -> String {
        lines(of: text).map { removingFrameTime(from: $0) }.joined(separator: "\n")
    }

    private static func lines(of text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// Drops `,"frame_ms":<number>` (the writer never puts it first, and numbers contain no comma or brace).
    private static func removingFrameTime(from line: Substring) -> String {
        let key = ",\"frame_ms\":"
        guard let keyRange = line.firstRange(of: key) else { return String(line) }
        let valueEnd = line[keyRange.upperBound...].firstIndex(where: { $0 == "," || $0 == "}" }) ?? line.endIndex
        return String(line[..<keyRange.lowerBound] + line[valueEnd...])
    }
}
