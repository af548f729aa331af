import Foundation
import GalleryCore
import PagerEngine
import Support
import Testing

@Suite("Trace writer")
struct TraceWriterTests {
    /// Records whose numbers are already at the written precision, so they read back equal.
    static func records(count: Int, frameMilliseconds: (Int) -> Double) -> [TraceRecord] {
        (0..<count).map { frame in
            TraceRecord(
                t: Double(frame + 1) / 64, mode: .endCaps, page: frame % 5, position: Double(frame % 5) + 0.25,
                phase: frame.isMultiple(of: 2) ? "settling" : "idle", slots: [4, 0, 1, 2, 3, 4, 0],
                textures: 3, textureBytes: 3 * 1280 * 720 * 4, frameMilliseconds: frameMilliseconds(frame),
                pages: 5, events: frame == 3 ? ["pageChanged:3"] : []
            )
        }
    }

    @Test("the file holds one line per record, in order, once closed", arguments: [0, 1, 7, 1000])
    func writesFile(count: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/trace.jsonl"
        let records = Self.records(count: count) { Double($0) * 0.5 }
        let writer = try TraceWriter(path: path, policy: OutputPolicy())
        for record in records { try writer.write(record) }
        try writer.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == records.map { $0.jsonLine + "\n" }.joined())
        #expect(try TraceReader.records(inFile: path) == records)
    }

    @Test("a writer released without close still leaves the whole trace")
    func flushesOnRelease() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/trace.jsonl"
        let records = Self.records(count: 3) { _ in 1 }
        do {
            let writer = try TraceWriter(path: path, policy: OutputPolicy())
            for record in records { try writer.write(record) }
        }
        #expect(try TraceReader.records(inFile: path) == records)
    }

    @Test(
        "a disk that fills part-way through a write leaves whole records only, and the error is thrown",
        arguments: [1, 300, 1000, 5000, 70_000])
    func fullDisk(room: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/trace.jsonl"
        let records = Self.records(count: 1000) { Double($0) * 0.5 }
        let writer = try TraceWriter(path: path, policy: OutputPolicy())
        // Room for `room` bytes, taken as a full disk takes them: part of a write, then ENOSPC.
        var left = room
        writer.systemWrite = { descriptor, bytes in
            guard left > 0 else {
                errno = ENOSPC
                return -1
            }
            let count = write(descriptor, bytes.baseAddress, min(bytes.count, left))
            left -= max(count, 0)
            return count
        }
        var failure: TraceError?
        do {
            for record in records { try writer.write(record) }
            try writer.close()
        } catch {
            failure = error
        }
        #expect(failure == .writeFailed(destination: path, reason: "No space left on device"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.isEmpty || text.hasSuffix("\n"), "a record cut mid-line: \(text.suffix(40))")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines == Array(records.prefix(lines.count).map(\.jsonLine)))
        #expect(text.utf8.count <= room)
    }

    @Test("opening a trace in a missing folder says why, and creates no folder")
    func reportsOpenFailure() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/no/such/trace.jsonl"
        #expect(throws: OutputError(role: "--trace", path: path, problem: .missingFolder(folder.path + "/no/such"))) {
            try TraceWriter(path: path, policy: OutputPolicy())
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/no"))
    }

    @Test("traces differing only in frame_ms compare equal once frame times are removed")
    func removesFrameTimes() {
        let first = Self.records(count: 20) { Double($0) * 0.125 }.map(\.jsonLine).joined(separator: "\n")
        let second = Self.records(count: 20) { 40 - Double($0) }.map(\.jsonLine).joined(separator: "\n")
        var moved = Self.records(count: 20) { Double($0) * 0.125 }
        moved[12].position += 0.000001
        let third = moved.map(\.jsonLine).joined(separator: "\n")

        #expect(first != second)
        #expect(TraceReader.removingFrameTimes(from: first) == TraceReader.removingFrameTimes(from: second))
        #expect(TraceReader.removingFrameTimes(from: first) != TraceReader.removingFrameTimes(from: third))
        #expect(!TraceReader.removingFrameTimes(from: first).contains("frame_ms"))
        #expect(TraceReader.removingFrameTimes(from: first).split(separator: "\n").count == 20)
    }
}
