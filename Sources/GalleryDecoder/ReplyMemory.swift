import DecoderProcess
import Glibc
import Imaging
import Support

/// The decoder process's side of the reply memory, all of it the viewer's (`DecoderRequest.replySlot`): the reply
/// slots' memory, mapped whole when it comes and kept, and the memory of a request's own reply. Each request names one
/// place; the decode's first shared buffer that fits goes there (`SharedMemorySupply`), any other in private memory,
/// which the address-space limit counts, and a reply not already there is copied in (`copyTarget`).
final class ReplyMemory: Sendable {
    private struct State {
        /// Each slot's memory, mapped shared and writable, or nil before the viewer sent it.
        var slots = [PixelStorage?](repeating: nil, count: DecoderRequest.slotCount)
        /// The place of the request being answered: a slot's index, or nil for its own memory.
        var slot: Int?
        /// The request's own memory, sent with it, not yet mapped (-1: none).
        var ownDescriptor: Int32 = -1
        /// The request's own memory, once mapped.
        var own: PixelStorage?
        /// Whether a buffer of the decode has taken the place.
        var taken = false
    }

    private let state = LockedState(State())

    /// Begins a request whose reply goes in slot `replySlot` − 1 (0: memory of its own), with `memory` (-1: none), the
    /// memfd sent with it, which it takes. Nil when the place cannot be used (named and never sent, or unmappable).
    func begin(replySlot: UInt8, memory: Int32) -> String? {
        state.withLock { state -> String? in
            state.taken = false
            state.own = nil
            state.ownDescriptor = -1
            guard replySlot > 0 else {
                guard memory >= 0 else { return "no memory for the reply" }
                state.slot = nil
                state.ownDescriptor = memory
                return nil
            }
            let index = Int(replySlot) - 1
            guard state.slots.indices.contains(index) else {
                if memory >= 0 { close(memory) }
                return "reply slot \(replySlot) out of range"
            }
            state.slot = index
            if memory >= 0 {
                // The old mapping goes first: the old and the new memory never both count against the limit.
                state.slots[index] = nil
                do throws(PixelBufferError) {
                    state.slots[index] = try PixelStorage.mapWritable(
                        sharedMemory: memory, byteCount: PixelStorage.sharedMemoryByteCount(memory))
                } catch {
                    close(memory)
                    return "reply slot \(replySlot): \(error)"
                }
            }
            return state.slots[index] == nil ? "reply slot \(replySlot) was never sent" : nil
        }
    }

    /// The place's memory for a shared buffer of `byteCount` bytes, which it takes, when it is free and large enough;
    /// else private memory (nil when even that fails).
    func storage(byteCount: Int) -> PixelStorage? {
        if let place = take(byteCount: byteCount, force: false) { return place }
        return try? PixelStorage.allocate(byteCount: byteCount)
    }

    /// The place's memory for the reply's `byteCount` bytes, whether or not a buffer of the decode took it: what a
    /// reply not already there is copied into. Nil when it is too small or cannot be mapped.
    func copyTarget(byteCount: Int) -> PixelStorage? {
        take(byteCount: byteCount, force: true)
    }

    /// Whether `storage` is the place's memory (the reply is there already).
    func isPlace(_ storage: PixelStorage) -> Bool {
        state.withLock { state in
            if let slot = state.slot { return state.slots[slot] === storage }
            return state.own != nil && state.own === storage
        }
    }

    /// Ends the request: its own memory is let go of (the viewer keeps its mapping), and nothing more is supplied.
    func end() {
        state.withLock { state in
            if state.ownDescriptor >= 0 { close(state.ownDescriptor) }
            state.ownDescriptor = -1
            state.own = nil
            state.slot = nil
            state.taken = true
        }
    }

    private func take(byteCount: Int, force: Bool) -> PixelStorage? {
        guard byteCount > 0 else { return nil }
        return state.withLock { state -> PixelStorage? in
            guard force || !state.taken else { return nil }
            if let slot = state.slot {
                guard let memory = state.slots[slot], byteCount <= memory.byteCount else { return nil }
                state.taken = true
                return memory
            }
            if let own = state.own, byteCount <= own.byteCount {
                state.taken = true
                return own
            }
            // The own memory is mapped at the size the decode needs, not the most the reply may be: the mapping counts
            // against the address-space limit. A copy of the descriptor is mapped, so a larger copy target can be too.
            guard state.ownDescriptor >= 0, byteCount <= PixelStorage.sharedMemoryByteCount(state.ownDescriptor)
            else { return nil }
            let copy = dup(state.ownDescriptor)
            guard copy >= 0 else { return nil }
            state.own = nil
            guard let mapped = try? PixelStorage.mapWritable(sharedMemory: copy, byteCount: byteCount) else {
                close(copy)
                return nil
            }
            state.own = mapped
            state.taken = true
            return mapped
        }
    }
}
