import DecoderProcess
import GalleryCore
import Imaging

/// A decoder process's reply slots, and which of them the request being answered lets it write: each shared buffer
/// of a decode (`SharedMemorySupply`) takes one of those, so no slot the viewer holds is ever written.
final class ReplySlotStore: Sendable {
    private struct State {
        var slots = [ReplySlot](repeating: ReplySlot(), count: DecoderRequest.slotCount)
        /// The slots the current request names free and no buffer of its decode has taken yet (bit n: slot n).
        var offered: UInt8 = 0
    }

    private let state = LockedState(State())

    /// Lets the decode of a request write the slots in `mask` (the request's `freeSlots`; 0 at its end).
    func offer(_ mask: UInt8) {
        state.withLock { $0.offered = mask }
    }

    /// Memory for a buffer of `byteCount` bytes in an offered slot, which it takes: the slot's own when it is large
    /// enough and not over four times the size, else new memory for the slot. Nil when no slot is offered or the
    /// buffer is over `ReplySlot.byteLimit` (it goes in a memfd of its own, freed with it).
    func storage(byteCount: Int) -> PixelStorage? {
        guard byteCount > 0, byteCount <= ReplySlot.byteLimit else { return nil }
        return state.withLock { state -> PixelStorage? in
            let offered = state.slots.indices.filter { state.offered & (1 << UInt8($0)) != 0 }
            guard !offered.isEmpty else { return nil }
            func fits(_ storage: PixelStorage?) -> Bool {
                guard let storage else { return false }
                return byteCount <= storage.byteCount && storage.byteCount / 4 <= byteCount
            }
            // A slot whose memory fits, else an empty one, else one whose memory is replaced.
            let index =
                offered.first { fits(state.slots[$0].storage) } ?? offered.first { state.slots[$0].storage == nil }
                ?? offered[0]
            state.offered &= ~(1 << UInt8(index))
            if !fits(state.slots[index].storage) {
                // Unmapped first: the old and the new memory never both count against the address-space limit.
                state.slots[index] = ReplySlot()
                state.slots[index].storage = try? PixelStorage.allocateShared(byteCount: byteCount)
            }
            return state.slots[index].storage
        }
    }

    /// The slot `storage` is, and whether the viewer still needs its memfd (a reply naming it carries it); nil when
    /// it is memory of its own.
    func slot(of storage: PixelStorage) -> (index: Int, unsent: Bool)? {
        state.withLock { state -> (index: Int, unsent: Bool)? in
            guard let index = state.slots.firstIndex(where: { $0.storage === storage }) else { return nil }
            return (index, !state.slots[index].sent)
        }
    }

    /// Notes that the viewer has been sent slot `index`'s memfd.
    func markSent(_ index: Int) {
        state.withLock { $0.slots[index].sent = true }
    }
}
