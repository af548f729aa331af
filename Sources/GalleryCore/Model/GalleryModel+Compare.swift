import PagerEngine
import Support

/// The compare screen (`v` from a pager), whose input `CompareModel` handles itself: the model opens it, hands it its
/// input and the facts it measures on (the area, the photos' sizes), and carries out what it answers (back to the
/// pager on the left-hand photo, a mark). No pager exists while it shows: what reads the current photo (the page
/// information, the title, the residency) reads the left-hand photo (`currentPage`).
extension GalleryModel {
    /// The compare screen, while it shows.
    public var compare: CompareModel? { screen.compare }

    /// What the information line says of the compare screen: both photos, their places and the layout.
    public func compareLabel(leftName: String, rightName: String) -> String? {
        guard let compare, let names = compareNames(leftName: leftName, rightName: rightName) else { return nil }
        return "\(compare.left.rawValue + 1) / \(photoCount) — \(names) · compare, \(compare.layout.displayName)"
    }

    /// The status bar's name field in compare: the left-hand photo's name, then the right-hand one's place and name.
    public func compareNames(leftName: String, rightName: String) -> String? {
        guard let compare else { return nil }
        return "\(leftName)  ⇄  \(compare.right.rawValue + 1) / \(photoCount) — \(rightName)"
    }

    /// Opens the compare screen from a pager (not the feed, whose pages are its source's) on the photo shown
    /// and the next one, or the first marked other one; with fewer than two photos it says so.
    mutating func openCompare(at time: Double) -> [GalleryEffect] {
        guard case .pager(let pages) = screen, !pages.isFeed else {
            showNotice(Self.compareInPager, at: time)
            return []
        }
        // Where queued key presses were heading: `Right v` compares the next photo.
        guard let pair = CompareModel.pair(showing: targetPhoto, marked: marks.inOrder, photoCount: photoCount)
        else {
            showNotice(Self.compareNeedsTwo, at: time)
            return []
        }
        let left = mode
        // The pager screen goes, and its zoom with it.
        gestures.tap.cancel()
        views.carriedZoom = nil
        var compare = CompareModel(left: pair.left, right: pair.right, photoCount: photoCount, area: compareArea)
        compare.setPictures(left: facts.pictures[pair.left], right: facts.pictures[pair.right])
        screen = .compare(compare, returnTo: pages.pager.topology.kind)
        if !screen.playsSlideshow { slideshow.stop() }
        showInfo(at: time)
        return [.screenChanged(left: left), .sharpen]
    }

    /// What the compare key says outside a pager.
    static let compareInPager = "compare: press v on a photo in the pager"
    /// What the compare key says with one photo.
    static let compareNeedsTwo = "compare needs two photos"

    /// Gives the compare screen the facts it measures on: the area below the status bar (as the last frame laid it
    /// out) and the compared photos' sizes, once measured after a renumbering (`freshFacts`: the adapter's facts just
    /// came).
    mutating func syncCompare(freshFacts: Bool = false) {
        guard case .compare(var compare, let back) = screen else { return }
        compare.setArea(compareArea)
        if freshFacts { compare.awaitsPictures = false }
        if !compare.awaitsPictures {
            compare.setPictures(left: facts.pictures[compare.left], right: facts.pictures[compare.right])
        }
        screen = .compare(compare, returnTo: back)
    }

    /// The area the compared photos share: the last frame's photo area (the window less the status bar), else the
    /// window.
    private var compareArea: LayoutRect {
        facts.layout?.photoArea
            ?? LayoutRect(x: 0, y: 0, width: Int(viewport.width), height: Int(viewport.height))
    }

    /// The library was renumbered while comparing: the compared photos follow their files; one that is gone gives way
    /// to a neighbour, said in the information line; with fewer than two photos the pager shows `photo`.
    mutating func renumberCompare(
        _ compare: CompareModel, back: TopologyKind, count: Int, renumbered: (PhotoID) -> PhotoID?,
        showing photo: PhotoID,
        at time: Double
    ) -> String? {
        var compare = compare
        let left = renumbered(compare.left), right = renumbered(compare.right)
        guard compare.renumber(count: count, left: left ?? photo, right: right ?? PhotoID(photo.rawValue + 1)) else {
            screen = .pager(
                PagerScreen(
                    Pager(
                        topology: back.makeTopology(pageCount: count, startPage: photo.rawValue), viewport: viewport,
                        configuration: settings.configuration, time: time)))
            return "compare closed: one photo left"
        }
        screen = .compare(compare, returnTo: back)
        return left == nil || right == nil ? "compare: a compared photo is gone" : nil
    }
}
