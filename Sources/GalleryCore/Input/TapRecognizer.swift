/// Tells a click from a drag: a press released within the drag slop of where it went down, on content that was at
/// rest (a press that catches a moving strip stops it, which is not a click).
public struct TapRecognizer: Sendable {
    /// How far the pointer may travel, in pixels on either axis, and still click (the pager's 4 px drag slop).
    public let slop: Double
    private var press: (x: Double, y: Double)?
    private var travelled = false

    /// A recogniser with the given slop.
    public init(slop: Double) {
        self.slop = slop
    }

    /// The pointer went down at (x, y); `contentWasMoving` when it caught an animation.
    public mutating func pointerDown(x: Double, y: Double, contentWasMoving: Bool) {
        press = contentWasMoving ? nil : (x, y)
        travelled = false
    }

    /// The pointer moved while down.
    public mutating func pointerMove(x: Double, y: Double) {
        guard let press else { return }
        if abs(x - press.x) > slop || abs(y - press.y) > slop { travelled = true }
    }

    /// The pointer went up at (x, y): whether that was a click.
    public mutating func pointerUp(x: Double, y: Double) -> Bool {
        pointerMove(x: x, y: y)
        defer { press = nil }
        return press != nil && !travelled
    }

    /// The gesture was taken away: no click.
    public mutating func cancel() {
        press = nil
    }

}
