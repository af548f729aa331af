import PagerEngine

/// Moving between the marked photos (`N`, `P`, as nsxiv).
extension GalleryModel {
    /// Goes to the first marked photo after the current one (`forward`) or the last before it, in library order;
    /// nothing when there is none that way (nsxiv does not wrap either).
    mutating func goToMarked(forward: Bool, at time: Double) -> [GalleryEffect] {
        let current = photo(ofPage: pager.commandTargetPage ?? pager.currentPage)
        let marked = marks.inOrder
        guard let target = forward ? marked.first(where: { $0 > current }) : marked.last(where: { $0 < current })
        else { return [] }
        // Outside the feed page p shows photo p; in the feed, the page nearest that shows it.
        let page = mode == .feed ? feedPages.page(showing: target, near: pager.currentPage)?.rawValue : target.rawValue
        guard let page else { return [] }
        return perform(.goTo(page), at: time)
    }
}
