import GalleryCore
import PagerEngine
import Support
import Testing

/// Pages and photos: what each slot of the strip shows, as a photo of the library, in every arrangement. A page is a
/// place on the strip (end caps and the three surfaces repeat pages, the feed orders them its own way); the photo is
/// what the stores decode, so the two must map the same way everywhere.
@Suite("Photo of a page")
@MainActor struct PhotoOfPageTests {
    /// Four photos; the feed has appended photos 1 and 7 (of eight) after them.
    static func model(_ mode: GalleryMode) -> GalleryModel {
        var model = GalleryModel(photoCount: 4, mode: mode, viewport: Viewport(width: 320, height: 240))
        if mode == .feed { _ = model.handle(.report(.feedAppended([1, 7], photoCount: 8)), at: 0) }
        return model
    }

    @Test(
        "each slot's page maps to the photo it shows; end caps repeat photos, the feed's spinner slot shows none",
        arguments: [
            (.bounded, -1...4, [nil, 0, 1, 2, 3, nil]),
            (.endCaps, -1...6, [nil, 3, 0, 1, 2, 3, 0, nil]),
            (.threeSurfaces, -1...3, [nil, 3, 0, 1, nil]),
            (.feed, -1...7, [nil, 0, 1, 2, 3, 1, 7, nil, nil]),
            (.wheel, -1...4, [3, 0, 1, 2, 3, 0]),
        ] as [(GalleryMode, ClosedRange<Int>, [PhotoID?])])
    func slots(mode: GalleryMode, slots: ClosedRange<Int>, expected: [PhotoID?]) {
        let model = Self.model(mode)
        let photos = slots.map { slot -> PhotoID? in
            guard case .page(let page) = model.pager?.content(ofSlot: slot) else { return nil }
            return model.photo(ofPage: page)
        }
        #expect(photos == expected)
    }

    @Test("the feed's pages show its photos; outside the feed page p shows photo p", arguments: GalleryMode.allCases)
    func pages(mode: GalleryMode) {
        let model = Self.model(mode)
        let expected: [PhotoID] = mode == .feed ? [0, 1, 2, 3, 1, 7] : [0, 1, 2, 3]
        #expect((0..<model.pageCount).map { model.photo(ofPage: PageIndex($0)) } == expected)
    }

    /// The spinner's slot comes right after the last page; asked for that number, the model answers with the number
    /// itself (no feed page is there), which no store is ever asked for: the current page stays the last real one.
    @Test func theSpinnerSlotIsNoPage() {
        var model = Self.model(.feed)
        #expect(model.pager?.content(ofSlot: 6) == .feedEnd)
        #expect(model.photo(ofPage: 6) == 6)
        _ = model.handle(.command(.last), at: 0)
        _ = model.advance(to: 5)
        #expect(model.currentPage == 5 && model.photo(ofPage: model.currentPage) == 7)
    }
}
