import GalleryCore
import Imaging

#if canImport(Glibc)
import Glibc
#endif

/// The viewer's mappings of one decoder process's reply slots (`DecoderRequest.slotCount`): each slot's memfd is mapped
/// once, when a reply first brings it, and lent to one picture at a time; the slot is free again when that picture
/// lets go of its pixels, whatever thread drops it.
///
/// A slot the viewer holds is never written: each request names the free ones (`freeMask`), a slot is held from the
/// reply that names it until its picture is released, and the decoder writes only slots named free in the request it
/// is answering. The mappings outlive the process (a crash leaves the pictures it sent intact).
final class ReplySlots: @unchecked Sendable {
    // Guards `mappings` and `held`; hence @unchecked Sendable.
    private let lock = ConditionLock()
    /// Each slot's shared mapping, or nil before a reply brought its memfd.
    private var mappings: [PixelStorage?] = Array(repeating: nil, count: DecoderRequest.slotCount)
    /// Whether a picture holds the slot's pixels.
    private var held: [Bool] = Array(repeating: false, count: DecoderRequest.slotCount)

    /// The slots no picture holds (bit n: slot n): what the next request offers the decoder.
    var freeMask: UInt8 {
        lock.lock()
        defer { lock.unlock() }
        var mask: UInt8 = 0
        for index in held.indices where !held[index] { mask |= 1 << UInt8(index) }
        return mask
    }

    /// Slot `index`'s first `byteCount` bytes, lent to a picture until it lets go of them. `descriptor` (-1: none)
    /// is the slot's new memfd, which replaces its mapping (and is taken). Throws when the slot is held, has no
    /// mapping, or is too short: a decoder that breaks the protocol.
    func lend(_ index: Int, descriptor: Int32, byteCount: Int) throws(PixelBufferError) -> PixelStorage {
        lock.lock()
        defer { lock.unlock() }
        guard mappings.indices.contains(index), !held[index] else {
            if descriptor >= 0 { close(descriptor) }
            throw .invalidSize("reply slot \(index) is not free")
        }
        if descriptor >= 0 {
            // The old mapping is free (no picture holds it): dropped now, its memory with it once the decoder's goes.
            mappings[index] = nil
            mappings[index] = try PixelStorage.mapShared(
                sharedMemory: descriptor, byteCount: byteCount, mostBytes: DecoderReply.slotByteLimit)
        }
        guard let mapping = mappings[index] else { throw .invalidSize("reply slot \(index) was never sent") }
        let storage = try PixelStorage.lent(from: mapping, byteCount: byteCount) { [self] in release(index) }
        held[index] = true
        return storage
    }

    /// Whether slot `index` is held by a picture now (tests).
    func isHeld(_ index: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return held[index]
    }

    private func release(_ index: Int) {
        lock.lock()
        held[index] = false
        lock.unlock()
    }
}
