import PagerEngine
import Support

/// Where a screen keeps pages decoded around (`ResidencyTracker`): a position and velocity in pages along a strip of
/// `pageCount` pages that may wrap, a far jump's stand-in page kept decoded while it slides out, and a photo decoded
/// before them all (the compare screen's left-hand one).
struct ResidencyStrip {
    /// The logical position, in pages.
    let position: Double
    /// The velocity, in pages per second.
    let velocity: Double
    /// Pages along the strip.
    let pageCount: Int
    /// Whether the strip loops.
    let wraps: Bool
    /// A far jump's stand-in, kept decoded while it slides out.
    let standIn: PageIndex?
    /// A photo decoded before the strip's pages, whatever the plan.
    var leading: PhotoID? = nil
}
