import GalleryCore
import Imaging
import Logging
import Support

/// The animated photo on screen: only the current page plays. Its frames come from its `AnimationStream`, which
/// decodes the next frame due on a thread of its own while the current one shows, so the upload step before painting
/// only writes the frame into the page's texture; the window sleeps until the next frame is due (`nextWakeTime`).
/// When the page leaves, its stream stops and lets its decoder's memory go.
extension GalleryController {
    /// Starts, keeps or stops the animation of the photo on screen at `time` (none in the wheel, or before its first
    /// frame is decoded), and asks for a frame when the frame to show changed.
    func updateAnimation(at time: Double) {
        let photo = model.currentPhoto
        let stream = shownPresenter.showsThumbnailsOnly ? nil : store.decodes.animations[photo]
        report(.animation(stream?.clock, photo: photo), at: time)
        if let playing = animationOnScreen.playing,
            playing.photo != model.views.animation?.photo || playing.stream !== stream
        {
            playing.stream.stop()
            animationOnScreen.playing = nil
        }
        guard let animation = model.views.animation, let stream else { return }
        if animationOnScreen.playing == nil {
            animationOnScreen.playing = (animation.photo, stream, false)
            // The first frame is the page's picture: the second is decoded while it shows.
            if stream.clock.frameCount > 1 { stream.prepare(1) }
        }
        let shown = animationOnScreen.shownFrame
        if shown?.photo != animation.photo || shown?.frame != animation.frame(at: time) { needsRedraw = true }
    }

    /// The frame the animated page's texture holds (for the trace), or nil when nothing animates.
    var shownAnimationFrameIndex: Int? {
        guard let animation = model.views.animation, let shown = animationOnScreen.shownFrame,
            shown.photo == animation.photo,
            shown.texture != nil
        else { return nil }
        return shown.frame
    }

    /// Writes the animation's current frame into the texture of each slot in `shown` that shows the animated photo,
    /// unless that texture already holds it, then has the frame after it decoded ahead. A stream that fails (a damaged
    /// frame, a decoder process lost) leaves the last frame shown.
    func uploadAnimationFrame(_ shown: [(slot: Int, photo: PhotoID)]) throws {
        guard let animation = model.views.animation, let playing = animationOnScreen.playing,
            playing.photo == animation.photo
        else {
            return
        }
        let stream = playing.stream
        let frame = animation.frame(at: now)
        for (slot, page) in shown where page == animation.photo {
            guard let texture = store.texture(forPhoto: page, slot: slot), frame < stream.clock.frameCount else {
                continue
            }
            if let held = animationOnScreen.shownFrame, held.photo == page, held.frame == frame,
                held.texture === texture
            {
                continue
            }
            // A texture new to the animation was made from the page's picture: it holds the first frame already.
            let fresh = animationOnScreen.shownFrame?.texture !== texture
            if fresh, frame == 0 {
                animationOnScreen.shownFrame = ShownAnimationFrame(photo: page, frame: frame, texture: texture)
                continue
            }
            switch stream.frame(frame) {
            case .success(let pixels):
                if pixels.size == texture.size { try texture.update(from: pixels) }
            case .failure(let reason):
                if animationOnScreen.playing?.failed == false {
                    animationOnScreen.playing?.failed = true
                    Logger(label: "gallery.animation").warning(
                        "animation stopped at frame \(frame + 1): \(reason.message)", source: Logger.gallerySource)
                }
            }
            animationOnScreen.shownFrame = ShownAnimationFrame(photo: page, frame: frame, texture: texture)
        }
        if let due = animation.nextChangeTime(after: now) { stream.prepare(animation.frame(at: due)) }
    }
}
