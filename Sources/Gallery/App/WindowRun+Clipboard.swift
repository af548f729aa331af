import GalleryScene
import Imaging
import Logging

extension WindowRun {
    /// The window's clipboard: on X11 the gallery's own CLIPBOARD selection with the picture, its URI and its path
    /// (`PictureClipboard`), elsewhere the path as text through SDL (`TextClipboard`); with what stops serving it.
    static func clipboard(window: Window, decoder: any PictureDecoding, logger: Logger) -> (
        service: any ClipboardService, close: () -> Void
    ) {
        var error = ""
        guard let selection = X11Selection(window: window, error: &error) else {
            logger.debug("clipboard: the path as text through SDL: \(error)")
            return (TextClipboard(), {})
        }
        let clipboard = PictureClipboard(selection: selection, decoder: decoder)
        return (clipboard, { clipboard.close() })
    }
}
