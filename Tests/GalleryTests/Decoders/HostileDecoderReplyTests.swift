import Foundation
import Testing

@testable import DecoderProcess
@testable import Imaging

/// A compromised decoder's replies: the viewer holds every number in a reply to the request before it maps anything.
/// Found before: a byte count of 2^63 trapped the viewer, a memfd sealed against sealing and then cut short raised
/// SIGBUS in it, and a 16384 × 49152 reply in a sparse memfd drove it to 12.6 GB.
@Suite("Hostile decoder replies")
struct HostileDecoderReplyTests {
    /// A stand-in decoder in Python: it reads one request from descriptor 3 and sends the reply `reply` names, with a
    /// memfd of `memoryBytes` bytes (sparse), sealed as `seal` says and then cut to `cutTo` bytes if given.
    static func fakeDecoder(
        width: Int32, height: Int32, stride: Int32, byteCount: UInt64, memoryBytes: Int, sealSeals: Bool = false,
        cutTo: Int? = nil
    ) -> [String] {
        let script = """
            import os, socket, struct
            s = socket.socket(fileno=3)
            s.recv(64)
            fd = os.memfd_create("hostile", os.MFD_ALLOW_SEALING)
            os.ftruncate(fd, \(memoryBytes))
            os.pwrite(fd, b"\\xff" * 64, 0)
            if \(sealSeals ? "True" : "False"):
                import fcntl
                fcntl.fcntl(fd, 1033, 1)
            reply = struct.pack("<IHBBiii4xQIIII", 0x50524447, 0, 0, 0, \(width), \(height), \(stride), \
            \(byteCount), 0, 0, 0, 0)
            socket.send_fds(s, [reply], [fd])
            \(cutTo.map { "os.ftruncate(fd, \($0))" } ?? "")
            s.recv(64)
            """
        return ["-c", script]
    }

    static func ask(_ arguments: [String]) throws -> Result<DecoderAnswer, DecoderFault> {
        let handle = try DecoderProcessHandle(executable: "/usr/bin/python3", arguments: arguments)
        defer { handle.end() }
        let request = DecoderRequest(boxWidth: 64, boxHeight: 48, budgetBytes: 0, cpuSeconds: 0, fileExtension: "jpg")
        return handle.exchange(request, descriptor: -1, deadline: 10)
    }

    @Test("an honest reply of 64 × 48 pixels in a box of 64 × 48 is taken")
    func anHonestReplyIsTaken() throws {
        let answer = try Self.ask(
            Self.fakeDecoder(width: 64, height: 48, stride: 256, byteCount: 256 * 48, memoryBytes: 256 * 48))
        let pixels = try #require(try answer.get().pixels)
        #expect(pixels.width == 64 && pixels.height == 48)
    }

    @Test(
        "a reply out of range is refused before anything is mapped, and the decoder is ended",
        arguments: [
            // A byte count of 2^63: trapped the viewer's Int conversion.
            (Int32(64), Int32(48), Int32(256), UInt64(1) << 63, 256 * 48, "byte count"),
            // 16384 × 49152 in a sparse 3 GB memfd, for a box of 64 × 48.
            (16_384, 49_152, 65_536, UInt64(65_536) * 49_152, 65_536 * 49_152, "for a box"),
            // A stride too short for the width.
            (64, 48, 4, 4 * 48, 4 * 48, "stride"),
            // A byte count that is not the rows' bytes.
            (64, 48, 256, 1 << 30, 1 << 30, "stride"),
        ] as [(Int32, Int32, Int32, UInt64, Int, String)])
    func outOfRange(width: Int32, height: Int32, stride: Int32, byteCount: UInt64, memory: Int, says: String) throws {
        let answer = try Self.ask(
            Self.fakeDecoder(width: width, height: height, stride: stride, byteCount: byteCount, memoryBytes: memory))
        guard case .failure(.crashed(let why)) = answer else {
            Issue.record("a hostile reply was taken: \(answer)")
            return
        }
        #expect(why.contains(says), "\(why)")
    }

    @Test("memory sealed against sealing, then cut short, is refused instead of faulting (SIGBUS) in the viewer")
    func unsealableMemoryIsRefused() throws {
        let answer = try Self.ask(
            Self.fakeDecoder(
                width: 64, height: 48, stride: 256, byteCount: 256 * 48, memoryBytes: 256 * 48, sealSeals: true,
                cutTo: 0))
        guard case .failure(.crashed(let why)) = answer else {
            Issue.record("memory the sender may shrink was mapped: \(answer)")
            return
        }
        #expect(why.contains("not sealed"), "\(why)")
    }

    @Test(
        "the bounds of a reply, in pixels and bytes",
        arguments: [
            (64, 48, nil, 64, 48, 256, true),  // the box itself
            (64, 48, nil, 65, 48, 260, false),  // one column wider than the box
            (64, 48, [10, 10, 20, 10], 20, 10, 256, true),  // a region, rows a view of the box's
            (64, 48, [10, 10, 20, 10], 21, 10, 256, false),  // wider than the region
            (64, 48, nil, 0, 48, 256, false),  // empty
            (64, 48, nil, -1, 48, 256, false),  // negative
        ] as [(Int32, Int32, [Int32]?, Int32, Int32, Int32, Bool)])
    func bounds(
        boxWidth: Int32, boxHeight: Int32, region: [Int32]?, width: Int32, height: Int32, stride: Int32, taken: Bool
    ) {
        let request = DecoderRequest(
            boxWidth: boxWidth, boxHeight: boxHeight, region: region, budgetBytes: 0, cpuSeconds: 0, fileExtension: "")
        let reply = DecoderReply(
            failureCode: 0, width: width, height: height, stride: stride, format: 0,
            byteCount: UInt64(max(Int(stride) * Int(height), 1)))
        #expect((reply.refusal(answering: request) == nil) == taken, "\(reply.refusal(answering: request) ?? "")")
    }
}
