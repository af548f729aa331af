import PagerEngine
import Support

/// The compare screen without SDL: two photos side by side (or one over the other with a swipe divider), zoomed and
/// panned together, so the sharpest shot of a burst can be picked. The zoom is locked: both photos show the same share
/// of their own pixels (`=` is 100 % for both) with their centres moved by the same pixels, so the same detail lies
/// under the pointer in both halves. It is kept as the reference photo's `PhotoZoom` in its box (the left-hand photo,
/// or the right-hand one while the left is not decoded), and the zoom keys, the wheel, a pinch and a drag change it as
/// they change the pager's. The arrows move the right-hand photo past the left one, which stays; `u` swaps them.
public struct CompareModel: Sendable {
    /// What a press holds until its release.
    enum Grip: Equatable, Sendable {
        /// The picture, last at (x, y): a move pans both photos by as much.
        case pan(x: Double, y: Double)
        /// The swipe divider.
        case divider
    }

    /// The photo on the left (library index): the one shown when the compare screen opened.
    public private(set) var left: PhotoID
    /// The photo on the right, which the arrows move.
    public private(set) var right: PhotoID
    /// Photos in the library.
    public private(set) var photoCount: Int
    /// Side by side or overlaid (`V`).
    public private(set) var layout = CompareLayout.sideBySide
    /// Where the swipe divider stands, as a share of the area's width (0 … 1).
    public internal(set) var divider = 0.5
    /// The locked zoom: the reference photo's zoom in its box; nil while each photo is fitted to its box.
    public internal(set) var zoom: PhotoZoom?
    /// The area the photos are shown in: the window less the status bar.
    public private(set) var area: LayoutRect
    /// The left-hand photo's own pixels, once decoded.
    public internal(set) var leftPicture: ComparedPicture?
    /// The right-hand photo's own pixels, once decoded.
    public internal(set) var rightPicture: ComparedPicture?
    /// What the press under way holds.
    var grip: Grip?
    /// The scale a pinch started from and its centre.
    var pinchStart: (scale: Double, x: Double, y: Double)?
    /// Whether the photos were renumbered or turned since the adapter last measured them: until it does, sizes known
    /// by photo number may be another photo's, or the photo's before the turn.
    public internal(set) var awaitsPictures = false

    /// Pixels either side of the swipe divider where a press takes the divider rather than the picture.
    public static let dividerReach = 24.0

    /// The compare screen of `left` and `right` (each clamped into the library, the right moved off the left) among
    /// `photoCount` photos, shown in `area`, both fitted.
    public init(left: PhotoID, right: PhotoID, photoCount: Int, area: LayoutRect) {
        self.photoCount = max(photoCount, 0)
        self.area = area
        self.left = Self.clamp(left, count: photoCount)
        self.right = Self.clamp(right, count: photoCount)
        if self.right == self.left { self.right = Self.neighbour(of: self.left, count: photoCount) }
    }

    /// The pair the compare key opens on `shown`: it on the left, and on the right the first of `marked` other than
    /// it, else the next photo (the previous one for the last); nil with fewer than two photos.
    public static func pair(showing shown: PhotoID, marked: [PhotoID], photoCount: Int) -> (
        left: PhotoID, right: PhotoID
    )? {
        guard photoCount >= 2 else { return nil }
        let left = clamp(shown, count: photoCount)
        let other = marked.first { $0 != left && (0..<photoCount).contains($0.rawValue) }
        return (left, other ?? neighbour(of: left, count: photoCount))
    }

    // MARK: Reading

    /// The photo shown on `side`.
    public func photo(on side: CompareSide) -> PhotoID { side == .left ? left : right }

    /// `side`'s own pixels, once known.
    public func picture(on side: CompareSide) -> ComparedPicture? { side == .left ? leftPicture : rightPicture }

    /// The box `side`'s photo is fitted into: its half side by side (both halves equally wide), the whole area for both
    /// in the swipe layout.
    public func box(of side: CompareSide) -> LayoutRect {
        guard layout == .sideBySide else { return area }
        let half = area.width / 2
        let x = side == .left ? area.x : area.maxX - half
        return LayoutRect(x: x, y: area.y, width: half, height: area.height)
    }

    /// Where the swipe divider is drawn, in window pixels.
    public var dividerX: Double { Double(area.x) + divider * Double(area.width) }

    /// Where `side`'s photo is drawn, unrounded, once its size is known: fitted and centred in its box, or at the
    /// locked zoom (the same share of its own pixels as the other, its centre moved by the same pan, held within its
    /// own edges).
    public func frame(of side: CompareSide) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let picture = picture(on: side) else { return nil }
        let box = box(of: side)
        let scale = zoom?.imageScale ?? Self.fitScale(of: picture, in: box)
        let width = picture.width * scale, height = picture.height * scale
        let pan = pan(of: side)
        let centreX = Double(box.x) + Double(box.width) / 2 + pan.x
        let centreY = Double(box.y) + Double(box.height) / 2 + pan.y
        return (centreX - width / 2, centreY - height / 2, width, height)
    }

    /// `side`'s photo as a share of its own pixels (1 at 100 %), once its size is known.
    public func imageScale(of side: CompareSide) -> Double? {
        guard let picture = picture(on: side) else { return nil }
        return zoom?.imageScale ?? Self.fitScale(of: picture, in: box(of: side))
    }

    /// The photo the locked zoom is measured on: the left-hand one once decoded, else the right-hand one.
    var reference: CompareSide? {
        leftPicture != nil ? .left : rightPicture != nil ? .right : nil
    }

    /// The reference photo fitted in its box, as a zoom at scale 1: what a zoom starts from.
    func fitZoom() -> PhotoZoom? {
        guard let side = reference, let picture = picture(on: side) else { return nil }
        let box = box(of: side)
        let fit = Self.fitScale(of: picture, in: box)
        return PhotoZoom(
            fittedWidth: picture.width * fit, fittedHeight: picture.height * fit, viewportWidth: Double(box.width),
            viewportHeight: Double(box.height), imageWidth: picture.width)
    }

    /// The scale that fits `picture` in `box` (enlarging a smaller one, as the pager's fit does).
    static func fitScale(of picture: ComparedPicture, in box: LayoutRect) -> Double {
        min(Double(max(box.width, 1)) / picture.width, Double(max(box.height, 1)) / picture.height)
    }

    // MARK: Commands

    /// A command on the compare screen: the arrows, `n` `p`, Page Up/Down, Home/End and a photo asked for move the
    /// right-hand photo; Up and Down pan; the zoom keys zoom both; `m` marks the right-hand photo; `v`, Enter and the
    /// photo's Escape (`open`) go back to the pager on the left-hand one. Commands of every screen are not taken.
    public mutating func perform(_ command: GalleryCommand) -> CompareResponse {
        switch command {
        case .compare(.toggle), .open: return .close(left)
        case .compare(.layout):
            layout = layout.toggled
            zoom = nil
            grip = nil
        case .compare(.swap):
            let kept = zoom
            (left, right) = (right, left)
            (leftPicture, rightPicture) = (rightPicture, leftPicture)
            keep(kept)
        case .next, .pan(.right): moveRight(by: 1)
        case .previous, .pan(.left): moveRight(by: -1)
        case .pageForward: moveRight(by: GalleryModel.pageJump)
        case .pageBackward: moveRight(by: -GalleryModel.pageJump)
        case .first: showRight(PhotoID(0), passing: 1)
        case .last: showRight(PhotoID(photoCount - 1), passing: -1)
        case .goToPage(let page): showRight(PhotoID(page.rawValue), passing: 1)
        case .goToPhoto(let photo): showRight(photo, passing: 1)
        case .pan(.up), .pan(.down):
            guard let zoom else { break }
            let step = Double(box(of: .left).height) / 3 * (command == .pan(.up) ? 1 : -1)
            settle(bounded(zoom.panned(toX: zoom.panX, y: zoom.panY + step)))
        case .zoomIn, .zoomOut:
            guard let current = zoom ?? fitZoom() else { break }
            zoomAtCentre(to: ZoomSteps.next(from: current, inward: command == .zoomIn))
        case .zoomActualSize:
            guard let fit = fitZoom() else { break }
            zoomAtCentre(to: fit.actualSizeScale)
        case .zoomToFit: zoom = nil
        case .toggleMark: return .toggleMark(right)
        case .orient(let change): return turn(change)
        // Nothing to do here: the slideshow would turn the right-hand photo unseen, the fit modes and the wheel are the
        // pager's.
        case .toggleSlideshow, .cycleFitMode, .flipWheel, .toggleGridNames, .retry: break
        case .mode, .quit, .back, .reload, .cycleSort, .toggleKeepZoom, .toggleHelp, .toggleInfoPanel,
            .toggleStatusBar, .toggleFullscreen, .invertMarks, .clearMarks, .nextMarked, .previousMarked, .action,
            .trash, .undoTrash, .copyPath, .openWith, .moveTo, .copyTo, .saveTurn, .toggleAnimation,
            .nextFrame, .previousFrame, .nextFolder, .previousFolder:
            return .notTaken
        }
        return .taken
    }

    // MARK: Changes

    /// The area became `area` (a resize, the status bar): the zoom keeps its share of the photos' own pixels and its
    /// pan, within the new bounds.
    public mutating func setArea(_ area: LayoutRect) {
        guard area != self.area else { return }
        let kept = zoom
        self.area = area
        keep(kept)
    }

    /// The photos' own sizes as decoded (nil: not yet, or failed); the zoom is measured again when the reference photo
    /// changed.
    public mutating func setPictures(left: ComparedPicture?, right: ComparedPicture?) {
        guard left != leftPicture || right != rightPicture else { return }
        let kept = zoom, before = reference.flatMap(picture(on:))
        (leftPicture, rightPicture) = (left, right)
        if reference.flatMap(picture(on:)) != before { keep(kept) }
    }

    /// The library became `count` photos, the compared ones now `left` and `right` (clamped, kept apart); the zoom
    /// stays. Returns false when fewer than two photos are left to compare.
    public mutating func renumber(count: Int, left: PhotoID, right: PhotoID) -> Bool {
        guard count >= 2 else { return false }
        photoCount = count
        let (oldLeft, oldRight) = (self.left, self.right)
        self.left = Self.clamp(left, count: count)
        self.right = Self.clamp(right, count: count)
        if self.right == self.left { self.right = Self.neighbour(of: self.left, count: count) }
        // Sizes of other photos than before are not known yet; sizes by number, measured before, may be another's.
        if self.left != oldLeft { leftPicture = nil }
        if self.right != oldRight { rightPicture = nil }
        awaitsPictures = true
        return true
    }

    // MARK: Private

    /// The right-hand photo `steps` photos on, passing over the left-hand one; it stays at the library's ends.
    private mutating func moveRight(by steps: Int) {
        guard steps != 0 else { return }
        let target = min(max(right.rawValue + steps, 0), photoCount - 1)
        showRight(PhotoID(target), passing: steps > 0 ? 1 : -1)
    }

    /// Shows `photo` on the right, or when it is the left-hand photo the one past it in `direction` (+1 or −1);
    /// nothing when there is none.
    private mutating func showRight(_ photo: PhotoID, passing direction: Int) {
        var target = min(max(photo.rawValue, 0), photoCount - 1)
        if target == left.rawValue { target += direction }
        guard (0..<photoCount).contains(target), target != left.rawValue, target != right.rawValue else { return }
        right = PhotoID(target)
        rightPicture = nil
    }

    /// Zooms both photos to `scale` (of the reference's fit) about the centre of their boxes.
    private mutating func zoomAtCentre(to scale: Double) {
        let box = box(of: .left)
        zoom(to: scale, atLocalX: Double(box.width) / 2, y: Double(box.height) / 2)
    }

    /// Zooms both photos to `scale` keeping the point at (`x`, `y`) of a box (box coordinates) where it is, within both
    /// photos' edges.
    mutating func zoom(to scale: Double, atLocalX x: Double, y: Double) {
        guard x.isFinite, y.isFinite, let current = zoom ?? fitZoom() else { return }
        let next = current.zoomed(to: scale, atX: x, y: y)
        // `zoomed` holds the pan within the reference photo's edges alone: the point is kept here again, so a larger
        // other photo can be zoomed about its own detail.
        let ratio = next.scale / current.scale
        let fromCentreX = x - current.viewportWidth / 2, fromCentreY = y - current.viewportHeight / 2
        settle(
            bounded(
                next.panned(
                    toX: fromCentreX - (fromCentreX - current.panX) * ratio,
                    y: fromCentreY - (fromCentreY - current.panY) * ratio)))
    }

    /// Takes `next` as the zoom; a zoom back at fit is none.
    mutating func settle(_ next: PhotoZoom) {
        zoom = next.isZoomed ? next : nil
    }

    /// The zoom `kept` measured afresh on the reference photo in its box: the same share of its own pixels and the same
    /// pan, within the new bounds; none when nothing is decoded.
    mutating func keep(_ kept: PhotoZoom?) {
        guard let kept, let fit = fitZoom() else {
            zoom = nil
            return
        }
        let scale = kept.imageScale * fit.actualSizeScale
        let box = box(of: .left)
        settle(
            bounded(
                fit.zoomed(to: scale, atX: Double(box.width) / 2, y: Double(box.height) / 2)
                    .panned(toX: kept.panX, y: kept.panY)))
    }

    private static func clamp(_ photo: PhotoID, count: Int) -> PhotoID {
        PhotoID(min(max(photo.rawValue, 0), max(count - 1, 0)))
    }

    /// The photo after `photo`, or before it for the last one; itself when it is the only one.
    private static func neighbour(of photo: PhotoID, count: Int) -> PhotoID {
        photo.rawValue + 1 < count ? PhotoID(photo.rawValue + 1) : PhotoID(max(photo.rawValue - 1, 0))
    }
}
