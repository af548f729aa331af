import PagerEngine
import Support
import Testing

@testable import GalleryCore

/// The model when photos leave or join the library: the arrangement stays, its pager is built afresh on the photo
/// kept, the marks follow their photos.
@Suite("Library changes in the model")
struct LibraryChangeModelTests {
    @Test(
        "Photos renumbered: the arrangement and the photo shown stay, marks follow, the count changes",
        arguments: [GalleryMode.bounded, .endCaps, .threeSurfaces, .wheel, .grid])
    func renumbered(mode: GalleryMode) {
        var model = GalleryModel(photoCount: 10, mode: mode, startPage: 6, viewport: Viewport(width: 800, height: 600))
        _ = model.handle(.command(.toggleMark), at: 1)
        _ = model.handle(.command(.goToPhoto(8)), at: 1.1)
        _ = model.advance(to: 5)
        _ = model.handle(.command(.toggleMark), at: 5)
        // Photos 2 and 3 are gone: every later photo moves down two.
        model.renumberPhotos(
            count: 8,
            renumbered: {
                $0.rawValue == 2 || $0.rawValue == 3 ? nil : $0.rawValue < 2 ? $0 : PhotoID($0.rawValue - 2)
            },
            showing: 6, note: "2 files dropped: cannot be shown", at: 6)
        #expect(model.mode == mode)
        #expect(model.photoCount == 8 && model.pageCount == 8)
        #expect(model.photo(ofPage: model.currentPage) == 6)
        #expect(model.marks.inOrder == [4, 6])
        #expect(model.overlay(name: "x.jpg", now: 6, panelLines: []).info.hasSuffix("2 files dropped: cannot be shown"))
        // Said once: gone when the information fades.
        _ = model.advanceInfo(to: 60)
        #expect(model.overlays.notice == nil)
    }

    @Test("The feed keeps its pages: the library does not change under it, nor under a moving pager")
    func waits() {
        var feed = GalleryModel(photoCount: 5, mode: .feed, startPage: 0, viewport: Viewport(width: 800, height: 600))
        #expect(!feed.canChangeLibrary)
        var pager = GalleryModel(
            photoCount: 5, mode: .bounded, startPage: 0, viewport: Viewport(width: 800, height: 600))
        #expect(pager.canChangeLibrary)
        _ = pager.perform(.next, at: 1)
        #expect(!pager.canChangeLibrary)
        _ = pager.advance(to: 5)
        #expect(pager.canChangeLibrary)
        #expect(feed.perform(.reload, at: 1) == [] && pager.perform(.reload, at: 6) == [.reload])
    }
}
