import Glibc
import Testing

@testable import GalleryCore

@Suite("Paths on standard input (-i)")
struct PathListTests {
    @Test(
        "entries are split, empty ones dropped, bad ones skipped with their number and reason",
        arguments: [
            ("a.jpg\nb c.jpg\n", PathList.Separator.newline, ["a.jpg", "b c.jpg"], [String]()),
            ("a.jpg\r\n\n\nb.jpg", .newline, ["a.jpg", "b.jpg"], []),
            (
                "a\u{1B}[2J.jpg\nb.jpg\nc\td.jpg\n", .newline, ["b.jpg"],
                [
                    "standard input, line 1: a control character in the name (skipped)",
                    "standard input, line 3: a control character in the name (skipped)",
                ]
            ),
            ("two\nlines.jpg\0\0b.jpg\0", .nul, ["two\nlines.jpg", "b.jpg"], []),
            ("a.jpg\nb.jpg", .nul, ["a.jpg\nb.jpg"], []),
        ])
    func parses(input: String, separator: PathList.Separator, paths: [String], skips: [String]) {
        let list = PathList(parsing: Array(input.utf8), separator: separator)
        #expect(list.paths == paths)
        #expect(list.skipMessages == skips)
        #expect(list.skippedCount == skips.count)
    }

    @Test("an entry longer than PATH_MAX or not UTF-8 is skipped, in either separator")
    func longAndInvalid() {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: PathList.longestEntry + 1)
        let exact = [UInt8](repeating: UInt8(ascii: "y"), count: PathList.longestEntry)
        for (separator, byte) in [(PathList.Separator.newline, UInt8(ascii: "\n")), (.nul, 0)] {
            let list = PathList(parsing: long + [byte] + [0xC3, 0x28] + [byte] + exact, separator: separator)
            #expect(list.paths == [String(decoding: exact, as: UTF8.self)])
            #expect(list.skippedCount == 2)
            #expect(list.skipMessages.first?.hasSuffix("longer than 4096 bytes (skipped)") == true)
            #expect(list.skipMessages.last?.hasSuffix("not UTF-8 (skipped)") == true)
        }
    }

    @Test("past ten, skipped entries are counted, not listed one by one")
    func manySkips() {
        let list = PathList(parsing: Array(String(repeating: "\u{7}\n", count: 25).utf8), separator: .newline)
        #expect(list.skippedCount == 25)
        #expect(list.skipMessages.count == PathList.describedSkips + 1)
        #expect(list.skipMessages.last == "standard input: 15 more entries skipped")
    }

    @Test("reading stops with an error past the input bound, and reads a pipe to its end below it")
    func readsBounded() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let text = Array("p1.jpg\np2.jpg\n".utf8)
        _ = text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        #expect(try PathList.read(descriptor: ends[0], separator: .newline).paths == ["p1.jpg", "p2.jpg"])
        close(ends[0])
        let devZero = open("/dev/zero", O_RDONLY)
        defer { close(devZero) }
        #expect(throws: PathList.ReadError.tooLong) { try PathList.read(descriptor: devZero, separator: .nul) }
    }
}
