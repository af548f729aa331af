import Foundation
import Testing

@testable import DecoderProcess
@testable import Imaging

/// A compromised decoder's replies: the viewer holds every number in a reply to the request before it reads anything,
/// and reads only memory it made itself. Found before: a byte count of 2^63 trapped the viewer, a memfd of the
/// decoder's own sealed against sealing and then cut short raised SIGBUS in it, and a 16384 × 49152 reply in a sparse
/// memfd drove it to 12.6 GB.
@Suite("Hostile decoder replies")
struct HostileDecoderReplyTests {
    /// A stand-in decoder in Python: it reads one request and the reply memory sent with it from descriptor 3, writes
    /// 64 bytes into that memory, tries to cut it to `cutTo` bytes (or to grow it) if given, and sends the reply
    /// numbers given, with a memfd of its own when `ownMemory`.
    static func fakeDecoder(
        width: Int32, height: Int32, stride: Int32, byteCount: UInt64, slot: Int = 0, ownMemory: Bool = false,
        cutTo: Int? = nil
    ) -> [String] {
        let script = """
            import os, socket, struct, sys
            s = socket.socket(fileno=3)
            data, fds, flags, address = socket.recv_fds(s, 64, 2)
            memory = fds[-1]
            os.pwrite(memory, b"\\xff" * 64, 0)
            extra = []
            if \(cutTo != nil ? "True" : "False"):
                for size in [\(cutTo ?? 0), 1 << 34]:
                    try:
                        os.ftruncate(memory, size)
                        sys.exit(3)
                    except PermissionError:
                        pass
            if \(ownMemory ? "True" : "False"):
                own = os.memfd_create("hostile")
                os.ftruncate(own, 1 << 30)
                extra = [own]
            reply = struct.pack("<IHBBiii4xQIIII", 0x50524447, 0, 0, \(slot), \(width), \(height), \(stride), \
            \(byteCount), 0, 0, 0, 0)
            socket.send_fds(s, [reply], extra)
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

    @Test("an honest reply of 64 × 48 pixels in a box of 64 × 48 is taken, from the viewer's own memory")
    func anHonestReplyIsTaken() throws {
        let answer = try Self.ask(
            Self.fakeDecoder(width: 64, height: 48, stride: 256, byteCount: 256 * 48, slot: 1))
        let pixels = try #require(try answer.get().pixels)
        #expect(pixels.width == 64 && pixels.height == 48)
        #expect(pixels.pixel(x: 0, y: 0) == 0xFFFF_FFFF)
    }

    @Test(
        "a reply out of range is refused before anything is read, and the decoder is ended",
        arguments: [
            // A byte count of 2^63: trapped the viewer's Int conversion.
            (Int32(64), Int32(48), Int32(256), UInt64(1) << 63, 1, "byte count"),
            // 16384 × 49152 for a box of 64 × 48.
            (16_384, 49_152, 65_536, UInt64(65_536) * 49_152, 1, "reply's memory"),
            // A stride too short for the width.
            (64, 48, 4, 4 * 48, 1, "stride"),
            // A byte count over the memory the viewer made.
            (64, 48, 256, 1 << 30, 1, "reply's memory"),
            // A slot other than the one the request named.
            (64, 48, 256, 256 * 48, 2, "slot 2"),
        ] as [(Int32, Int32, Int32, UInt64, Int, String)])
    func outOfRange(width: Int32, height: Int32, stride: Int32, byteCount: UInt64, slot: Int, says: String) throws {
        let answer = try Self.ask(
            Self.fakeDecoder(width: width, height: height, stride: stride, byteCount: byteCount, slot: slot))
        guard case .failure(.crashed(let why)) = answer else {
            Issue.record("a hostile reply was taken: \(answer)")
            return
        }
        #expect(why.contains(says), "\(why)")
    }

    @Test("a reply bringing memory of the decoder's own is refused: the viewer maps only what it made")
    func memoryOfTheDecodersOwnIsRefused() throws {
        let answer = try Self.ask(
            Self.fakeDecoder(width: 64, height: 48, stride: 256, byteCount: 256 * 48, slot: 1, ownMemory: true))
        guard case .failure(.crashed(let why)) = answer else {
            Issue.record("a decoder's own memory was taken: \(answer)")
            return
        }
        #expect(why.contains("descriptor"), "\(why)")
    }

    @Test("the decoder cannot cut short or grow the viewer's memory: the reply is read whole, no SIGBUS")
    func theViewersMemoryCannotBeResized() throws {
        let answer = try Self.ask(
            Self.fakeDecoder(width: 64, height: 48, stride: 256, byteCount: 256 * 48, slot: 1, cutTo: 0))
        let pixels = try #require(try answer.get().pixels)
        #expect(pixels.pixel(x: 0, y: 47) == 0 && pixels.pixel(x: 15, y: 0) == 0xFFFF_FFFF)
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
