/// What the model asks of the window and knows of it: fullscreen, quitting, and whether it can be seen.
public struct WindowRequests: Sendable {
    /// Whether the window fills the screen (F, F11, a double-click); Escape leaves it first.
    public internal(set) var isFullscreen = false
    /// Whether a quit was asked for (Q, Escape from the plain pager, a script's quit).
    public internal(set) var quitRequested = false
    /// Whether the window is hidden or minimised (animations hold still meanwhile).
    var isHidden = false
}
