import PagerEngine
import Testing

@testable import GalleryCore

/// The keys newcomers from nsxiv and eog reach for: mode keys that act at once while digits only ever count; Escape
/// stepping out one layer at a time; marks inverted (and back), cleared, and visited in turn.
@Suite("Key habits")
struct KeyHabitsTests {
    /// What pressing keys leaves.
    struct Outcome: Equatable, CustomTestStringConvertible {
        var mode: GalleryMode
        var photo: Int
        var quits = false
        var fullscreen = false
        var marks: [Int] = []

        var testDescription: String {
            "\(mode) photo \(photo)\(quits ? " quits" : "")\(fullscreen ? " fullscreen" : "")"
        }
    }

    /// Presses `names` a second apart on a 12-photo model in `mode` (the pager at rest before each, a count still
    /// pending), carrying out every effect the model can.
    static func press(_ names: [String], mode: GalleryMode = .bounded, photos: Int = 12) -> GalleryModel {
        var model = GalleryModel(
            photoCount: photos, mode: mode, startPage: 0, viewport: Viewport(width: 1280, height: 720))
        var time = 1.0
        for name in names {
            model.noteTime(time)
            _ = model.advance(to: time)
            _ = model.handle(.user(.key(GalleryKey.named(name), isRepeat: false)), at: time)
            time += 1
        }
        time += 5
        model.noteTime(time)
        model.expireCount(at: time)
        _ = model.advance(to: time)
        return model
    }

    static func outcome(of model: GalleryModel) -> Outcome {
        Outcome(
            mode: model.mode, photo: model.photo(ofPage: model.currentPage).rawValue,
            quits: model.window.quitRequested, fullscreen: model.window.isFullscreen,
            marks: model.marks.inOrder.map(\.rawValue))
    }

    @Test(
        "Mode keys act at once; digits are only a count for g, G and Enter, in every mode",
        arguments: [
            (GalleryMode.bounded, ["F7"], Outcome(mode: .grid, photo: 0)),
            (.bounded, ["F6"], Outcome(mode: .wheel, photo: 0)),
            (.wheel, ["F2"], Outcome(mode: .bounded, photo: 0)),
            (.bounded, ["F4", "Right"], Outcome(mode: .threeSurfaces, photo: 1)),
            (.bounded, ["F5"], Outcome(mode: .feed, photo: 0)),
            (.wheel, ["5", "Return"], Outcome(mode: .wheel, photo: 4)),
            (.bounded, ["1", "G"], Outcome(mode: .bounded, photo: 0)),
            (.bounded, ["5", "Return"], Outcome(mode: .bounded, photo: 4)),
            (.grid, ["5", "Return"], Outcome(mode: .grid, photo: 4)),
            (.bounded, ["1", "2", "g"], Outcome(mode: .bounded, photo: 11)),
            (.bounded, ["4"], Outcome(mode: .bounded, photo: 0)),
            (.bounded, ["4", "Right"], Outcome(mode: .bounded, photo: 1)),
            (.endCaps, ["3", "F7"], Outcome(mode: .grid, photo: 0)),
        ])
    func modeKeysAndCounts(mode: GalleryMode, names: [String], expected: Outcome) {
        #expect(Self.outcome(of: Self.press(names, mode: mode)) == expected)
    }

    @Test(
        "A mode key's switch is asked for by the key itself, with no wait", arguments: ["F2", "F3", "F4", "F6", "F7"])
    func modeKeyNoWait(name: String) {
        var model = GalleryModel(photoCount: 12, mode: .feed, startPage: 0, viewport: Viewport(width: 800, height: 600))
        guard case .command(let command) = GalleryKey.named(name) else {
            Issue.record("\(name) is not bound")
            return
        }
        #expect(model.command(forKey: GalleryKey.named(name), isRepeat: false, at: 1) == command)
        #expect(model.countDeadline == nil)
    }

    @Test(
        "Escape leaves fullscreen, then the grid or the wheel, and quits only from the plain pager",
        arguments: [
            (GalleryMode.bounded, ["Escape"], Outcome(mode: .bounded, photo: 0, quits: true)),
            (.bounded, ["F", "Escape"], Outcome(mode: .bounded, photo: 0)),
            (.bounded, ["F", "Escape", "Escape"], Outcome(mode: .bounded, photo: 0, quits: true)),
            (.endCaps, ["F7", "Right", "Escape"], Outcome(mode: .endCaps, photo: 1)),
            (.threeSurfaces, ["F6", "Right", "Escape"], Outcome(mode: .threeSurfaces, photo: 1)),
            (.bounded, ["F", "F7", "Escape"], Outcome(mode: .grid, photo: 0)),
            (.bounded, ["F", "F7", "Escape", "Escape", "Escape"], Outcome(mode: .bounded, photo: 0, quits: true)),
            (.bounded, ["F", "F", "Escape"], Outcome(mode: .bounded, photo: 0, quits: true)),
            (.bounded, ["q"], Outcome(mode: .bounded, photo: 0, quits: true)),
            (.bounded, ["F", "q"], Outcome(mode: .bounded, photo: 0, quits: true, fullscreen: true)),
            // The I panel is a layer over the photo: Escape closes it first (it quit before).
            (.bounded, ["I", "Escape"], Outcome(mode: .bounded, photo: 0)),
            (.bounded, ["I", "Escape", "Escape"], Outcome(mode: .bounded, photo: 0, quits: true)),
            (.bounded, ["F", "I", "Escape"], Outcome(mode: .bounded, photo: 0, fullscreen: true)),
        ])
    func escapeStepsOut(mode: GalleryMode, names: [String], expected: Outcome) {
        #expect(Self.outcome(of: Self.press(names, mode: mode)) == expected)
    }

    @Test("z says what it did, with or without the status bar (the frame itself does not change)")
    func keepZoomIsSaid() {
        var model = GalleryModel(
            photoCount: 12, mode: .bounded, startPage: 0, viewport: Viewport(width: 800, height: 600))
        _ = model.handle(.user(.key(GalleryKey.named("z"), isRepeat: false)), at: 1)
        #expect(model.overlays.notice == "zoom kept over page turns")
        _ = model.handle(.user(.key(GalleryKey.named("z"), isRepeat: false)), at: 2)
        #expect(model.overlays.notice == "zoom not kept: each photo opens fitted")
    }

    @Test(
        "Marks as nsxiv: M and Ctrl+M invert (twice: undone), Ctrl+U clears, N and P visit the marked, n and p page",
        arguments: [
            (["m", "Right", "m", "Ctrl+M"], Outcome(mode: .bounded, photo: 1, marks: Array(2..<12))),
            (["m", "Right", "m", "Ctrl+M", "Ctrl+M"], Outcome(mode: .bounded, photo: 1, marks: [0, 1])),
            (["m", "Right", "m", "M", "M"], Outcome(mode: .bounded, photo: 1, marks: [0, 1])),
            (["m", "Right", "m", "Ctrl+U"], Outcome(mode: .bounded, photo: 1, marks: [])),
            (["4", "g", "m", "8", "g", "m", "Home", "N"], Outcome(mode: .bounded, photo: 3, marks: [3, 7])),
            (["4", "g", "m", "8", "g", "m", "Home", "N", "N"], Outcome(mode: .bounded, photo: 7, marks: [3, 7])),
            (["4", "g", "m", "8", "g", "m", "Home", "N", "N", "N"], Outcome(mode: .bounded, photo: 7, marks: [3, 7])),
            (["4", "g", "m", "8", "g", "m", "P"], Outcome(mode: .bounded, photo: 3, marks: [3, 7])),
            (["4", "g", "m", "P"], Outcome(mode: .bounded, photo: 3, marks: [3])),
            (["n", "n", "p"], Outcome(mode: .bounded, photo: 1)),
            (["F7", "4", "g", "m", "Home", "N"], Outcome(mode: .grid, photo: 3, marks: [3])),
        ])
    func marks(names: [String], expected: Outcome) {
        #expect(Self.outcome(of: Self.press(names)) == expected)
    }
}
