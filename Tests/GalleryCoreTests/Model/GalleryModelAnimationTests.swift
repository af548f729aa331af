import PagerEngine
import Support
import Testing

@testable import GalleryCore

@Suite("Gallery model: animation")
struct GalleryModelAnimationTests {
    static let clock = AnimationClock(delays: [0.1, 0.1, 0.1, 0.1], loopCount: 0)

    func model() -> GalleryModel {
        GalleryModel(photoCount: 3, mode: .bounded, viewport: Viewport(width: 800, height: 600))
    }

    @Test("Only the photo on screen animates; another photo (or none) ends it and its wake-ups")
    func onlyTheCurrentPhoto() {
        var model = model()
        _ = model.handle(.report(.animation(Self.clock, photo: 0)), at: 1)
        model.noteTime(1.05)
        #expect(model.animationWakeTime.map { abs($0 - 1.1) < 1e-9 } == true)
        _ = model.handle(.report(.animation(Self.clock, photo: 0)), at: 1.05)  // The same photo plays on.
        #expect(model.views.animation?.frame(at: 1.15) == 1)
        _ = model.handle(.report(.animation(nil, photo: 1)), at: 1.2)
        #expect(model.views.animation == nil)
        #expect(model.animationWakeTime == nil)
    }

    @Test("Ctrl+Space pauses and plays; Ctrl+N and Ctrl+P step and pause; a hidden window holds the frame")
    func keysAndHiding() {
        var model = model()
        _ = model.handle(.report(.animation(Self.clock, photo: 0)), at: 0)
        #expect(model.command(forKey: GalleryKey.named("Ctrl+Space"), isRepeat: false, at: 0.05) == .toggleAnimation)
        _ = model.handle(.command(.toggleAnimation), at: 0.05)
        model.noteTime(5)
        #expect(model.animationWakeTime == nil)
        #expect(model.animationPanelLine == "animation frame 1/4 · paused")
        _ = model.handle(.command(.nextFrame), at: 5)
        _ = model.handle(.command(.nextFrame), at: 5)
        #expect(model.views.animation?.frame(at: 9) == 2)
        _ = model.handle(.command(.previousFrame), at: 9)
        #expect(model.views.animation?.frame(at: 9) == 1)
        _ = model.handle(.command(.toggleAnimation), at: 9)
        _ = model.handle(.report(.windowHidden(true)), at: 9)
        model.noteTime(9.5)
        #expect(model.animationWakeTime == nil)
        _ = model.handle(.report(.windowHidden(false)), at: 20)
        model.noteTime(20)
        #expect(model.animationWakeTime.map { abs($0 - 20.1) < 1e-9 } == true)
    }

    @Test(
        "Ctrl+N and Ctrl+P are the frame keys; n and p turn pages, N and P go to the marked photos",
        arguments: [
            ("Ctrl+N", GalleryCommand.nextFrame), ("ctrl+n", .nextFrame), ("Ctrl+P", .previousFrame),
            ("Ctrl+Space", .toggleAnimation), ("N", .nextMarked), ("n", .next), ("p", .previous),
            ("P", .previousMarked),
            ("Space", .next),
        ])
    func keyNames(name: String, command: GalleryCommand) {
        #expect(GalleryKey.named(name) == .command(command))
    }
}
