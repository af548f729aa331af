import GalleryCore
import PagerEngine
import Testing

@Suite("View orientation: turning and mirroring on screen")
struct ViewOrientationTests {
    /// A 4 × 2 picture's top-left pixel, and where each change sends it as shown.
    @Test(
        "The top-left pixel of a 4 × 2 picture lands in the expected corner",
        arguments: [
            (ViewOrientation.Change.turnClockwise, 1, 0),  // shown 2 × 4: top right
            (.turnAnticlockwise, 0, 3),  // bottom left
            (.mirrorHorizontally, 3, 0),  // top right
            (.mirrorVertically, 0, 1),  // bottom left
        ])
    func corner(change: ViewOrientation.Change, x: Int, y: Int) {
        let shown = ViewOrientation.upright.applying(change).shownPoint(x: 0, y: 0, width: 4, height: 2)
        #expect(shown.x == x && shown.y == y)
    }

    @Test(
        "Four turns, or two mirrors of a kind, come back upright; a turn then a mirror is a mirror then the other turn")
    func groupLaws() {
        var orientation = ViewOrientation.upright
        for _ in 0..<4 { orientation = orientation.turnedClockwise }
        #expect(orientation == .upright)
        #expect(ViewOrientation.upright.mirroredHorizontally.mirroredHorizontally == .upright)
        #expect(ViewOrientation.upright.mirroredVertically.mirroredVertically == .upright)
        #expect(ViewOrientation.upright.mirroredHorizontally.mirroredVertically.quarterTurns == 2)
        // Every corner agrees with composing the pixel moves one by one.
        let changes: [ViewOrientation.Change] = [
            .turnClockwise, .mirrorHorizontally, .turnAnticlockwise, .mirrorVertically,
        ]
        var composed = ViewOrientation.upright
        var point = (x: 1, y: 0)
        var size = (width: 5, height: 3)
        for change in changes {
            let step = ViewOrientation.upright.applying(change)
            point = step.shownPoint(x: point.x, y: point.y, width: size.width, height: size.height)
            size = step.shown(width: size.width, height: size.height)
            composed = composed.applying(change)
            let direct = composed.shownPoint(x: 1, y: 0, width: 5, height: 3)
            #expect(direct.x == point.x && direct.y == point.y, "after \(change)")
        }
    }

    @Test("The keys turn the photo at the centre only, kept when the page turns away and back; the status names it")
    func perPhoto() {
        var model = GalleryModel(
            photoCount: 3, mode: .bounded, viewport: Viewport(width: 640, height: 400))
        _ = model.handle(.command(.orient(.turnClockwise)), at: 0.1)
        _ = model.handle(.command(.orient(.mirrorHorizontally)), at: 0.2)
        #expect(model.orientation(of: 0) == ViewOrientation(quarterTurns: 3, mirrored: true))
        #expect(model.orientation(of: 1) == .upright)
        #expect(model.viewLabel == "turned 270°, mirrored")
        _ = model.handle(.command(.next), at: 0.3)
        _ = model.advance(to: 5)
        #expect(model.viewLabel == nil)
        _ = model.handle(.command(.previous), at: 5.1)
        _ = model.advance(to: 10)
        #expect(model.orientation(of: 0) == ViewOrientation(quarterTurns: 3, mirrored: true))
        #expect(model.viewLabel == "turned 270°, mirrored")
    }

    @Test("The view keys: > and Ctrl+R turn clockwise, < anticlockwise, | and _ mirror")
    func keys() {
        #expect(GalleryKey.named(">") == .command(.orient(.turnClockwise)))
        #expect(GalleryKey.named("Ctrl+R") == .command(.orient(.turnClockwise)))
        #expect(GalleryKey.named("<") == .command(.orient(.turnAnticlockwise)))
        #expect(GalleryKey.named("|") == .command(.orient(.mirrorHorizontally)))
        #expect(GalleryKey.named("_") == .command(.orient(.mirrorVertically)))
    }
}
