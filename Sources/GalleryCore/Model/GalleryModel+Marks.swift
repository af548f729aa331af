import PagerEngine

/// Moving between the marked photos (`N`, `P`, as nsxiv).
extension GalleryModel {
    /// Goes to the first marked photo after the current one (`forward`) or the last before it, in library order;
    /// nothing when there is none that way (nsxiv does not wrap either).
    mutating func goToMarked(forward: Bool, at time: Double) -> [GalleryEffect] {
        // In compare the right-hand photo moves: from it, passing over the left-hand one.
        let current = compare?.right ?? targetPhoto
        let marked = marks.inOrder.filter { $0 != compare?.left }
        guard let target = forward ? marked.first(where: { $0 > current }) : marked.last(where: { $0 < current })
        else { return [] }
        return perform(.goToPhoto(target), at: time)
    }
}
