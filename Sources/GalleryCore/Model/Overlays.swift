import Support

/// What the overlays over the photos are doing over time: the page information's fade and notice, the panel, the
/// status bar and the help. `OverlayState` is one frame of it, as the painter draws it.
public struct Overlays: Sendable {
    /// When the page information ("3 / 12 — name · mode") was last shown.
    public internal(set) var infoShownAt: Double?
    /// What the page information says once more until it fades: an action that failed, what a change of the library
    /// did ("2 files dropped: cannot be shown").
    public internal(set) var notice: String?
    /// Whether the information panel (I) shows.
    public internal(set) var showsInfoPanel = false
    /// Whether the status bar shows along the bottom edge (B); the information's fade is unchanged either way.
    public internal(set) var showsStatusBar = false
    /// Whether the help lists the keys over the dimmed photo (F1).
    public internal(set) var showsHelp = false
    /// The help's lines for the keys: `KeyMap`'s, and what the configuration file changed.
    public internal(set) var keyHelpLines = KeyMap.helpLines
    /// The first help line shown when the help is longer than the window.
    public internal(set) var helpScroll = 0
}
