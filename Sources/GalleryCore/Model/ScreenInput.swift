import PagerEngine

/// An input offered to the screen shown before the pager's own handling (`Screen.take`): the grid, compare and the
/// wheel each give it their meaning; a pager screen its page commands, its zoom and a tap on the feed's end page,
/// leaving the rest to the gesture arena and the commands. What happened to the photo's view and the feed's answers
/// are told to it the same way.
enum ScreenInput: Sendable {
    /// A pointer phase of the arena.
    case pointer(PointerPhase)
    /// A command, from its key, a click, the slideshow or a script.
    case command(GalleryCommand)
    /// A tap (a release within the slop) at (x, y), on the layout the last frame drew.
    case tap(x: Double, y: Double, layout: SceneLayout?)
    /// A mouse wheel's notches: positive away from the user.
    case notches(Int)
    /// A pinch or a script's zoom to `scale` at (x, y).
    case zoomTo(scale: Double, x: Double, y: Double)
    /// Ctrl + wheel by `factor` at (x, y).
    case zoomBy(factor: Double, x: Double, y: Double)
    /// A touchpad's pinch began with the pointer at (x, y).
    case pinchBegin(x: Double, y: Double)
    /// The pinch's spread is `spread` times its first, its centre moved by (dx, dy).
    case pinch(spread: Double, dx: Double, dy: Double)
    /// The pinching fingers lifted.
    case pinchEnd
    /// A touchpad's fingers pressed: they press no button, so the press never clicks.
    case fingersDown
    /// A phase offered to the zoomed photo's pan, the gesture arena's second recogniser (`PagerRecogniser.zoomPan`):
    /// a pager screen's alone.
    case zoomPan(PointerPhase)
    /// What happened to the view of the photo shown (the zoom's world): a pager screen acts on it, the others ignore it.
    case view(ViewEvent)
    /// The feed's source answered: the feed and the grid act on it, the others ignore it.
    case feed(FeedEvent)
}
