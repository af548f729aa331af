/// A page shown in a slot in place of the topology's content for the length of a far jump: the photo that was on
/// screen stands next to the jump's target, so the target slides in beside it and no third photo appears.
struct SlotStandIn: Equatable, Sendable {
    /// The slot, in the strip's current numbering (moved by re-bases).
    var slot: Int
    /// The logical page it shows.
    var page: PageIndex
}
