import Foundation
import Testing

@testable import DecoderProcess
@testable import GalleryCore
@testable import Imaging
@testable import Support

/// The records a decoder answers with in place of what the viewer once parsed itself (a header, a date taken, a cached
/// thumbnail's texts): every number is held to its range as the wire's own width, before anything converts or
/// multiplies it, so a compromised decoder's 2^64 − 1 can neither trap the viewer nor size anything.
@Suite("Hostile decoder records")
struct HostileRecordTests {
    /// The sides the issue names: 0, 1, 2^31 − 1, 2^32 − 1, 2^64 − 1, and the largest a header may state, and one more.
    static let sides: [UInt64] = [0, 1, 1 << 31 - 1, 1 << 32 - 1, .max, 1 << 24, 1 << 24 + 1]

    @Test(
        "a header record's size is taken only when both sides are within 1…2^24, its area then exact", arguments: sides)
    func headerSides(side: UInt64) throws {
        for other in [UInt64(1), side] {
            let record = HeaderRecord.encoded(formatCode: 2, libraries: 0, width: side, height: other)
            let header = try #require(HeaderRecord.decoded(record))
            #expect(header.format == .png)
            let usable = (1...(1 << 24)).contains(side) && (1...(1 << 24)).contains(other)
            #expect((header.size != nil) == usable)
            if let size = header.size {
                #expect(size.width.multipliedReportingOverflow(by: size.height).overflow == false)
                #expect(UInt64(size.area) == side * other)
            }
        }
    }

    @Test(
        "a header record no decoder sends is refused whole",
        arguments: [
            (HeaderRecord.encoded(formatCode: 15, libraries: 0, width: 1, height: 1), "a format code past the last"),
            (HeaderRecord.encoded(formatCode: 255, libraries: 0, width: 1, height: 1), "format code 255"),
            (HeaderRecord.encoded(formatCode: 1, libraries: 1 << 5, width: 1, height: 1), "a library bit unknown"),
            (Array(HeaderRecord.encoded(formatCode: 1, libraries: 0, width: 1, height: 1).prefix(31)), "31 bytes"),
            ([UInt8](repeating: 0, count: 32), "no magic"),
            ([], "empty"),
        ])
    func headerRefused(record: [UInt8], what: String) {
        #expect(HeaderRecord.decoded(record) == nil, "\(what)")
    }

    @Test(
        "a date taken is taken only as seconds an EXIF date can state (years 0000 to 9999)",
        arguments: [
            (Int64(0), true), (1, true), (Int64(Int32.max), true), (Int64(UInt32.max), true),
            (253_402_300_799, true), (253_402_300_800, false), (-62_167_219_200, true), (-62_167_219_201, false),
            (.max, false), (.min, false),
        ] as [(Int64, Bool)])
    func takenDateRange(seconds: Int64, taken: Bool) {
        let answer = TakenDateRecord.decoded(TakenDateRecord.encoded(stated: 1, seconds: seconds))
        #expect((answer != nil) == taken)
        if taken { #expect(answer == .some(Int(seconds))) }
    }

    @Test("a date record says no date, or is refused for a flag no decoder sends")
    func takenDateFlags() {
        #expect(TakenDateRecord.decoded(TakenDateRecord.encoded(seconds: nil)) == .some(nil))
        #expect(TakenDateRecord.decoded(TakenDateRecord.encoded(stated: 2, seconds: 5)) == nil)
        #expect(TakenDateRecord.decoded(Array(TakenDateRecord.encoded(seconds: 5).prefix(15))) == nil)
    }

    @Test(
        "the order's key of any date a record may carry: no trap, the order kept past what nanoseconds hold",
        arguments: [
            TakenDateRecord.statedSeconds.lowerBound, -1, 0, 1, Int64(Int32.max), Int64(UInt32.max),
            TakenDateRecord.statedSeconds.upperBound,
        ])
    func takenDateKey(seconds: Int64) {
        let key = PhotoSort.nanoseconds(cameraSeconds: Int(seconds))
        let later = PhotoSort.nanoseconds(cameraSeconds: Int(seconds) + 86_400)
        #expect(key <= later)
    }

    @Test("a cached thumbnail's size is held to its folder's as stated, 64-bit", arguments: sides)
    func thumbnailSides(side: UInt64) throws {
        let facts = ThumbnailFacts(
            width: side, height: 1, uriDigest: nil, modifiedSeconds: nil, statesSize: false, byteCount: nil)
        let decoded = try #require(ThumbnailRecord.decoded(ThumbnailRecord.encoded(facts)))
        #expect(decoded == facts)
        #expect(ThumbnailCache.fits(decoded, in: .normal) == (1...128).contains(side))
    }

    @Test(
        "a cached thumbnail is valid only with its URI's digest, its MTime and its Size as 64-bit numbers",
        arguments: [
            (5, 9, true), (5, 10, false), (6, 9, false), (5, .max, false), (.max, 9, false), (.min, 9, false),
        ] as [(Int64, UInt64, Bool)])
    func thumbnailValidity(modified: Int64, size: UInt64, valid: Bool) {
        let key = ThumbnailKey(path: "/photos/a.jpg", workingDirectory: "/", modifiedSeconds: 5, byteCount: 9)
        let facts = ThumbnailFacts(
            width: 128, height: 96, uriDigest: MD5Digest.digest(of: Array(key.uri.utf8)), modifiedSeconds: modified,
            statesSize: true, byteCount: size)
        #expect(key.isValid(facts) == valid)
        var otherURI = facts
        otherURI.uriDigest = MD5Digest.digest(of: Array("file:///photos/b.jpg".utf8))
        #expect(!key.isValid(otherURI))
    }

    @Test("a thumbnail record with a flag no decoder sends, or a number without its size stated, is refused")
    func thumbnailRefused() {
        var record = ThumbnailRecord.encoded(
            ThumbnailFacts(width: 1, height: 1, uriDigest: nil, modifiedSeconds: nil, statesSize: true, byteCount: 3))
        record[4] = 0x10
        #expect(ThumbnailRecord.decoded(record) == nil)
        record[4] = 0x08
        #expect(ThumbnailRecord.decoded(record) == nil)
    }

    /// A stand-in decoder in Python: it reads one request and the reply memory sent with it, writes `record` into
    /// that memory, and replies in `format` with `byteCount` bytes.
    static func recordDecoder(record: [UInt8], format: UInt8, byteCount: Int) -> [String] {
        let bytes = record.map(String.init).joined(separator: ",")
        let script = """
            import os, socket, struct
            s = socket.socket(fileno=3)
            data, fds, flags, address = socket.recv_fds(s, 64, 2)
            os.pwrite(fds[-1], bytes([\(bytes)]), 0)
            reply = struct.pack("<IHBBiii4xQIIII", 0x50524447, 0, \(format), 0, 1, 1, \(byteCount), \(byteCount), \
            0, 0, 0, 0)
            socket.send_fds(s, [reply], [])
            s.recv(64)
            """
        return ["-c", script]
    }

    /// `request` answered by a stand-in decoder replying with `record`.
    static func ask(_ request: DecoderRequest, record: [UInt8], format: UInt8, byteCount: Int) throws
        -> Result<DecoderAnswer, DecoderFault>
    {
        let handle = try DecoderProcessHandle(
            executable: "/usr/bin/python3",
            arguments: recordDecoder(record: record, format: format, byteCount: byteCount))
        defer { handle.end() }
        return handle.exchange(request, descriptor: -1, deadline: 10)
    }

    static let headerRequest = DecoderRequest(
        kind: .header, boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0, fileExtension: "png")

    @Test("a stand-in decoder's header of 2^64 − 1 × 2^64 − 1 px comes through as a header stating no size")
    func hostileHeaderFromAProcess() throws {
        let record = HeaderRecord.encoded(formatCode: 2, libraries: 0, width: .max, height: .max)
        let answer = try Self.ask(
            Self.headerRequest, record: record, format: DecoderReply.headerRecordFormat,
            byteCount: HeaderRecord.byteCount)
        let bytes = try #require(try answer.get().encoded)
        let header = try #require(HeaderRecord.decoded(bytes))
        #expect(header.format == .png && header.size == nil)
    }

    @Test(
        "a stand-in decoder's record of the wrong kind or size is refused, and the process ended",
        arguments: [
            (DecoderReply.detailsRecordFormat, HeaderRecord.byteCount),  // details for a header
            (DecoderReply.headerRecordFormat, PhotoDetailsRecord.byteCount),  // a header of 320 bytes
            (DecoderReply.headerRecordFormat, 1 << 20),  // past the memory made for it
            (DecoderReply.encodedPNGFormat, HeaderRecord.byteCount),  // PNG bytes for a header
            (0, 4),  // pixels for a header
        ] as [(UInt8, Int)])
    func wrongRecordRefused(format: UInt8, byteCount: Int) throws {
        let record = HeaderRecord.encoded(formatCode: 1, libraries: 0, width: 10, height: 10)
        let answer = try Self.ask(Self.headerRequest, record: record, format: format, byteCount: byteCount)
        guard case .failure(.crashed) = answer else {
            Issue.record("a wrong record was taken: \(answer)")
            return
        }
    }

    @Test("an animation record's canvas is taken only with both sides within 1…2^24", arguments: sides)
    func animationCanvas(side: UInt64) {
        let record = AnimationRecord.encoded(width: side, height: 1, loopCount: 0, milliseconds: [100, 100])
        let clock = AnimationRecord.decoded(record)
        #expect((clock != nil) == (1...(1 << 24)).contains(side))
        if case .some(.some(let taken)) = clock {
            #expect(taken.canvas.width == Int(side) && taken.delays == [0.1, 0.1])
        }
    }

    @Test("an animation record of fewer than two frames is no animation; one whose count lies is refused")
    func animationFrames() {
        let one = AnimationRecord.encoded(width: 4, height: 4, loopCount: 0, milliseconds: [10])
        #expect(AnimationRecord.decoded(one) == .some(nil))
        var lying = AnimationRecord.encoded(width: 4, height: 4, loopCount: 0, milliseconds: [10, 10])
        lying[4] = 3  // says three frames, carries two
        #expect(AnimationRecord.decoded(lying) == nil)
        lying[4] = 0xFF
        lying[5] = 0xFF
        lying[6] = 0xFF
        lying[7] = 0xFF  // 2^32 − 1 frames
        #expect(AnimationRecord.decoded(lying) == nil)
        let slowest = AnimationRecord.encoded(width: 4, height: 4, loopCount: .max, milliseconds: [.max, .max])
        #expect(AnimationRecord.decoded(slowest)??.loopCount == Int(UInt32.max))
    }

    @Test("an animation record over the most frames, or not 4 bytes a frame, is refused before it is read")
    func animationRecordBounds() {
        let request = DecoderRequest(
            kind: .animationClock, boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0, fileExtension: "gif")
        func refused(_ bytes: Int, _ format: UInt8 = DecoderReply.animationRecordFormat) -> Bool {
            DecoderReply(failureCode: 0, format: format, byteCount: UInt64(bytes)).refusal(answering: request) != nil
        }
        #expect(!refused(32) && !refused(40) && !refused(AnimationRecord.mostByteCount))
        #expect(refused(33) && refused(31) && refused(AnimationRecord.mostByteCount + 4))
        #expect(refused(40, DecoderReply.headerRecordFormat))
    }
}
