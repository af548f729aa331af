import GalleryCore
import PagerEngine
import Testing

/// Delete, Ctrl+Z, Ctrl+C and Ctrl+O in the model: which photo they act on, and where they are refused.
@Suite("File commands in the model")
struct FileCommandModelTests {
    @Test("the keys are bound: Delete, Ctrl+Z, Ctrl+C, Ctrl+O (as the window names them with Ctrl held)")
    func keys() {
        #expect(GalleryKey.named("Delete") == .command(.trash))
        #expect(GalleryKey.named("Ctrl+Z") == .command(.undoTrash))
        #expect(GalleryKey.named("Ctrl+C") == .command(.copyPath))
        #expect(GalleryKey.named("Ctrl+O") == .command(.openWith))
        var pairing = KeyTextPairing()
        #expect(pairing.keyDown(.character("z"), shift: false, ctrl: true, helpShows: false) == .command(.undoTrash))
        // feh's Ctrl+Delete deletes too.
        #expect(pairing.keyDown(.delete, shift: false, ctrl: true, helpShows: false) == .command(.trash))
        #expect(KeyMap.helpLines.contains { $0.hasPrefix("Delete") && $0.contains("Trash") })
    }

    @Test(
        "each acts on the current photo (the grid's selection), never the marked ones",
        arguments: [GalleryMode.bounded, .endCaps, .wheel, .grid])
    func currentPhoto(mode: GalleryMode) {
        var model = GalleryModel(photoCount: 10, mode: mode, startPage: 4, viewport: Viewport(width: 800, height: 600))
        _ = model.handle(.command(.invertMarks), at: 1)
        #expect(model.handle(.command(.trash), at: 1) == [.trash(4)])
        #expect(model.handle(.command(.undoTrash), at: 1) == [.undoTrash])
        #expect(model.handle(.command(.copyPath), at: 1) == [.copyPath(4)])
        #expect(model.handle(.command(.openWith), at: 1) == [.openWith(4)])
    }

    @Test("the feed refuses Delete and Ctrl+Z and says why; copy and open still work there")
    func feedRefuses() {
        var model = GalleryModel(photoCount: 10, mode: .feed, startPage: 2, viewport: Viewport(width: 800, height: 600))
        #expect(model.handle(.command(.trash), at: 1).isEmpty)
        #expect(model.overlays.notice == GalleryModel.feedRefusesTrash)
        #expect(model.handle(.command(.undoTrash), at: 1).isEmpty)
        #expect(model.handle(.command(.copyPath), at: 1) == [.copyPath(2)])
    }

    @Test("the last photo stays")
    func lastPhotoStays() {
        var model = GalleryModel(photoCount: 1, mode: .bounded, viewport: Viewport(width: 800, height: 600))
        #expect(model.handle(.command(.trash), at: 1).isEmpty)
        #expect(model.overlays.notice == GalleryModel.lastPhotoStays)
        #expect(model.handle(.command(.undoTrash), at: 1) == [.undoTrash])
    }
}
