import PagerEngine
import Testing

@testable import GalleryCore

@Suite("Grid mode")
struct GridModeTests {
    /// 1280×720 at scale 1, 128 px cells: 9 columns, 5 whole rows a screen.
    static func model(photos: Int = 100, mode: GalleryMode = .grid, start: Int = 0) -> GalleryModel {
        GalleryModel(photoCount: photos, mode: mode, startPage: start, viewport: Viewport(width: 1280, height: 720))
    }

    /// Presses `names` 0.2 s apart after the model's clock, and lets the scroll come to rest.
    static func press(_ names: [String], on model: inout GalleryModel) {
        var time = model.now + 1
        for name in names {
            model.noteTime(time)
            _ = model.handle(.user(.key(GalleryKey.named(name), isRepeat: false)), at: time)
            time += 0.2  // within CountPrefix.timeout, so digits make a number
        }
        time += 5
        _ = model.advance(to: time)
    }

    @Test(
        "keys move the selection, clamped and wrapping, and keep it in view",
        arguments: [
            ([String](), 0), (["Right"], 1), (["Left"], 0), (["Right", "Right", "Left"], 1), (["Down"], 9),
            (["Up"], 0), (["Down", "Up"], 0), (["End"], 99), (["End", "Right"], 99), (["End", "Down"], 99),
            (["Home"], 0), (["PageDown"], 45), (["PageDown", "PageUp"], 0), (["End", "PageDown"], 99),
            (["Down", "Left"], 8), (["Right", "PageUp"], 1), (["4", "2", "g"], 41),
        ])
    func keys(names: [String], selection: Int) {
        var model = Self.model()
        Self.press(names, on: &model)
        let grid = model.screen.grid!
        #expect(grid.selection.rawValue == selection)
        #expect(model.currentPage.rawValue == selection)
        let cell = grid.selectionCell(at: model.now)
        #expect(cell.y >= 0 && cell.maxY <= 720)
        #expect(GridSnap.isResting(grid.offset(at: model.now), in: grid.layout.scrollGeometry))
    }

    @Test("F7 opens the grid, Enter and t toggle pager ⇄ grid on the current photo")
    func modeSwitches() {
        var model = Self.model(mode: .bounded, start: 30)
        Self.press(["F7"], on: &model)
        #expect(model.mode == .grid && model.screen.grid?.selection == 30)
        #expect(model.pager == nil, "no pager waits beneath the grid")
        Self.press(["Right"], on: &model)
        let time = model.now + 1
        let shownCell = model.screen.grid?.selectionCell(at: time)
        let effects = model.handle(.command(.open), at: time)
        guard case .zoomFromGrid(let photo, let cell) = effects.first else {
            Issue.record("no zoom from the grid: \(effects)")
            return
        }
        #expect(photo == 31 && cell == shownCell)
        #expect(model.mode == .bounded && model.currentPage == 31)
        Self.press(["Right", "t"], on: &model)
        #expect(model.mode == .grid && model.screen.grid?.selection == 32)
        Self.press(["t"], on: &model)
        #expect(model.mode == .bounded && model.currentPage == 32)
        Self.press(["Return"], on: &model)
        #expect(model.mode == .grid)
        Self.press(["F2"], on: &model)
        #expect(model.mode == .bounded && model.screen.grid == nil)
        #expect(GalleryMode(argumentName: "GRID") == .grid)
    }

    @Test("a click on a cell opens that photo; a drag scrolls without opening")
    func click() {
        var model = Self.model()
        let cell = model.screen.grid!.layout.cellRect(photo: 12, offset: 0)
        let (x, y) = (Double(cell.x + 10), Double(cell.y + 10))
        _ = model.handle(.user(.pointerDown(x: x, y: y)), at: 1)
        let effects = model.handle(.user(.pointerUp(x: x, y: y)), at: 1.05)
        #expect(effects.first == .zoomFromGrid(photo: 12, cell: cell))
        #expect(effects.contains(.screenChanged(left: .grid)))
        #expect(model.mode == .threeSurfaces && model.currentPhoto == 12, "opened in the pager mode for 100 photos")
        var dragged = Self.model()
        _ = dragged.pointerDown(x: x, y: 600, at: 1)
        for step in 1...5 { _ = dragged.pointerMove(x: x, y: 600 - 60 * Double(step), at: 1 + 0.016 * Double(step)) }
        #expect(dragged.pointerUp(x: x, y: 300, at: 1.09).isEmpty)
        #expect(dragged.screen.grid!.offset(at: 1.09) > 0)
        _ = dragged.advance(to: 10)
        #expect(GridSnap.isResting(dragged.screen.grid!.offset(at: 10), in: dragged.screen.grid!.layout.scrollGeometry))
    }

    @Test(
        "+ and - step the thumbnail size keeping the selection in view",
        arguments: [["+"], ["-"], ["+", "+", "+"], ["-", "-", "-"]])
    func sizeSteps(names: [String]) {
        var model = Self.model(photos: 2000, start: 1234)
        Self.press(names, on: &model)
        let grid = model.screen.grid!
        #expect(grid.selection == 1234)
        let cell = grid.selectionCell(at: model.now)
        #expect(cell.y >= 0 && cell.maxY <= 720)
        let zoomed = model.handle(.user(.zoomBy(factor: 1.1, x: 640, y: 360)), at: model.now)
        #expect(zoomed.isEmpty && model.shownZoom == nil && model.mode == .grid, "the grid took Ctrl + wheel")
    }

    @Test("the grid stops a slideshow, which would turn the pager beneath away from the selection")
    func slideshowStops() {
        var model = GalleryModel(
            photoCount: 20, mode: .bounded, viewport: Viewport(width: 1280, height: 720), slideshowInterval: 1)
        #expect(model.slideshow.isRunning)
        Self.press(["F7"], on: &model)
        #expect(model.mode == .grid && !model.slideshow.isRunning)
    }

    @Test("m marks the selected photo; the status line names the grid")
    func marks() {
        var model = Self.model()
        Self.press(["Right", "Right", "m"], on: &model)
        #expect(model.marks.inOrder == [2])
        #expect(model.statusLine(name: "x.jpg", photo: (nil, nil)).text.contains("grid"))
    }

    @Test("a feed's append grows the grid")
    func feedAppend() {
        var model = Self.model(photos: 10)
        _ = model.handle(.report(.feedAppended([10, 11, 12], photoCount: 13)), at: 1)
        #expect(model.screen.grid!.layout.photoCount == 13)
        Self.press(["End"], on: &model)
        #expect(model.screen.grid!.selection == 12)
    }

    @Test("the grid wants its visible photos decoded first")
    func wants() {
        let model = Self.model(photos: 100_000)
        let wants = model.gridWants!
        #expect(wants.photos.prefix(9).map(\.rawValue) == Array(0..<9))
        #expect(wants.photos.count < 200 && wants.flavour == .normal)
    }
}
