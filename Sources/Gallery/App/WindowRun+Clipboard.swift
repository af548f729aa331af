import GalleryScene
import Imaging
import Logging

extension WindowRun {
    /// The window's clipboard: the gallery's own selection with the picture, its URI and its path
    /// (`PictureClipboard`) on X11 or Wayland (`WindowSystemSelection`), else the path as text through SDL
    /// (`TextClipboard`); with what stops serving it.
    static func clipboard(window: Window, decoder: any PictureDecoding, logger: Logger) -> (
        service: any ClipboardService, close: () -> Void
    ) {
        var x11Error = ""
        var waylandError = ""
        let opened: (any ClipboardSelection)? =
            WindowSystemSelection(.x11, window: window, error: &x11Error)
            ?? WindowSystemSelection(.wayland, window: window, error: &waylandError)
        guard let selection = opened else {
            logger.warning("clipboard: the path as text through SDL (\(x11Error); \(waylandError))")
            return (TextClipboard(), {})
        }
        let clipboard = PictureClipboard(selection: selection, decoder: decoder)
        return (clipboard, { clipboard.close() })
    }
}
