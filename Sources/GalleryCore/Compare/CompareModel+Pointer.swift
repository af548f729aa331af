import PagerEngine
import Support

/// The compare screen's pointer, wheel and pinch: a drag pans both photos by the same pixels (the swipe divider, when
/// pressed, follows the pointer instead); the wheel, Ctrl + wheel and a pinch zoom both about the same point of their
/// boxes, so the detail under the pointer stays there in both.
extension CompareModel {
    /// A pointer phase: a press on the swipe divider (or anywhere in the swipe layout at fit) moves the divider with the
    /// pointer; otherwise a drag pans the zoomed photos together, each stopping at its own edges.
    public mutating func pointer(_ phase: PointerPhase) -> CompareResponse {
        switch phase {
        case .down(let x, let y), .move(let x, let y), .up(let x, let y):
            // A point that is no number moves nothing (the gesture goes on).
            guard x.isFinite, y.isFinite else { return .taken }
        case .cancel: break
        }
        switch phase {
        case .down(let x, let y):
            if layout == .swipe, zoom == nil || abs(x - dividerX) <= Self.dividerReach {
                grip = .divider
                moveDivider(toX: x)
            } else {
                grip = .pan(x: x, y: y)
            }
        case .move(let x, let y), .up(let x, let y):
            switch grip {
            case .divider?: moveDivider(toX: x)
            case .pan(let lastX, let lastY)?:
                if let zoom { settle(bounded(zoom.panned(toX: zoom.panX + x - lastX, y: zoom.panY + y - lastY))) }
                grip = .pan(x: x, y: y)
            case nil: break
            }
            if case .up = phase { grip = nil }
        case .cancel: grip = nil
        }
        return .taken
    }

    /// Ctrl + wheel by `factor` at (`x`, `y`) in the window: both photos zoom about that point of their boxes.
    public mutating func zoom(by factor: Double, atX x: Double, y: Double) {
        guard factor.isFinite, factor > 0, let current = zoom ?? fitZoom() else { return }
        zoom(to: current.scale * factor, atX: x, y: y)
    }

    /// A script's pinch to `scale` (of the reference photo's fit) at (`x`, `y`) in the window.
    public mutating func zoom(to scale: Double, atX x: Double, y: Double) {
        let (localX, localY) = boxPoint(x: x, y: y)
        zoom(to: scale, atLocalX: localX, y: localY)
    }

    /// Mouse wheel notches (positive: away from the user, in): each zooms by `ZoomModel.step` about the boxes' centres.
    public mutating func zoom(notches: Int) {
        guard notches != 0, let current = zoom ?? fitZoom() else { return }
        // At most one event's notches: a hostile count must not spin here.
        let count = Int(min(notches.magnitude, UInt(WheelSteps.maximumStepsPerEvent)))
        let factor = (0..<count).reduce(1.0) { product, _ in
            notches > 0 ? product * ZoomModel.step : product / ZoomModel.step
        }
        let box = box(of: .left)
        zoom(to: current.scale * factor, atLocalX: Double(box.width) / 2, y: Double(box.height) / 2)
    }

    /// Whether the zoom rests (no press held, no pinch): the time to decode the photos' visible parts sharply.
    public var rests: Bool { grip == nil && pinchStart == nil }

    /// A touchpad's pinch begins with the pointer at (`x`, `y`).
    public mutating func beginPinch(atX x: Double, y: Double) {
        pinchStart = (zoom?.scale ?? 1, x, y)
    }

    /// The pinch's spread is `spread` times its first: both photos zoom by as much about where it began.
    public mutating func pinch(spread: Double) {
        guard let start = pinchStart, spread.isFinite, spread > 0 else { return }
        zoom(to: start.scale * spread, atX: start.x, y: start.y)
    }

    /// The pinching fingers lifted.
    public mutating func endPinch() { pinchStart = nil }

    /// (`x`, `y`) in the window as a point of the box it falls in (side by side the right half's points are the left
    /// half's, shifted): the same point of both photos.
    public func boxPoint(x: Double, y: Double) -> (x: Double, y: Double) {
        let right = box(of: .right)
        let box = layout == .sideBySide && x >= Double(right.x) ? right : box(of: .left)
        return (x - Double(box.x), y - Double(box.y))
    }

    /// The divider under the pointer at `x`, within the area.
    private mutating func moveDivider(toX x: Double) {
        guard area.width > 0, x.isFinite else { return }
        divider = min(max((x - Double(area.x)) / Double(area.width), 0), 1)
    }
}
