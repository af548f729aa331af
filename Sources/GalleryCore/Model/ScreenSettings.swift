import PagerEngine

/// How the screens are built, kept across mode switches: the pager's physics, the wheel's bulge, the grid's
/// thumbnail size and names.
public struct ScreenSettings: Sendable {
    /// The pager's physics, for each pager the screen builds.
    public let configuration: PagerConfiguration
    /// Which way the wheel's arc bulges (D flips it).
    public internal(set) var wheelDirection = WheelDirection.clockwise
    /// The grid's thumbnail size step.
    var gridSizeStep = GridLayout.defaultSizeStep
    /// Whether the grid shows each photo's file name under its thumbnail (`c`).
    public internal(set) var showsGridNames = false
}
