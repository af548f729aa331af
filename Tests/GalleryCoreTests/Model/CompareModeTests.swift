import PagerEngine
import Support
import Testing

@testable import GalleryCore

/// The compare screen in the gallery's model: opened from a pager by `v`, handed its input, left to the pager on the
/// left-hand photo, and kept right when the library changes under it.
@Suite("Compare mode")
struct CompareModeTests {
    static func model(photos: Int = 10, mode: GalleryMode = .bounded, start: Int = 3) -> GalleryModel {
        GalleryModel(photoCount: photos, mode: mode, startPage: start, viewport: Viewport(width: 1280, height: 720))
    }

    /// Presses `names` 0.2 s apart after the model's clock, and lets everything come to rest.
    static func press(_ names: [String], on model: inout GalleryModel) {
        var time = model.now + 1
        for name in names {
            _ = model.handle(.user(.key(GalleryKey.named(name), isRepeat: false)), at: time)
            time += 0.2
        }
        _ = model.advance(to: time + 5)
    }

    @Test(
        "v opens compare on the photo and the next (a marked one first); v, Enter, Escape and a mode key leave it",
        arguments: [
            ([String](), 3, 4), (["Right", "Right", "m", "Left", "Left"], 3, 5), (["End"], 9, 8),
            (["Right", "m", "End", "m"], 9, 4),
        ])
    func opens(before: [String], left: Int, right: Int) {
        for leave in [["v"], ["Return"], ["Escape"], ["F2"], ["F3"]] {
            var model = Self.model()
            Self.press(before + ["v"], on: &model)
            #expect(model.compare?.left.rawValue == left && model.compare?.right.rawValue == right)
            #expect(model.pager == nil && model.currentPhoto.rawValue == left)
            #expect(
                model.overlay(name: "a.jpg", now: model.now, panelLines: [], comparedName: "b.jpg").info.hasPrefix(
                    "\(left + 1) / 10 — a.jpg  ⇄  \(right + 1) / 10 — b.jpg · compare"))
            Self.press(["Right", "u"] + leave, on: &model)
            #expect(model.compare == nil && !model.window.quitRequested)
            #expect(model.screen.isPager && model.currentPhoto.rawValue != left, "back on the left-hand photo, swapped")
            #expect(model.mode == (leave == ["F3"] ? .endCaps : .bounded))
        }
    }

    @Test("in compare the arrows move the right-hand photo, m marks it, = zooms both and Escape first closes the panel")
    func keys() {
        var model = Self.model()
        Self.press(["v", "Right", "Right", "m", "Left"], on: &model)
        #expect(model.compare?.right == 5 && model.marks.inOrder == [6])
        _ = model.handle(
            .report(.facts(FrameFacts(pictures: [3: ComparedPicture(width: 4000, height: 3000)!]))), at: model.now)
        Self.press(["="], on: &model)
        #expect(model.compare?.imageScale(of: .left) == 1)
        _ = model.handle(.user(.wheel(dx: 0, dy: -1)), at: model.now + 1)
        #expect(model.compare!.imageScale(of: .left)! < 1, "a notch towards the user zooms out")
        Self.press(["I", "Escape"], on: &model)
        #expect(model.compare != nil && !model.overlays.showsInfoPanel)
        Self.press(["Escape"], on: &model)
        #expect(model.compare == nil && model.currentPhoto == 3)
    }

    @Test("N and P move the right-hand photo to the next or previous marked one, passing over the marked left-hand one")
    func marked() {
        var model = Self.model()
        Self.press(["m", "Right", "Right", "m", "Left", "Left", "v"], on: &model)
        #expect(model.marks.inOrder == [3, 5] && model.compare?.left == 3 && model.compare?.right == 5)
        Self.press(["Home", "N"], on: &model)
        #expect(model.compare?.right == 5)
        Self.press(["P"], on: &model)
        #expect(model.compare?.right == 5, "none before it but the left-hand photo")
        Self.press(["End", "m", "Home", "N", "N"], on: &model)
        #expect(model.compare?.right == 9 && model.marks.inOrder == [3, 5, 9])
    }

    @Test(
        "v says why it cannot compare: one photo, none, the grid, the feed",
        arguments: [
            (1, GalleryMode.bounded, "compare needs two photos" as String?), (0, .feed, nil), (5, .grid, nil),
            (5, .feed, "compare: press v on a photo in the pager"),
            (5, .wheel, "compare: press v on a photo in the pager"),
        ])
    func refuses(photos: Int, mode: GalleryMode, notice: String?) {
        var model = Self.model(photos: photos, mode: mode, start: 0)
        _ = model.handle(.user(.key(GalleryKey.named("v"), isRepeat: false)), at: 1)
        #expect(model.compare == nil && model.mode == mode)
        if let notice { #expect(model.overlays.notice == notice) }
    }

    @Test(
        "the library renumbered under compare: the photos follow their files, a gone one gives way, one left closes it")
    func renumbered() {
        var model = Self.model()
        Self.press(["v", "Right", "Right"], on: &model)
        #expect(model.compare?.left == 3 && model.compare?.right == 6)
        // Photo 6, the right-hand one, is gone; every later photo moves down one.
        model.renumberPhotos(
            count: 9, renumbered: { $0 == 6 ? nil : $0.rawValue < 6 ? $0 : PhotoID($0.rawValue - 1) }, showing: 3,
            note: nil, at: model.now + 1)
        #expect(model.compare?.left == 3 && model.compare?.right == 4)
        #expect(model.overlays.notice == "compare: a compared photo is gone")
        // Photo 0 is gone: both move down one. The sizes measured by number before belong to other photos now.
        let (wide, tall) = (ComparedPicture(width: 400, height: 300)!, ComparedPicture(width: 300, height: 400)!)
        _ = model.handle(.report(.facts(FrameFacts(pictures: [3: wide, 4: tall]))), at: model.now)
        #expect(model.compare?.leftPicture == wide && model.compare?.rightPicture == tall)
        model.renumberPhotos(
            count: 8, renumbered: { $0 == 0 ? nil : PhotoID($0.rawValue - 1) }, showing: 2, note: "1 file removed",
            at: model.now + 2)
        #expect(model.compare?.left == 2 && model.compare?.right == 3 && model.overlays.notice == "1 file removed")
        Self.press(["="], on: &model)
        #expect(model.compare?.leftPicture == nil && model.compare?.rightPicture == nil, "old numbers' sizes unused")
        _ = model.handle(.report(.facts(FrameFacts(pictures: [2: wide, 3: tall]))), at: model.now)
        #expect(model.compare?.leftPicture == wide && model.compare?.rightPicture == tall)
        model.renumberPhotos(count: 1, renumbered: { $0 == 2 ? 0 : nil }, showing: 0, note: nil, at: model.now + 3)
        #expect(model.compare == nil && model.mode == .bounded && model.photoCount == 1)
        #expect(model.overlays.notice == "compare closed: one photo left")
    }

    @Test(
        "< and > in compare turn both photos' views (kept in the pager after), the sizes measured again before taken",
        arguments: [([">"], 1), (["<"], 3), ([">", ">", "<"], 1), (["|"], 0)])
    func turn(keys: [String], quarterTurns: Int) {
        var model = Self.model()
        Self.press(["v"], on: &model)
        let (wide, tall) = (ComparedPicture(width: 400, height: 300)!, ComparedPicture(width: 300, height: 400)!)
        _ = model.handle(.report(.facts(FrameFacts(pictures: [3: wide, 4: wide]))), at: model.now)
        // `=` after the turn hands compare the facts measured before it, which it must not take.
        Self.press(keys + ["="], on: &model)
        for photo in [PhotoID(3), 4] { #expect(model.orientation(of: photo).quarterTurns == quarterTurns) }
        #expect(model.orientation(of: 5) == .upright)
        let turned = quarterTurns % 2 == 1 ? tall : wide
        #expect(model.compare?.leftPicture == turned && model.compare?.rightPicture == turned)
        // Facts measured before the turn (the adapter's last frame) are not taken; the next ones are.
        _ = model.handle(.report(.facts(FrameFacts(pictures: [3: turned, 4: turned]))), at: model.now)
        #expect(model.compare?.leftPicture == turned)
        Self.press(["v"], on: &model)
        #expect(model.compare == nil && model.orientation(of: model.currentPhoto).quarterTurns == quarterTurns)
    }
}
