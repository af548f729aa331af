import GalleryCore

/// The animated photo on screen: only the current page plays; its texture is rewritten with each new frame in the
/// upload step before painting, and the window sleeps until the next frame is due (`nextWakeTime`).
extension GalleryController {
    /// Starts, keeps or stops the animation of the photo on screen at `time` (none in the wheel, or before its frames
    /// are decoded), and asks for a frame when the frame to show changed.
    func updateAnimation(at time: Double) {
        let photo = model.currentPhoto
        let frames = model.wheelRow != nil ? nil : store.decodes.animations[photo]
        model.showAnimation(frames?.clock, ofPhoto: photo, at: time)
        guard let animation = model.animation else { return }
        let shown = shownAnimationFrame
        if shown?.photo != animation.photo || shown?.frame != animation.frame(at: time) { needsRedraw = true }
    }

    /// Writes the animation's current frame into the texture of each slot in `shown` that shows the animated photo,
    /// unless that texture already holds it.
    func uploadAnimationFrame(_ shown: [(slot: Int, photo: PhotoID)]) throws {
        guard let animation = model.animation, let frames = store.decodes.animations[animation.photo] else { return }
        let frame = animation.frame(at: now)
        for (slot, page) in shown where page == animation.photo {
            guard let texture = store.texture(forPhoto: page, slot: slot), frames.frames.indices.contains(frame) else {
                continue
            }
            if let held = shownAnimationFrame, held.photo == page, held.frame == frame, held.texture === texture {
                continue
            }
            try texture.update(from: frames.frames[frame])
            shownAnimationFrame = ShownAnimationFrame(photo: page, frame: frame, texture: texture)
        }
    }
}
