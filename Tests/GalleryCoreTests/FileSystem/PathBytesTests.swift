import Foundation
import Glibc
import Support
import Testing

@testable import GalleryCore

/// Paths carried as their bytes: names that are not UTF-8 open, every other path is unchanged.
@Suite("Path bytes")
struct PathBytesTests {
    @Test(
        "any bytes come back exactly; valid UTF-8 is its own string",
        arguments: [
            [UInt8]("/photos/a.jpg".utf8), [UInt8]("/été/ü.jpg".utf8),
            Array("bad".utf8) + [0xFF, 0xFE] + Array("name.jpg".utf8),
            [0xE2, 0x82],  // A sequence cut short.
            [0xC0, 0xAF],  // An overlong slash.
            [0xED, 0xA0, 0x80],  // A surrogate.
            [0xF4, 0x8F, 0xBA, 0x80],  // Valid, but in the block that stands for bytes: escaped byte by byte.
            [0xF4, 0x90, 0x80, 0x80],  // Beyond U+10FFFF.
        ])
    func roundTrip(bytes: [UInt8]) {
        let path = PathBytes.string(fromBytes: bytes)
        #expect(PathBytes.bytes(of: path) == bytes)
        PathBytes.withSystemPath(path) {
            #expect(Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map(UInt8.init(bitPattern:)) == bytes)
        }
        if let valid = String(validating: bytes, as: UTF8.self), !bytes.starts(with: [0xF4, 0x8F]) {
            #expect(path == valid)
        }
    }

    @Test("10,000 random byte strings come back exactly")
    func randomRoundTrips() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let bytes = (0..<Int.random(in: 1...24, using: &generator)).map { _ in
                UInt8.random(in: 1...255, using: &generator)
            }
            #expect(PathBytes.bytes(of: PathBytes.string(fromBytes: bytes)) == bytes)
        }
    }

    @Test("a file whose name is not UTF-8 is listed and examined by its own bytes")
    func nonUTF8File() throws {
        let folder = try TemporaryFolder()
        let name: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array("name.jpg".utf8)
        let path = PathBytes.string(fromBytes: Array((folder.path + "/").utf8) + name)
        let descriptor = PathBytes.withSystemPath(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        #expect(try FileSystem.kind(atPath: path) == .regular)
        var listed: [String] = []
        try FileSystem.forEachEntry(inDirectory: folder.path) { bytes, _ in
            listed.append(PathBytes.string(fromBytes: bytes))
        }
        #expect(listed == [PathBytes.string(fromBytes: name)])
    }
}
