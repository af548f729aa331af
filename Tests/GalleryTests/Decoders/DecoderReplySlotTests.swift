import Foundation
import GalleryCore
import GalleryTesting
import Glibc
import Support
import Testing

@testable import DecoderProcess
@testable import Gallery
@testable import Imaging

extension SDLSerializedTests {
    /// The reply slots: memory a decoder process and the viewer map once and recycle, never written while the viewer
    /// holds it.
    @Suite struct DecoderReplySlotTests {
        init() throws {
            _ = try SDLTestSession.start()
        }

        /// The answer to a decode of `path` fitted to 320 × 240, straight from the pool (its reply as sent).
        static func answer(_ path: String, pool: DecoderPool) throws -> DecoderAnswer {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            defer { close(descriptor) }
            let request = DecoderRequest(
                boxWidth: 320, boxHeight: 240, budgetBytes: 0, cpuSeconds: 0, fileExtension: "jpg")
            return try pool.decode(descriptor: descriptor, request: request).get()
        }

        @Test func requestsAndRepliesCarryTheirSlots() throws {
            var request = DecoderRequest(boxWidth: 1, boxHeight: 1, budgetBytes: 0, cpuSeconds: 0, fileExtension: "")
            request.replySlot = 3
            request.carriesReplyMemory = true
            request.libraries = .all
            let decoded = try #require(DecoderRequest(decoding: request.encoded))
            #expect(decoded.replySlot == 3 && decoded.carriesReplyMemory)
            #expect(decoded.libraries == .all)
            var reply = DecoderReply(failureCode: 0, width: 2, height: 3, stride: 64, format: 1, byteCount: 192)
            reply.slot = 3
            #expect(DecoderReply(decoding: reply.encoded)?.slot == 3)
        }

        /// Photo after photo, each let go of before the next: one slot, mapped once (the same address every time).
        @Test func aSteadyStreamOfPhotosReusesOneMapping() throws {
            let folder = try TemporaryDirectory()
            let paths = try DecoderPoolTests.photos(3, in: folder)
            let pool = DecoderPoolTests.pool()
            defer { pool.shutdown() }
            var addresses: Set<UnsafeMutableRawPointer> = []
            var slots: Set<UInt8> = []
            for path in paths + paths {
                let answer = try Self.answer(path, pool: pool)
                let pixels = try #require(answer.pixels)
                addresses.insert(pixels.storage.bytes)
                slots.insert(answer.reply.slot)
            }
            #expect(addresses.count == 1)
            #expect(slots == [1])
        }

        /// Pictures held at once each keep their own memory and colour: the decoder writes only slots the viewer
        /// let go of, and with every slot held the reply comes in memory of its own. A slot let go of is used again.
        @Test func aHeldSlotIsNeverWrittenAndAReleasedOneIsRecycled() throws {
            let folder = try TemporaryDirectory()
            let count = DecoderRequest.slotCount + 1
            let paths = try DecoderPoolTests.photos(count, in: folder)
            let pool = DecoderPoolTests.pool()
            defer { pool.shutdown() }
            var held: [DecoderAnswer] = []
            var colours: [UInt32] = []
            for path in paths {
                let answer = try Self.answer(path, pool: pool)
                held.append(answer)
                colours.append(try #require(answer.pixels).pixel(x: 5, y: 5))
            }
            #expect(held.map(\.reply.slot) == Array(1...UInt8(DecoderRequest.slotCount)) + [0])
            #expect(Set(held.map { $0.pixels!.storage.bytes }).count == count)
            #expect(held.map { $0.pixels!.pixel(x: 5, y: 5) } == colours)
            #expect(Set(colours).count == count)
            // Slot 2 let go of: the next photo is written there, the others untouched.
            let address = held[1].pixels!.storage.bytes
            held.remove(at: 1)
            colours.remove(at: 1)
            let next = try Self.answer(paths[1], pool: pool)
            #expect(next.reply.slot == 2)
            #expect(next.pixels?.storage.bytes == address)
            #expect(held.map { $0.pixels!.pixel(x: 5, y: 5) } == colours)
        }

        /// A decoder killed mid-decode leaves the pictures it sent intact (the viewer's mappings outlive it), and the
        /// photo is decoded again by a new process.
        @Test func aCrashMidDecodeLeavesHeldPicturesAndRetries() throws {
            let folder = try TemporaryDirectory()
            let paths = try DecoderPoolTests.photos(2, in: folder)
            let pool = DecoderPoolTests.pool()
            defer { pool.shutdown() }
            let first = try Self.answer(paths[0], pool: pool)
            let colour = try #require(first.pixels).pixel(x: 5, y: 5)
            let sent = LockedState(0)
            pool.afterSending = { pid in
                if sent.withLock({ count in
                    count += 1
                    return count
                }) == 1 {
                    kill(pid, SIGKILL)
                }
            }
            // The pool's one process stopped before the request reaches it: a 64×48 photo decodes in well under a
            // millisecond, and its reply could come before the kill after sending (seen once in CI).
            #expect(pool.idleProcessIDs == [first.processID])
            kill(first.processID, SIGSTOP)
            let second = try Self.answer(paths[1], pool: pool)
            #expect(sent.withLock { $0 } == 2)
            #expect(second.processID != first.processID)
            #expect(second.pixels?.pixel(x: 5, y: 5) != colour)
            #expect(first.pixels?.pixel(x: 5, y: 5) == colour)
        }

        /// The viewer's side makes each slot's memory, lends it to one picture at a time, and refuses a reply naming a
        /// slot it holds or never made.
        @Test func theViewerRefusesAHeldOrUnknownSlot() throws {
            let slots = ReplySlots()
            #expect(throws: PixelBufferError.self) { try slots.lend(0, byteCount: 64) }
            guard case .slot(let index, let send) = try slots.place(byteCount: 4096) else {
                Issue.record("a 4096-byte reply was not given a slot")
                return
            }
            #expect(index == 0 && send >= 0)
            // The same size again: the slot's memory, already the decoder's, is not sent again.
            guard case .slot(0, -1) = try slots.place(byteCount: 4000) else {
                Issue.record("a free slot's memory was not reused")
                return
            }
            let decoder = try PixelStorage.mapWritable(sharedMemory: dup(send), byteCount: 4096)
            var lent: PixelStorage? = try slots.lend(0, byteCount: 4096)
            #expect(slots.isHeld(0))
            #expect(throws: PixelBufferError.self) { try slots.lend(0, byteCount: 64) }
            // A held slot is not a place for the next reply.
            guard case .slot(1, let other) = try slots.place(byteCount: 4096), other >= 0 else {
                Issue.record("a held slot was offered")
                return
            }
            decoder.bytes.storeBytes(of: 0xAB, as: UInt8.self)
            #expect(lent?.bytes.load(as: UInt8.self) == 0xAB)
            lent = nil
            #expect(!slots.isHeld(0))
            #expect(throws: Never.self) { try slots.lend(0, byteCount: 4096) }
            // A thumbnail's PNG, or a reply over the slots' limit: memory of its own.
            guard case .own = try slots.place(byteCount: 4096, ownMemory: true),
                case .own = try slots.place(byteCount: DecoderReply.slotByteLimit + 1)
            else {
                Issue.record("a PNG or a large reply was given a slot")
                return
            }
        }

        /// A picture let go of frees its slot's pages in both processes (they stayed resident until the slot's next
        /// reply), and the slot, kept mapped on both sides, carries the next reply as before.
        @Test(arguments: [4096, 3 << 20])
        func aReleasedSlotFreesItsPages(byteCount: Int) throws {
            let slots = ReplySlots()
            guard case .slot(0, let send) = try slots.place(byteCount: byteCount), send >= 0 else {
                Issue.record("no slot for a \(byteCount)-byte reply")
                return
            }
            let decoder = try PixelStorage.mapWritable(sharedMemory: dup(send), byteCount: byteCount)
            func residentBytes() -> Int {
                var status = stat()
                return fstat(send, &status) == 0 ? Int(status.st_blocks) * 512 : -1
            }
            memset(decoder.bytes, 0xAB, byteCount)
            var lent: PixelStorage? = try slots.lend(0, byteCount: byteCount)
            #expect(residentBytes() >= byteCount)
            #expect(lent?.bytes.load(fromByteOffset: byteCount - 1, as: UInt8.self) == 0xAB)
            lent = nil
            #expect(residentBytes() == 0)
            #expect(decoder.bytes.load(fromByteOffset: byteCount / 2, as: UInt8.self) == 0)
            // The next reply in the same slot, its memory not sent again.
            guard case .slot(0, -1) = try slots.place(byteCount: byteCount) else {
                Issue.record("the released slot was not reused")
                return
            }
            memset(decoder.bytes, 0xCD, byteCount)
            lent = try slots.lend(0, byteCount: byteCount)
            #expect(lent?.bytes.load(fromByteOffset: byteCount - 1, as: UInt8.self) == 0xCD)
        }
    }
}
