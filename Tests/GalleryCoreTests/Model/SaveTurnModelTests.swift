import PagerEngine
import Testing

@testable import GalleryCore

/// Ctrl+S in the model: the view's turn of the photo shown, asked only when there is one to save, in a pager.
@Suite("Save the turn in the model")
struct SaveTurnModelTests {
    @Test("Ctrl+S is bound and on the help; an upright photo has nothing to save; a turned one asks its turn saved")
    func ctrlSAsksTheTurnSaved() {
        #expect(GalleryKey.named("Ctrl+S") == .command(.saveTurn))
        #expect(KeyMap.helpLines.contains { $0.contains("Ctrl+S: save it into the file") })
        var model = GalleryModel(
            photoCount: 5, mode: .bounded, startPage: 2, viewport: Viewport(width: 800, height: 600))
        #expect(model.handle(.command(.saveTurn), at: 1).isEmpty)
        #expect(model.overlays.notice == GalleryModel.nothingToSave)
        _ = model.handle(.command(.orient(.turnClockwise)), at: 1)
        _ = model.handle(.command(.orient(.mirrorHorizontally)), at: 1)
        let turn = model.orientation(of: 2)
        #expect(turn == ViewOrientation(quarterTurns: 3, mirrored: true))
        #expect(model.handle(.command(.saveTurn), at: 2) == [.saveTurn(2, turn: turn)])
        model.resetOrientation(of: 2)
        #expect(model.orientation(of: 2) == .upright)
    }

    @Test("the grid's rows are never turned: Ctrl+S there says where it works")
    func gridRefuses() {
        var model = GalleryModel(photoCount: 5, mode: .grid, startPage: 1, viewport: Viewport(width: 800, height: 600))
        #expect(model.handle(.command(.saveTurn), at: 1).isEmpty)
        #expect(model.overlays.notice == GalleryModel.saveTurnInPager)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let value: Int
        var testDescription: String { "EXIF \(value)" }
    }

    /// Each EXIF value's transform, composed with every view orientation, is again one of the eight.
    @Test(arguments: (1...8).map(Case.init))
    func exifValuesRoundTripAndCompose(example: Case) throws {
        let stated = try #require(ViewOrientation(exifValue: example.value))
        #expect(stated.exifValue == example.value)
        #expect(ViewOrientation.upright.after(stated) == stated)
        let turn = ViewOrientation(quarterTurns: 1, mirrored: false)
        // Four quarter turns after it come back to it.
        #expect(turn.after(turn.after(turn.after(turn.after(stated)))) == stated)
    }
}
