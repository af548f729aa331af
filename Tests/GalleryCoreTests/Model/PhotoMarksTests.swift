import GalleryCore
import PagerEngine
import Support
import Testing

/// Marks: `m`, `M`, Ctrl+M and Ctrl+U on the model, kept by photo across pages and modes.
@Suite("Photo marks")
struct PhotoMarksTests {
    @Test("toggle, invert and clear; the order is the gallery's")
    func marks() {
        var marks = PhotoMarks()
        for photo: PhotoID in [4, 1, 4, 7] { marks.toggle(photo) }
        #expect(marks.inOrder == [1, 7] && marks.count == 2 && marks.contains(7) && !marks.contains(4))
        marks.invert(photoCount: 9)
        #expect(marks.inOrder == [0, 2, 3, 4, 5, 6, 8])
        marks.removeAll()
        #expect(marks.count == 0 && marks.inOrder.isEmpty)
    }

    @Test("m, M and Ctrl+U through the key map; marks follow the photo into other modes; the information counts them")
    func keys() {
        var model = GalleryModel(
            photoCount: 5, mode: .endCaps, startPage: 1, viewport: Viewport(width: 800, height: 600))
        func press(_ name: String, at time: Double) {
            _ = model.handle(.user(.key(GalleryKey.named(name), isRepeat: false)), at: time)
        }
        press("m", at: 0.1)
        #expect(model.marks.inOrder == [1])
        #expect(model.overlay(name: "b.jpg", now: 0.1, panelLines: []).info.hasSuffix(" · marked (1 in all)"))
        _ = model.handle(.show(.wheel, photo: 3), at: 0.2)
        press("m", at: 0.3)
        #expect(model.marks.inOrder == [1, 3])
        _ = model.handle(.show(.bounded, photo: 0), at: 0.4)
        #expect(model.overlay(name: "a.jpg", now: 0.4, panelLines: []).info.hasSuffix(" · 2 marked"))
        press("M", at: 0.5)
        #expect(model.marks.inOrder == [0, 2, 4])
        press("Ctrl+U", at: 0.6)
        #expect(model.marks.count == 0 && model.markText == nil)
    }

    @Test("m right after a page turn marks the photo the turn heads for, not the one still sliding out")
    func midSlide() {
        var model = GalleryModel(
            photoCount: 5, mode: .bounded, startPage: 1, viewport: Viewport(width: 800, height: 600))
        for name in ["Right", "Right", "m"] {
            _ = model.handle(.user(.key(GalleryKey.named(name), isRepeat: false)), at: 0.1)
        }
        #expect(model.marks.inOrder == [3])
    }
}
