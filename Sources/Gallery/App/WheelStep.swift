import GalleryCore

/// A mouse wheel notch as a page step (precise touchpad scrolling as a drag comes with the touchpad issue).
enum WheelStep {
    /// Scrolling right or down shows the next page; left or up the previous one.
    static func command(dx: Double, dy: Double) -> GalleryCommand? {
        let forward = abs(dx) >= abs(dy) ? dx : -dy
        if forward > 0 { return .next }
        if forward < 0 { return .previous }
        return nil
    }
}
