import Glibc
import Support

/// Photo paths read from standard input (`-i`, as nsxiv's): one a line, or NUL-separated with `-0`. The input is
/// hostile: an entry longer than a path can be, or not UTF-8, or (one a line) with a control character, is skipped and
/// said; the whole input is bounded. NUL-separated entries may hold any other byte, a newline too, as names may. Paths that name nothing are the photo index's to skip, as on the command line.
public struct PathList: Sendable, Equatable {
    /// What separates the entries.
    public enum Separator: Sendable {
        /// `\n` (a `\r` before it is dropped, for lists written on Windows).
        case newline
        /// `\0` (`find -print0`), which allows any name.
        case nul
    }

    /// The longest entry taken, in bytes: Linux's PATH_MAX.
    public static let longestEntry = 4096
    /// The most input read, in bytes (a million paths of 256 bytes); more is refused.
    public static let largestInput = 256 << 20
    /// The most skipped entries described one by one; the rest are counted.
    public static let describedSkips = 10

    /// The paths, in input order.
    public var paths: [String] = []
    /// One line for each of the first `describedSkips` skipped entries: which, and why.
    public var skipMessages: [String] = []
    /// How many entries were skipped.
    public var skippedCount = 0

    /// The entries of `bytes`, parsed.
    public init(parsing bytes: [UInt8], separator: Separator) {
        let separatorByte: UInt8 = separator == .nul ? 0 : UInt8(ascii: "\n")
        var entryNumber = 0
        for raw in bytes.split(separator: separatorByte, omittingEmptySubsequences: false) {
            entryNumber += 1
            var entry = raw
            if separator == .newline, entry.last == UInt8(ascii: "\r") { entry = entry.dropLast() }
            if entry.isEmpty { continue }
            let problem: String? =
                if entry.count > Self.longestEntry {
                    "longer than \(Self.longestEntry) bytes"
                } else if separator == .newline, entry.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
                    "a control character in the name"
                } else if String(validating: entry, as: UTF8.self) == nil {
                    "not UTF-8"
                } else {
                    nil
                }
            guard let problem else {
                paths.append(String(decoding: entry, as: UTF8.self))
                continue
            }
            skippedCount += 1
            if skipMessages.count < Self.describedSkips {
                let unit = separator == .nul ? "entry" : "line"
                skipMessages.append("standard input, \(unit) \(entryNumber): \(problem) (skipped)")
            }
        }
        if skippedCount > skipMessages.count {
            skipMessages.append("standard input: \(skippedCount - skipMessages.count) more entries skipped")
        }
    }

    /// Why standard input could not be read.
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        /// More than `largestInput` bytes.
        case tooLong
        /// read(2) failed with this message.
        case failed(String)

        /// One line for the command line's error.
        public var description: String {
            switch self {
            case .tooLong: "standard input is longer than \(PathList.largestInput >> 20) MiB"
            case .failed(let reason): "standard input: \(reason)"
            }
        }
    }

    /// Reads `descriptor` to its end (at most `largestInput` bytes) and parses it.
    public static func read(descriptor: Int32, separator: Separator) throws(ReadError) -> PathList {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .failed(FileSystem.message(forErrorCode: errno))
            }
            guard bytes.count <= largestInput - count else { throw .tooLong }
            bytes += chunk[..<count]
        }
        return PathList(parsing: bytes, separator: separator)
    }
}

/// read(2), by a name `PathList.read` does not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
