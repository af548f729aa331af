import Support

/// The animation of the photo on screen: only that one plays, restarting each time it becomes the current photo.
extension GalleryModel {
    /// The photo on screen is `photo`, animating by `clock` (nil: it does not animate, or its frames are not decoded
    /// yet): a new current photo starts from its first frame at `time`; the same one plays on.
    mutating func showAnimation(_ clock: AnimationClock?, ofPhoto photo: PhotoID, at time: Double) {
        guard let clock, clock.frameCount > 1 else {
            views.animation = nil
            return
        }
        guard views.animation?.photo != photo || views.animation?.clock != clock else { return }
        views.animation = AnimationPlayback(photo: photo, clock: clock, at: time, hidden: window.isHidden)
    }

    /// The window was hidden or minimised (`true`) or shown again: the slideshow and the animation hold meanwhile.
    mutating func setWindowHidden(_ hidden: Bool, at time: Double) {
        window.isHidden = hidden
        slideshow.setHidden(hidden, at: time)
        views.animation?.setHidden(hidden, at: time)
    }

    /// When the animation on screen shows its next frame, if it plays (an idle window sleeps until then).
    public var animationWakeTime: Double? { views.animation?.nextChangeTime(after: now) }

    /// The information panel's animation line: "frame 3/12 · playing" (frames counted from 1).
    public var animationPanelLine: String? {
        guard let animation = views.animation else { return nil }
        let state = animation.isPaused ? "paused" : animation.isHidden ? "hidden" : "playing"
        return "animation frame \(animation.frame(at: now) + 1)/\(animation.clock.frameCount) · \(state)"
    }
}
