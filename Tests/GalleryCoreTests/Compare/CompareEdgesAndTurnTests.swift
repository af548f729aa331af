import PagerEngine
import Support
import Testing

@testable import GalleryCore

/// Each compared photo stops at its own edges when panned, and `<` `>` `|` `_` turn both photos with the zoom kept.
@Suite("Compare edges and turn")
struct CompareEdgesAndTurnTests {
    /// A 1280×720 area: two 640×720 halves side by side.
    static let area = LayoutRect(x: 0, y: 0, width: 1280, height: 720)
    static let portrait = ComparedPicture(width: 3000, height: 4000)!
    static let landscape = ComparedPicture(width: 4000, height: 3000)!
    /// Smaller than a half at 100 %.
    static let small = ComparedPicture(width: 500, height: 400)!

    /// `left` and `right` compared at 100 %.
    static func actualSize(_ left: ComparedPicture, _ right: ComparedPicture) -> CompareModel {
        var compare = CompareModel(left: 0, right: 1, photoCount: 2, area: area)
        compare.setPictures(left: left, right: right)
        _ = compare.perform(.zoomActualSize)
        return compare
    }

    /// Drags the photos by (`dx`, `dy`).
    static func drag(_ compare: inout CompareModel, dx: Double, dy: Double) {
        _ = compare.pointer(.down(x: 640, y: 360))
        _ = compare.pointer(.up(x: 640 + dx, y: 360 + dy))
    }

    /// Where `side`'s photo meets its box along one axis: -1 its far edge at the box's far edge (panned all the way
    /// back), 1 its near edge at the box's near edge (panned all the way on), 0 centred in the box (no larger than
    /// it), nil elsewhere.
    static func edges(_ compare: CompareModel, _ side: CompareSide) -> (x: Int?, y: Int?) {
        let frame = compare.frame(of: side)!, box = compare.box(of: side)
        func edge(_ start: Double, _ length: Double, _ boxStart: Int, _ boxLength: Int) -> Int? {
            let end = start + length, boxEnd = Double(boxStart + boxLength)
            if abs(start + length / 2 - (Double(boxStart) + Double(boxLength) / 2)) < 1e-6 { return 0 }
            if abs(start - Double(boxStart)) < 1e-6, end >= boxEnd { return 1 }
            if abs(end - boxEnd) < 1e-6, start <= Double(boxStart) { return -1 }
            return nil
        }
        return (edge(frame.x, frame.width, box.x, box.width), edge(frame.y, frame.height, box.y, box.height))
    }

    @Test(
        "a drag far past the edges stops each photo at its own edges; one smaller than its half stays centred",
        arguments: [
            (portrait, landscape, 9000.0, 9000.0, [1, 1, 1, 1]),
            (portrait, landscape, -9000.0, -9000.0, [-1, -1, -1, -1]),
            (landscape, portrait, 9000.0, -9000.0, [1, -1, 1, -1]), (landscape, small, -9000.0, 9000.0, [-1, 1, 0, 0]),
            (small, landscape, 9000.0, 9000.0, [0, 0, 1, 1]), (small, portrait, -9000.0, 9000.0, [0, 0, -1, 1]),
        ])
    func ownEdges(left: ComparedPicture, right: ComparedPicture, dx: Double, dy: Double, expected: [Int]) {
        var compare = Self.actualSize(left, right)
        Self.drag(&compare, dx: dx, dy: dy)
        let (leftEdges, rightEdges) = (Self.edges(compare, .left), Self.edges(compare, .right))
        #expect([leftEdges.x, leftEdges.y, rightEdges.x, rightEdges.y] == expected.map { $0 })
        // Back by a few pixels: both move by as much again, the locked pan's feel within the edges.
        let before = (compare.frame(of: .left)!, compare.frame(of: .right)!)
        Self.drag(&compare, dx: dx > 0 ? -30 : 30, dy: 0)
        let movedLeft = compare.frame(of: .left)!.x - before.0.x, movedRight = compare.frame(of: .right)!.x - before.1.x
        #expect(movedLeft == 0 || movedRight == 0 || movedLeft == movedRight)
    }

    @Test(
        "Up and Down, a zoom about a point and a swap keep each photo within its own edges",
        arguments: [GalleryCommand.pan(.up), .pan(.down), .zoomIn, .compare(.swap)])
    func commandsWithinEdges(command: GalleryCommand) {
        var compare = Self.actualSize(Self.portrait, Self.landscape)
        for _ in 0..<20 { _ = compare.perform(command) }
        compare.zoom(by: 1.5, atX: 1270, y: 710)
        for side in CompareSide.allCases {
            let frame = compare.frame(of: side)!, box = compare.box(of: side)
            #expect(frame.x <= Double(box.x) + 1e-6 && frame.x + frame.width >= Double(box.maxX) - 1e-6)
            #expect(frame.y <= Double(box.y) + 1e-6 && frame.y + frame.height >= Double(box.maxY) - 1e-6)
        }
    }

    @Test(
        "< > | _ turn both photos: sizes turned, the zoom's share kept, the detail at the centre kept; the gallery told",
        arguments: [
            (ViewOrientation.Change.turnClockwise, 3000.0, 4000.0, -200.0, 300.0),
            (.turnAnticlockwise, 3000.0, 4000.0, 200.0, -300.0), (.mirrorHorizontally, 4000.0, 3000.0, -300.0, 200.0),
            (.mirrorVertically, 4000.0, 3000.0, 300.0, -200.0),
        ])
    func turn(change: ViewOrientation.Change, width: Double, height: Double, panX: Double, panY: Double) {
        var compare = Self.actualSize(Self.landscape, Self.landscape)
        Self.drag(&compare, dx: 300, dy: 200)
        #expect(compare.perform(.orient(change)) == .orient(change))
        for side in CompareSide.allCases {
            #expect(compare.picture(on: side) == ComparedPicture(width: width, height: height))
            #expect(abs(compare.imageScale(of: side)! - 1) < 1e-9, "still 100 %")
        }
        #expect(compare.zoom?.panX == panX && compare.zoom?.panY == panY)
        #expect(compare.awaitsPictures, "sizes measured before the turn are not taken")
        var fitted = CompareModel(left: 0, right: 1, photoCount: 2, area: Self.area)
        fitted.setPictures(left: Self.landscape, right: Self.portrait)
        #expect(fitted.perform(.orient(change)) == .orient(change))
        #expect(
            fitted.zoom == nil
                && fitted.picture(on: .right)?.width
                    == (change == .turnClockwise || change == .turnAnticlockwise ? 4000 : 3000)
        )
    }
}
