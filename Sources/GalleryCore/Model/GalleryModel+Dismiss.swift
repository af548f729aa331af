import PagerEngine
import Support

/// Dragging a photo at fit down to go back to the grid: the gesture arena's first claimant
/// (`PagerRecogniser.dragDown`), held by the pager screen (`PagerScreen.dragDown`). In the pager modes a press on a
/// photo at fit, the pager at rest, is watched alongside the pager's own press; the first movement past the slop
/// decides, mostly down going to the drag down (the pager's press is cancelled before it ever moved the strip),
/// anything else to the page drag.
extension GalleryModel {
    /// A press on a photo at fit that may become, or is, a drag down to the grid; nil outside a pager screen.
    public var dismiss: DismissDrag? { screen.dismiss }

    /// Whether the gallery lets a press start a drag down, the strip's own rest and its photo at fit aside (the pager
    /// screen's): there are photos, and a pointer pressed (a touchpad's two-finger scroll, a virtual drag, keeps
    /// scrolling vertically doing nothing).
    private var dragDownAllowed: Bool {
        photoCount > 0 && !gestures.touchpad.isActive && !gestures.fingers.isActive
    }

    /// The drag down's part in the arena, carried out: nil when the phase is not its own.
    mutating func dragDown(_ phase: PointerPhase, at time: Double) -> [GalleryEffect]? {
        let (allowed, photo, context) = (dragDownAllowed, currentPhoto, pagerContext)
        let (viewport, sizeStep, count, slop) = (
            viewport, settings.gridSizeStep, photoCount, settings.configuration.dragSlop
        )
        let grid = { (photo: PhotoID) in
            Self.grid(on: photo, viewport: viewport, sizeStep: sizeStep, photoCount: count, clickSlop: slop)
        }
        let response = screen.withPages {
            $0.dragDown(
                phase, at: time, allowed: allowed, photo: photo, slop: slop, context: context, grid: grid)
        }
        return carryOut(response ?? .notTaken, at: time)
    }

    /// How the photo dragged down shows now, with its grid cell; nil with no drag down under way.
    public var dismissPose: DismissPose? { dismiss?.shownPose(at: now) }

    /// Whether the photo dragged down is springing back (frames must follow).
    public var dismissIsReturning: Bool { dismiss?.isReturning ?? false }
}
