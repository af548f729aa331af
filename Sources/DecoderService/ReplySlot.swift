import DecoderProcess
import Imaging

/// One of a decoder process's reply slots: shared memory the viewer keeps mapped once it has been sent, so a reply
/// written into it maps and faults nothing on either side. Written only when the request being answered names it free.
struct ReplySlot {
    /// The largest buffer a slot holds (a 2560 × 1440 page at 4 bytes a pixel, and some): larger pictures go in memory
    /// of their own, freed with them, so neither process keeps more than this per slot mapped between photos.
    static let byteLimit = DecoderReply.slotByteLimit

    /// The slot's memory, or nil before its first use.
    var storage: PixelStorage?
    /// Whether the viewer has been sent `storage`'s memfd (a reply naming the slot carries it until then).
    var sent = false
}
