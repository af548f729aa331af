import PagerEngine
import Support

/// What the adapter reports to the model (`ModelInput.report`): what only it knows (the decoded photos' fits, the
/// window's size), and the outcomes of work the model's effects started in the world. Effects never call the model:
/// their outcomes come back as these.
public enum WorldReport: Sendable {
    /// The decoded photos' fits and where the last frame drew what a click can hit, before an input that reads them.
    case facts(FrameFacts)
    /// The window became `viewport` (a resize, a new scale).
    case resized(Viewport)
    /// The canvas was made again (a new renderer or output size): the zoom goes back to fit.
    case canvasReset
    /// The window was hidden or minimised (`true`) or shown again: the slideshow and the animation hold meanwhile.
    case windowHidden(Bool)
    /// The photo on screen animates by this clock (nil: it does not, or its frames are not decoded yet).
    case animation(AnimationClock?, photo: PhotoID)
    /// The feed's source answered with `photos`; the library now holds `photoCount`.
    case feedAppended([PhotoID], photoCount: Int)
    /// The feed's source failed, for `reason`.
    case feedFailed(reason: String)
    /// The library became `count` photos, each kept one moved to its new number (a photo not listed is gone), now
    /// showing `photo`; `note` says what changed.
    case renumbered(count: Int, moves: [PhotoID: PhotoID], showing: PhotoID, note: String?)
    /// Work in the world ended with something the user should read (a Trash move, a copy, an action's failure).
    case notice(String)
    /// The folder a folder key asked for (`GalleryEffect.jumpFolder`) begins at `photo`: go there and say `note`.
    case folderReached(PhotoID, note: String)
    /// `photo` came back from the Trash marked, as it was.
    case markRestored(PhotoID)
    /// `photo`'s file now holds the view's turn: the view shows it upright.
    case turnSaved(PhotoID)
}
