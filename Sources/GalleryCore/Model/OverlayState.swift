/// What the overlays over the photos show in one frame: the model's text and fade state, painted by the SDL side.
public struct OverlayState: Equatable, Sendable {
    /// The page dots: one per logical page, the current one lit.
    public struct Dots: Equatable, Sendable {
        /// Logical pages.
        public var count: Int
        /// The page shown: its dot is lit (none when it is not one of them, as on the feed's end page).
        public var current: Int

        /// Dots for `count` pages with `current` lit.
        public init(count: Int, current: Int) {
            self.count = count
            self.current = current
        }
    }

    /// "3 / 12 — name · mode", faded by `infoOpacity`.
    public var info: String
    /// The information's opacity, 0 (hidden) to 1.
    public var infoOpacity: Double
    /// The page dots, for small galleries.
    public var dots: Dots?
    /// The information panel's lines (I), if shown.
    public var panel: [String]?
    /// The help's lines (F1), if shown.
    public var help: [String]?

    /// The status bar's text (B), if shown.
    public var status: String?
    /// The first help line shown, when the help is longer than the window (Up and Down scroll it).
    public var helpScroll = 0
    /// A standing notice in the window's top-left corner while it holds (a decoder sandbox layer missing), if any.
    public var warning: String?

    /// An overlay state.
    public init(
        info: String, infoOpacity: Double, dots: Dots?, panel: [String]?, help: [String]?, status: String? = nil
    ) {
        self.status = status
        self.info = info
        self.infoOpacity = infoOpacity
        self.dots = dots
        self.panel = panel
        self.help = help
    }
}
