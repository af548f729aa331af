import Glibc
import Imaging
import Support

/// The memory one decoder process writes its replies into, all of it the viewer's: its reply slots
/// (`DecoderRequest.slotCount`), each made here once, sent to the decoder with the request that first names it, kept
/// mapped by both and lent to one picture at a time; and, for a reply no free slot fits, memory of its own made for
/// that request alone. Each is sized from the request (`DecoderRequest.mostReplyBytes`) and sealed at that size
/// (`PixelStorage.replyMemory`), so a decoder makes no shared memory its address-space limit would not count, and
/// cannot cut short what the viewer maps.
///
/// A slot the viewer holds is never written: a request names one free slot (or memory of its own) as the reply's
/// place, a slot is held from the reply that names it until its picture is released, and the decoder writes only the
/// place its request names. The mappings outlive the process (a crash leaves the pictures it sent intact); a released
/// slot's pages are freed, its mappings kept.
final class ReplySlots: @unchecked Sendable {
    /// Where a request's reply goes.
    enum Place {
        /// Slot `index`; `send` is its new memory's memfd, to go with the request (-1: the decoder has it already).
        case slot(index: Int, send: Int32)
        /// Memory of the reply's own, made for this request and sent with it.
        case own(PixelStorage)
    }

    // Guards `mappings` and `held`; hence @unchecked Sendable.
    private let lock = ConditionLock()
    /// Each slot's shared mapping, or nil before a request first named it.
    private var mappings: [PixelStorage?] = Array(repeating: nil, count: DecoderRequest.slotCount)
    /// Whether a picture holds the slot's pixels.
    private var held: [Bool] = Array(repeating: false, count: DecoderRequest.slotCount)
    /// How many of each slot's first bytes the viewer's page table maps already (populated at an earlier reply).
    private var populated: [Int] = Array(repeating: 0, count: DecoderRequest.slotCount)

    /// The place for a reply of at most `byteCount` bytes: a free slot whose memory fits (at least `byteCount`, not
    /// over four times it), else a free slot given new memory of `byteCount`, else (every slot held, or more than
    /// `DecoderReply.slotByteLimit`) new memory of its own. `ownMemory` (a thumbnail's PNG, a details record): always
    /// memory of its own.
    func place(byteCount: Int, ownMemory: Bool = false) throws(PixelBufferError) -> Place {
        guard !ownMemory, byteCount <= DecoderReply.slotByteLimit else {
            return .own(try PixelStorage.replyMemory(byteCount: byteCount))
        }
        lock.lock()
        defer { lock.unlock() }
        let free = mappings.indices.filter { !held[$0] }
        func fits(_ storage: PixelStorage?) -> Bool {
            guard let storage else { return false }
            return byteCount <= storage.byteCount && storage.byteCount / 4 <= byteCount
        }
        if let index = free.first(where: { fits(mappings[$0]) }) { return .slot(index: index, send: -1) }
        guard let index = free.first(where: { mappings[$0] == nil }) ?? free.first else {
            return .own(try PixelStorage.replyMemory(byteCount: byteCount))
        }
        // The old memory is free (no picture holds it): dropped now, its pages with it once the decoder's mapping goes.
        mappings[index] = nil
        populated[index] = 0
        let memory = try PixelStorage.replyMemory(byteCount: byteCount)
        mappings[index] = memory
        return .slot(index: index, send: memory.sharedMemory ?? -1)
    }

    /// Slot `index`'s first `byteCount` bytes, lent to a picture until it lets go of them, every page mapped (those
    /// not mapped since the slot's last release, now: MADV_POPULATE_READ, Linux 5.14), so reading them faults nothing.
    /// Throws when the slot is held, has no memory, or is too short: a decoder that breaks the protocol.
    func lend(_ index: Int, byteCount: Int) throws(PixelBufferError) -> PixelStorage {
        lock.lock()
        defer { lock.unlock() }
        guard mappings.indices.contains(index), !held[index] else {
            throw .invalidSize("reply slot \(index) is not free")
        }
        guard let mapping = mappings[index] else { throw .invalidSize("reply slot \(index) has no memory") }
        let storage = try PixelStorage.lent(from: mapping, byteCount: byteCount) { [self] in release(index) }
        if byteCount > populated[index] {
            _ = madvise(storage.bytes, byteCount, 22)
            populated[index] = byteCount
        }
        held[index] = true
        return storage
    }

    /// Whether slot `index` is held by a picture now (tests).
    func isHeld(_ index: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return held[index]
    }

    /// Frees slot `index` for the next request, and its pages with it: the picture has gone (its texture holds the
    /// pixels), so nothing reads them again, and kept they stayed resident in both processes until the slot's next
    /// reply (2.8 MB each for a 1080×720 page, at the first paint too). `MADV_REMOVE` punches them out of the memfd,
    /// from the decoder's mapping as from this one; the next reply there faults in zeroed pages again.
    private func release(_ index: Int) {
        lock.lock()
        held[index] = false
        if let mapping = mappings[index], madvise(mapping.bytes, mapping.byteCount, MADV_REMOVE) == 0 {
            populated[index] = 0
        }
        lock.unlock()
    }
}
