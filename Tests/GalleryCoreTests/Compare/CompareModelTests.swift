import PagerEngine
import Support
import Testing

@testable import GalleryCore

@Suite("Compare model")
struct CompareModelTests {
    /// A 1280×720 area: two 640×720 halves side by side.
    static let area = LayoutRect(x: 0, y: 0, width: 1280, height: 720)
    static let burst = ComparedPicture(width: 4000, height: 3000)!

    /// Photos `left` and `right` of `count`, both `pictures` large (4000×3000 by default).
    static func compare(
        left: Int = 3, right: Int = 4, count: Int = 10, pictures: (ComparedPicture?, ComparedPicture?) = (burst, burst)
    ) -> CompareModel {
        var compare = CompareModel(left: PhotoID(left), right: PhotoID(right), photoCount: count, area: area)
        compare.setPictures(left: pictures.0, right: pictures.1)
        return compare
    }

    /// The photo's own pixel drawn under (`x`, `y`) on `side`.
    static func imagePoint(_ compare: CompareModel, _ side: CompareSide, x: Double, y: Double) -> (Double, Double) {
        let frame = compare.frame(of: side)!
        let picture = compare.picture(on: side)!
        return ((x - frame.x) / frame.width * picture.width, (y - frame.y) / frame.height * picture.height)
    }

    @Test(
        "commands move the right-hand photo past the left one, stopping at the ends; swap swaps",
        arguments: [
            (3, 4, [GalleryCommand.next], 3, 5), (3, 4, [.previous], 3, 2), (3, 2, [.pan(.right)], 3, 4),
            (3, 4, [.pan(.left), .pan(.left)], 3, 1), (9, 8, [.next], 9, 8), (0, 1, [.previous], 0, 1),
            (3, 4, [.last], 3, 9), (9, 4, [.last], 9, 8), (0, 4, [.first], 0, 1), (3, 4, [.pageForward], 3, 9),
            (3, 9, [.pageBackward], 3, 0), (3, 4, [.compare(.swap)], 4, 3), (3, 4, [.goToPhoto(3)], 3, 4),
            (3, 4, [.goToPhoto(7)], 3, 7), (3, 4, [.goToPage(PageIndex(0))], 3, 0), (3, 3, [], 3, 4),
            (9, 9, [], 9, 8), (3, 4, [.zoomIn, .next, .zoomOut], 3, 5),
        ])
    func commands(left: Int, right: Int, commands: [GalleryCommand], expectedLeft: Int, expectedRight: Int) {
        var compare = Self.compare(left: left, right: right)
        for command in commands { #expect(compare.perform(command) == .taken) }
        #expect(compare.left.rawValue == expectedLeft)
        #expect(compare.right.rawValue == expectedRight)
    }

    @Test(
        "what the compare screen hands back: close on the left photo, mark the right one, the rest to the gallery",
        arguments: [
            (GalleryCommand.compare(.toggle), CompareResponse.close(3)), (.open, .close(3)),
            (.toggleMark, .toggleMark(4)), (.quit, .notTaken), (.back, .notTaken), (.trash, .notTaken),
            (.mode(.grid), .notTaken), (.toggleStatusBar, .notTaken), (.toggleSlideshow, .taken),
        ])
    func responses(command: GalleryCommand, response: CompareResponse) {
        var compare = Self.compare()
        #expect(compare.perform(command) == response)
    }

    @Test(
        "the pair opened: the photo shown and the first marked other one, else the next (the previous for the last)",
        arguments: [
            (3, [Int](), 10, (3, 4) as (Int, Int)?), (9, [], 10, (9, 8)), (3, [3, 7, 5], 10, (3, 7)),
            (5, [20, -1], 10, (5, 6)), (0, [], 1, nil), (0, [], 0, nil), (40, [], 2, (1, 0)),
        ])
    func pair(shown: Int, marked: [Int], count: Int, expected: (Int, Int)?) {
        let pair = CompareModel.pair(showing: PhotoID(shown), marked: marked.map { PhotoID($0) }, photoCount: count)
        #expect(pair.map { [$0.left.rawValue, $0.right.rawValue] } == expected.map { [$0.0, $0.1] })
    }

    @Test(
        "a zoom keeps the same detail of both photos under the pointer, in either half",
        arguments: [
            (900.0, 300.0, 2.0, true), (100.0, 500.0, 3.5, true), (320.0, 360.0, 30.0, true),
            // Zooming about a point off the photo, the pan is held at its bounds: alike in both.
            (639.0, 0.0, 8.0, false), (1279.0, 719.0, 1.6, false),
        ])
    func lockedZoomAtPointer(x: Double, y: Double, factor: Double, kept: Bool) {
        var compare = Self.compare()
        // The same point of both halves: the pointer's, and its twin in the other half.
        let twinX = x >= 640 ? x - 640 : x + 640
        let (leftX, rightX) = x >= 640 ? (twinX, x) : (x, twinX)
        let before = (
            Self.imagePoint(compare, .left, x: leftX, y: y), Self.imagePoint(compare, .right, x: rightX, y: y)
        )
        compare.zoom(by: factor, atX: x, y: y)
        #expect(compare.zoom != nil)
        let afterLeft = Self.imagePoint(compare, .left, x: leftX, y: y)
        let afterRight = Self.imagePoint(compare, .right, x: rightX, y: y)
        // Within the pan bounds the pointer's detail stays put; at an edge both are held alike.
        #expect(abs(afterLeft.0 - afterRight.0) < 1e-6 && abs(afterLeft.1 - afterRight.1) < 1e-6)
        if kept {
            #expect(abs(afterLeft.0 - before.0.0) < 1e-6 && abs(afterLeft.1 - before.0.1) < 1e-6)
            #expect(abs(afterRight.0 - before.1.0) < 1e-6 && abs(afterRight.1 - before.1.1) < 1e-6)
        }
        #expect(compare.imageScale(of: .left) == compare.imageScale(of: .right))
    }

    @Test("= shows both at 100 %, photos of other sizes too; W and - back to fit")
    func actualSize() {
        var compare = Self.compare(pictures: (Self.burst, ComparedPicture(width: 1000, height: 1500)))
        #expect(compare.imageScale(of: .left)! < 0.2)
        _ = compare.perform(.zoomActualSize)
        #expect(abs(compare.imageScale(of: .left)! - 1) < 1e-9)
        #expect(abs(compare.imageScale(of: .right)! - 1) < 1e-9)
        #expect(compare.frame(of: .right)!.width == 1000)
        _ = compare.perform(.zoomToFit)
        #expect(compare.zoom == nil)
        _ = compare.perform(.zoomIn)
        #expect(compare.zoom != nil)
        _ = compare.perform(.zoomOut)
        #expect(compare.zoom == nil, "the fit is a stop")
    }

    @Test(
        "a drag pans both photos by the same pixels, within the zoomed photo's bounds; at fit nothing moves",
        arguments: [(50.0, -30.0, true), (-100.0, 80.0, true), (5000.0, 0.0, true), (40.0, 40.0, false)])
    func lockedPan(dx: Double, dy: Double, zoomed: Bool) {
        var compare = Self.compare()
        if zoomed { _ = compare.perform(.zoomActualSize) }
        let before = (compare.frame(of: .left)!, compare.frame(of: .right)!)
        #expect(compare.pointer(.down(x: 900, y: 300)) == .taken)
        _ = compare.pointer(.move(x: 900 + dx / 2, y: 300 + dy / 2))
        _ = compare.pointer(.up(x: 900 + dx, y: 300 + dy))
        let after = (compare.frame(of: .left)!, compare.frame(of: .right)!)
        let moved = (after.0.x - before.0.x, after.0.y - before.0.y)
        #expect(after.1.x - before.1.x == moved.0 && after.1.y - before.1.y == moved.1, "both by as much")
        if !zoomed { #expect(moved == (0, 0)) }
        if zoomed, abs(dx) < 1000 { #expect(moved == (dx, dy)) }
        // A zoomed photo still covers its half.
        if zoomed { #expect(after.0.x <= 0 && after.0.x + after.0.width >= 640) }
    }

    @Test("the swipe layout: both over the whole area, the divider follows a press near it or any press at fit")
    func swipe() {
        var compare = Self.compare()
        _ = compare.perform(.compare(.layout))
        #expect(compare.layout == .swipe)
        #expect(compare.box(of: .left) == Self.area && compare.box(of: .right) == Self.area)
        _ = compare.pointer(.down(x: 100, y: 300))
        _ = compare.pointer(.up(x: 320, y: 300))
        #expect(compare.divider == 0.25)
        _ = compare.perform(.zoomActualSize)
        let zoom = compare.zoom
        _ = compare.pointer(.down(x: 330, y: 300))
        _ = compare.pointer(.move(x: 960, y: 300))
        _ = compare.pointer(.up(x: 2000, y: 300))
        #expect(compare.divider == 1, "held within the area")
        #expect(compare.zoom == zoom, "the divider's drag pans nothing")
        _ = compare.pointer(.down(x: 600, y: 300))
        _ = compare.pointer(.up(x: 500, y: 300))
        #expect(compare.divider == 1 && compare.zoom != zoom, "away from the divider a zoomed drag pans")
        _ = compare.perform(.compare(.layout))
        #expect(compare.layout == .sideBySide && compare.zoom == nil)
    }

    @Test(
        "the zoom waits for a decoded photo, is measured on the right one while the left is not, and hostile input is ignored"
    )
    func hostile() {
        var compare = Self.compare(pictures: (nil, nil))
        compare.zoom(by: 2, atX: 100, y: 100)
        _ = compare.perform(.zoomActualSize)
        compare.zoom(notches: 3)
        #expect(compare.zoom == nil && compare.frame(of: .left) == nil)
        compare.setPictures(left: nil, right: Self.burst)
        compare.zoom(notches: Int.min)
        compare.zoom(notches: Int.max)
        #expect(compare.imageScale(of: .right)! <= 8 + 1e-9)
        for factor in [Double.nan, .infinity, 0, -2] { compare.zoom(by: factor, atX: 10, y: 10) }
        compare.zoom(to: .nan, atX: .nan, y: .infinity)
        #expect(compare.frame(of: .right).map { $0.width.isFinite } == true)
        #expect(ComparedPicture(width: 0, height: 10) == nil && ComparedPicture(width: .nan, height: 10) == nil)
        #expect(ComparedPicture(width: .infinity, height: 10) == nil)
        var single = CompareModel(left: 0, right: 0, photoCount: 1, area: Self.area)
        _ = single.perform(.next)
        _ = single.perform(.compare(.swap))
        #expect(single.left == 0 && single.right == 0)
        var renumbered = Self.compare()
        let tooFew = renumbered.renumber(count: 1, left: 0, right: 0)
        let kept = renumbered.renumber(count: 5, left: 2, right: 2)
        #expect(!tooFew && kept)
        #expect(renumbered.left == 2 && renumbered.right == 3 && renumbered.picture(on: .left) == nil)
    }
}
