import PagerEngine

/// A touchpad's fingers (`TouchpadGesture`, Wayland): scrolling and resting go through the gesture arena as a finger
/// on glass would (`TouchpadFingers`), never clicking; a pinch zooms the photo at the centre about the pointer, or
/// steps the grid's thumbnail size.
extension GalleryModel {
    /// Fingers on the touchpad did `gesture` at `time`.
    mutating func touchpad(_ gesture: TouchpadGesture, at time: Double) -> [GalleryEffect] {
        slideshow.noteInteraction(at: time)
        var effects = gestures.fingers.input(for: gesture).flatMap { input -> [GalleryEffect] in
            let effects = pointer(input, at: time)
            // Fingers on a pad press no button: their press and release never click nor double-click.
            if case .pointerDown = input {
                gestures.tap.cancel()
                _ = offer(.fingersDown, at: time)
            }
            return effects
        }
        switch gesture {
        case .pinchBegin(let x, let y): effects += beginPinch(atX: x, y: y)
        case .pinch(let scale, let dx, let dy): effects += pinch(spread: scale, dx: dx, dy: dy)
        case .pinchEnd: effects += endPinch(at: time)
        case .hold, .holdEnd, .scroll, .lift: break
        }
        return effects
    }
}
