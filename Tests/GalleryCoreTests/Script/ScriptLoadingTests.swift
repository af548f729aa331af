import Foundation
import GalleryCore
import Testing

@Suite("Script loading")
struct ScriptLoadingTests {
    @Test("a script file loads, and its errors carry the path")
    func loadsFileAndLocatesErrors() throws {
        let folder = try TemporaryFolder()
        let good = try folder.write("good.jsonl", "{\"t\":0,\"type\":\"quit\"}\n")
        #expect(try Script.load(path: good).events == [ScriptEvent(t: 0, command: .quit)])

        let bad = try folder.write("bad.jsonl", "\n{\"t\":0}\n")
        #expect(throws: ScriptError(path: bad, line: 2, problem: .missingField("type"))) {
            try Script.load(path: bad)
        }
    }

    @Test("unreadable files are reported with the system's reason")
    func reportsUnreadableFiles() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path + "/missing.jsonl"
        #expect(
            throws: ScriptError(path: missing, line: nil, problem: .unreadableFile(reason: "No such file or directory"))
        ) {
            try Script.load(path: missing)
        }
        #expect(throws: ScriptError(path: folder.path, line: nil, problem: .unreadableFile(reason: "Is a directory"))) {
            try Script.load(path: folder.path)
        }
        let latin1 = try folder.write("latin1.jsonl", bytes: [0x23, 0xE9, 0x0A])
        #expect(throws: ScriptError(path: latin1, line: nil, problem: .notUTF8)) {
            try Script.load(path: latin1)
        }
    }
}

@Suite("Script loading refuses what is not a bounded regular file")
struct ScriptLoadingBoundsTests {
    @Test("a FIFO is refused at once instead of blocking in open")
    func refusesFIFO() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/script.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(
            throws: ScriptError(
                path: fifo, line: nil, problem: .unreadableFile(reason: "not a regular file (a FIFO, device or socket)")
            )
        ) {
            try Script.load(path: fifo)
        }
    }

    @Test("a device is refused")
    func refusesDevice() {
        #expect(
            throws: ScriptError(
                path: "/dev/zero", line: nil,
                problem: .unreadableFile(reason: "not a regular file (a FIFO, device or socket)")
            )
        ) {
            try Script.load(path: "/dev/zero")
        }
    }

    @Test("a script larger than the limit is refused before it is read")
    func refusesHugeFile() throws {
        let folder = try TemporaryFolder()
        let huge = try folder.write("huge.jsonl")
        // A sparse file: its size is what is checked, so nothing is written or read.
        #expect(truncate(huge, off_t(ScriptLimits.fileBytes + 1)) == 0)
        #expect(
            throws: ScriptError(
                path: huge, line: nil, problem: .unreadableFile(reason: "larger than \(ScriptLimits.fileBytes) bytes")
            )
        ) {
            try Script.load(path: huge)
        }
    }
}
