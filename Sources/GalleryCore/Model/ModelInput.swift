import PagerEngine
import Support

/// Everything that changes the model besides time (`GalleryModel.handle`): the user's input, a command given by
/// name (a script's, a test's), a mode asked for by the run, and what the world reports back once its work is done.
public enum ModelInput: Sendable {
    /// A press, a move, a key, the wheel, a zoom, the touchpad: from the window or a script.
    case user(GalleryInput)
    /// A command carried out as its key would.
    case command(GalleryCommand)
    /// Show `mode`, opening on `photo` (nil: where queued key presses were heading, else the photo at the centre).
    case show(GalleryMode, photo: PhotoID?)
    /// Something the adapter knows or did: a resize, a feed's answer, a file moved, a failure to say.
    case report(WorldReport)
}
