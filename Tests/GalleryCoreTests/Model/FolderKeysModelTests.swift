import PagerEngine
import Support
import Testing

@testable import GalleryCore

/// The folder keys in the model: each screen asks the adapter for the folder from the photo it moves (`jumpFolder`),
/// wrapping where its pages do; the answer moves that photo and says the folder; the feed says it has none.
@Suite("Folder keys in the model")
struct FolderKeysModelTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let mode: GalleryMode
        let keys: [String]
        let expected: GalleryEffect?
        let testDescription: String
    }

    static let cases: [Case] = [
        Case(
            mode: .bounded, keys: ["}"], expected: .jumpFolder(from: 3, forward: true, wraps: false),
            testDescription: "bounded: from the photo shown, stopping at the ends"),
        Case(
            mode: .endCaps, keys: ["{"], expected: .jumpFolder(from: 3, forward: false, wraps: true),
            testDescription: "a loop wraps"),
        Case(
            mode: .threeSurfaces, keys: ["Ctrl+PageDown"], expected: .jumpFolder(from: 3, forward: true, wraps: true),
            testDescription: "Ctrl+PageDown, in the other loop"),
        Case(
            mode: .grid, keys: ["Ctrl+PageUp"], expected: .jumpFolder(from: 3, forward: false, wraps: false),
            testDescription: "the grid, from its selection"),
        Case(
            mode: .wheel, keys: ["}"], expected: .jumpFolder(from: 3, forward: true, wraps: true),
            testDescription: "the wheel, from its row, wrapping as it does"),
        Case(
            mode: .bounded, keys: ["v", "}"], expected: .jumpFolder(from: 4, forward: true, wraps: false),
            testDescription: "compare: from the right-hand photo, which the keys move"),
        Case(
            mode: .feed, keys: ["}"], expected: nil, testDescription: "the feed: nothing asked, a notice says why"),
    ]

    /// Presses `keys` on a model of 10 photos in `mode` showing photo 3; returns the model and the last key's effects.
    static func press(_ keys: [String], mode: GalleryMode) -> (GalleryModel, [GalleryEffect]) {
        var model = GalleryModel(photoCount: 10, mode: mode, startPage: 3, viewport: Viewport(width: 1280, height: 720))
        var time = 1.0
        var effects: [GalleryEffect] = []
        for key in keys {
            _ = model.advance(to: time)
            effects = model.handle(.user(.key(GalleryKey.named(key), isRepeat: false)), at: time)
            time += 1
        }
        return (model, effects)
    }

    @Test("each screen asks for the folder from the photo it moves", arguments: cases)
    func asks(_ each: Case) {
        let (model, effects) = Self.press(each.keys, mode: each.mode)
        let asked = effects.filter { if case .jumpFolder = $0 { true } else { false } }
        #expect(asked == (each.expected.map { [$0] } ?? []))
        if each.expected == nil { #expect(model.overlays.notice == "the feed has no folders to go through") }
    }

    @Test("the answer moves the photo there and names the folder", arguments: cases.filter { $0.expected != nil })
    func answered(_ each: Case) {
        var (model, _) = Self.press(each.keys, mode: each.mode)
        _ = model.handle(.report(.folderReached(7, note: "trip/day2 — 3 photos")), at: 10)
        // The slide's end, before the information fades.
        _ = model.advance(to: 11)
        #expect((model.compare?.right ?? model.currentPhoto) == 7)
        #expect(model.overlays.notice == "trip/day2 — 3 photos")
    }
}
