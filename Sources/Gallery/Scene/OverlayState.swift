/// What the overlays over the photos show in one frame.
struct OverlayState: Equatable {
    /// The page dots: one per logical page, the current one lit.
    struct Dots: Equatable {
        /// Logical pages.
        var count: Int
        /// The page shown.
        var current: Int
    }

    /// "3 / 12 — name · mode", faded by `infoOpacity`.
    var info: String
    /// The information's opacity, 0 (hidden) to 1.
    var infoOpacity: Double
    /// The page dots, for small galleries.
    var dots: Dots?
    /// The information panel's lines (I), if shown.
    var panel: [String]?
    /// The help's lines (F1), if shown.
    var help: [String]?
}
