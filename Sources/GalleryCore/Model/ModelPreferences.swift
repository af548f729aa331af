import Support

/// What the options and the configuration file ask of the model from the start, handed to its `init`.
public struct ModelPreferences: Sendable {
    /// Whether a page turn keeps the zoom (`--keep-zoom`).
    public var keepsZoom = false
    /// The keys as the configuration file binds them, for the help.
    public var keyBindings = KeyBindings.standard
    /// The views remembered from earlier runs, by photo; nil when views are not remembered (`--remember` off).
    public var rememberedViews: [PhotoID: RememberedView]?
    /// Whether the window starts filling the screen, so Escape leaves full screen first.
    public var fullscreen = false
    /// How each photo arrived at first fills the page (`--fit`).
    public var fitMode = FitMode.fit
    /// What the feed's end page says while it waits, when its source waits on something the user should know of.
    public var feedWaitingNote: String?

    /// The defaults: nothing kept or remembered, the standard keys, photos fitted.
    public init() {}
}
