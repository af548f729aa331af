/// What a script line asks the app to do; the JSON `type` field names the case.
public enum ScriptCommand: Equatable, Sendable {
    /// Left button pressed at window coordinates.
    case down(x: Double, y: Double)
    /// Pointer moved to window coordinates (a drag while the button is down).
    case move(x: Double, y: Double)
    /// Left button released at window coordinates.
    case up(x: Double, y: Double)
    /// A key press, by SDL key name ("Right", "Space", "1" …); names without a binding are allowed and do nothing.
    /// `isRepeat` (`"repeat":true`) marks the system's repeats of a held key.
    case key(String, isRepeat: Bool = false)
    /// Precise wheel deltas; `dx > 0` scrolls right.
    case wheel(dx: Double, dy: Double)
    /// The photo is zoomed to `scale` (1 at fit) keeping the point under (x, y) in place, as a pinch does.
    case zoom(scale: Double, x: Double, y: Double)
    /// Fingers on a touchpad, as a Wayland compositor reports them (`"gesture"`: hold, hold-end, scroll, lift,
    /// pinch-begin, pinch, pinch-end).
    case touchpad(TouchpadGesture)
    /// The window is resized to this many pixels.
    case resize(width: Int, height: Int)
    /// Save a PNG of the current frame at this path, relative to `--shots`.
    case shot(path: String)
    /// End the run now.
    case quit

    /// Every value the JSON `type` field may take, in documentation order.
    public static let typeNames = ["down", "move", "up", "key", "wheel", "zoom", "touchpad", "resize", "shot", "quit"]

    /// Whether this is a `shot`, which draws nothing and changes nothing.
    public var isShot: Bool {
        if case .shot = self { true } else { false }
    }

    /// The JSON `type` of this command.
    public var typeName: String {
        switch self {
        case .down: "down"
        case .move: "move"
        case .up: "up"
        case .key: "key"
        case .wheel: "wheel"
        case .zoom: "zoom"
        case .touchpad: "touchpad"
        case .resize: "resize"
        case .shot: "shot"
        case .quit: "quit"
        }
    }
}
