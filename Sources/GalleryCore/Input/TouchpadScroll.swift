/// Two-finger touchpad scrolling as a drag: wheel deltas move a virtual pointer 1:1, and when they stop (a zero
/// delta, or a gap) the pointer is released with the velocity they had. One gesture, from its first delta until the
/// deltas pause for `gestureGap`, presses the pager once and moves the virtual pointer at most one page (`reach`)
/// from where it pressed, as a phone's finger does: a swipe turns one photo however far the fingers travel, and the
/// deltas still coming after its release are the same gesture's and move nothing.
///
/// A delta is a touchpad's when it is fractional, larger than one notch, or part of a gesture under way; a mouse
/// wheel reports one whole notch per event (SDL on X11: one button press per notch), which turns one page instead.
public struct TouchpadScroll: Sendable {
    /// Pixels of content movement per unit of precise wheel delta.
    // Origin: GTK and Chromium scroll about 40–50 px per wheel unit on Linux touchpads; 48 makes a relaxed
    // two-finger swipe travel about a third of a 1280 px page, with the fling turning it.
    public static let pixelsPerUnit = 48.0
    /// Seconds without a delta after which the fingers count as lifted (a few frames at 60 Hz): the release, stamped
    /// at the last delta, carries the fingers' velocity.
    public static let releaseGap = 0.05
    /// Seconds without a delta after which the next delta starts a new gesture.
    // Origin: X11 reports no finger lift, so a pause ends a gesture; GTK measures a scroll gesture from the events of
    // its last 150 ms only (SCROLL_CAPTURE_THRESHOLD_MS in gtkscrolledwindow.c and gtkeventcontrollerscroll.c). Touchpads send a
    // delta every 7–16 ms while the fingers move, so 150 ms is ten missed events: the fingers have stopped.
    public static let gestureGap = 0.15

    /// Where the virtual pointer presses: any point works, the pager only uses movement.
    private let origin: (x: Double, y: Double)
    private var pointer: (x: Double, y: Double)?
    /// The last touchpad delta's time.
    private var lastTime = -Double.infinity

    /// A scroll whose virtual pointer starts at (x, y) (the viewport's centre).
    public init(originX: Double, originY: Double) {
        origin = (originX, originY)
    }

    /// Whether a stream of deltas is under way.
    public var isActive: Bool { pointer != nil }

    /// When the stream counts as ended if no delta comes, for a timed wake-up.
    public var releaseTime: Double? { pointer == nil ? nil : lastTime + Self.releaseGap }

    /// Whether a delta at `time` is a touchpad's (fractional, more than one notch, or within a gesture under way)
    /// rather than a mouse notch.
    public func isTouchpad(dx: Double, dy: Double, at time: Double) -> Bool {
        isActive || time - lastTime < Self.gestureGap || dx != dx.rounded() || dy != dy.rounded() || abs(dx) > 1
            || abs(dy) > 1
    }

    /// The pointer input for deltas at `time` (dx > 0 scrolls right: content moves left; dy < 0 scrolls down), the
    /// pointer kept within `reach` pixels of where it pressed (nil: no limit, for the wheel's free scroll). A zero
    /// delta lifts the fingers.
    public mutating func add(dx: Double, dy: Double, at time: Double, reach: Double? = nil) -> [GalleryInput] {
        guard dx != 0 || dy != 0 else { return release() }
        var inputs: [GalleryInput] = []
        if pointer == nil {
            // Released already, and still moving: the same gesture, which has had its page.
            guard time - lastTime >= Self.gestureGap else {
                lastTime = time
                return []
            }
            pointer = origin
            inputs.append(.pointerDown(x: origin.x, y: origin.y))
        }
        lastTime = time
        // Scrolling right shows later pages, as dragging left does; scrolling down likewise.
        var x = pointer!.x - dx * Self.pixelsPerUnit
        var y = pointer!.y + dy * Self.pixelsPerUnit
        if let reach {
            x = min(max(x, origin.x - reach), origin.x + reach)
            y = min(max(y, origin.y - reach), origin.y + reach)
        }
        pointer = (x, y)
        inputs.append(.pointerMove(x: x, y: y))
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
