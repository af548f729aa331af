/// Two fingers on a touchpad as one finger on glass (`TouchpadGesture` in, pointer input out): scrolling presses a
/// virtual pointer and moves it 1:1 with the fingers, resting keeps it pressed (the photo stays where they left it),
/// lifting releases it (the pager flings or springs back with the velocity tracked from the moves), and touching the
/// pad with a hold presses it where it is, which catches a fling or a spring as a touch-down does on a phone.
///
/// Unlike `TouchpadScroll` (X11, where no lift is reported and a pause must stand for one) nothing here is timed: the
/// compositor says when the fingers touch and lift.
public struct TouchpadFingers: Sendable {
    /// Where the virtual pointer presses: the viewport's centre (on a zoomed photo, so its pan takes the drag).
    private let origin: (x: Double, y: Double)
    /// The virtual pointer while the fingers hold or scroll.
    private var pointer: (x: Double, y: Double)?
    /// Whether the fingers scrolled since they pressed (a hold that ends unmoved releases).
    private var scrolled = false

    /// Fingers whose virtual pointer presses at (x, y) (the viewport's centre).
    public init(originX: Double, originY: Double) {
        origin = (originX, originY)
    }

    /// Whether the virtual pointer is pressed (fingers hold or scroll).
    public var isActive: Bool { pointer != nil }

    /// The pointer input for `gesture`; a pinch only lifts the virtual pointer (the zoom is the model's).
    public mutating func input(for gesture: TouchpadGesture) -> [GalleryInput] {
        switch gesture {
        case .hold:
            guard pointer == nil else { return [] }
            pointer = origin
            scrolled = false
            return [.pointerDown(x: origin.x, y: origin.y)]
        case .holdEnd:
            // Cancelled or not, unmoved fingers let go: a scroll that follows (libinput cancels the hold as the fingers
            // start to move) presses again at once, catching whatever the release started.
            return scrolled ? [] : release()
        case .scroll(let dx, let dy):
            guard dx.isFinite, dy.isFinite, dx != 0 || dy != 0 else { return [] }
            var inputs: [GalleryInput] = []
            if pointer == nil {
                pointer = origin
                inputs.append(.pointerDown(x: origin.x, y: origin.y))
            }
            scrolled = true
            let moved = (x: pointer!.x + dx, y: pointer!.y + dy)
            pointer = moved
            return inputs + [.pointerMove(x: moved.x, y: moved.y)]
        case .lift, .pinchBegin:
            return release()
        case .pinch, .pinchEnd:
            return []
        }
    }

    private mutating func release() -> [GalleryInput] {
        guard let pointer else { return [] }
        self.pointer = nil
        scrolled = false
        return [.pointerUp(x: pointer.x, y: pointer.y)]
    }
}
