/// Two-finger touchpad scrolling as a drag: fractional wheel deltas move a virtual pointer 1:1, and when they stop
/// (a zero delta, or a gap) the pointer is released with the velocity they had, so one swipe turns one page.
///
/// A mouse wheel reports whole notches and pages instead: a delta with no fractional part, arriving with no touchpad
/// stream under way, is a notch.
public struct TouchpadScroll: Sendable {
    /// Pixels of content movement per unit of precise wheel delta.
    // Origin: GTK and Chromium scroll about 40–50 px per wheel unit on Linux touchpads; 48 makes a relaxed
    // two-finger swipe travel about a third of a 1280 px page, with the fling turning it.
    public static let pixelsPerUnit = 48.0
    /// Seconds without a delta after which the fingers count as lifted (a few frames at 60 Hz).
    public static let releaseGap = 0.05

    /// Where the virtual pointer presses: any point works, the pager only uses movement.
    private let origin: (x: Double, y: Double)
    private var pointer: (x: Double, y: Double)?
    private var lastTime = 0.0

    /// A scroll whose virtual pointer starts at (x, y) (the viewport's centre).
    public init(originX: Double, originY: Double) {
        origin = (originX, originY)
    }

    /// Whether a stream of deltas is under way.
    public var isActive: Bool { pointer != nil }

    /// When the stream counts as ended if no delta comes, for a timed wake-up.
    public var releaseTime: Double? { pointer == nil ? nil : lastTime + Self.releaseGap }

    /// Whether a delta is a touchpad's (fractional, or part of a stream) rather than a mouse notch.
    public func isTouchpad(dx: Double, dy: Double) -> Bool {
        isActive || dx != dx.rounded() || dy != dy.rounded()
    }

    /// The pointer input for deltas at `time` (dx > 0 scrolls right: content moves left; dy < 0 scrolls down).
    /// A zero delta lifts the fingers.
    public mutating func add(dx: Double, dy: Double, at time: Double) -> [GalleryInput] {
        guard dx != 0 || dy != 0 else { return release() }
        var inputs: [GalleryInput] = []
        if pointer == nil {
            pointer = origin
            inputs.append(.pointerDown(x: origin.x, y: origin.y))
        }
        lastTime = time
        // Scrolling right shows later pages, as dragging left does; scrolling down likewise.
        pointer!.x -= dx * Self.pixelsPerUnit
        pointer!.y += dy * Self.pixelsPerUnit
        inputs.append(.pointerMove(x: pointer!.x, y: pointer!.y))
        return inputs
    }

    /// The release due by `time` if the deltas stopped; the release is stamped at the last delta, so the pager
    /// sees the velocity the fingers had, not a pause.
    public mutating func expire(at time: Double) -> (input: GalleryInput, time: Double)? {
        guard let pointer, time >= lastTime + Self.releaseGap else { return nil }
        self.pointer = nil
        return (.pointerUp(x: pointer.x, y: pointer.y), lastTime)
    }

    private mutating func release() -> [GalleryInput] {
        guard let pointer else { return [] }
        self.pointer = nil
        return [.pointerUp(x: pointer.x, y: pointer.y)]
    }

}
