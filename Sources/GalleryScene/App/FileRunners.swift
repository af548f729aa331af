import GalleryCore
import Support

/// The controller's work on files off the main thread: the Trash, `xdg-open`, Ctrl+S's saves, the panel's details.
@MainActor
struct FileRunners {
    /// Moves photos to the Trash and back (Delete, Ctrl+Z).
    let trash = TrashRunner()
    /// Opens photos with `xdg-open` (Ctrl+O).
    let openWith = OpenWithRunner()
    /// Ctrl+S's saves of the view's turn into files.
    let turnSaver: TurnSavingRunner
    /// The information panel's details of the photos shown with it open.
    let photoDetails = PhotoDetailsCache()
}
