import GalleryCore

/// The window system's clipboard as Ctrl+C uses it (`PictureClipboard` in a window; none headless).
@MainActor
public protocol ClipboardService: AnyObject {
    /// Offers `file` on the clipboard (its picture, made off the main thread, and its path and URI at once); returns
    /// what the information line says now ("Ctrl+C: " and why when it cannot). `wake` is called from another thread
    /// when a notice is ready (`takeNotices`).
    func copy(_ file: ClipboardFile, wake: @escaping @Sendable () -> Void) -> String

    /// What the copies finished since the last call say for the information line ("copied the picture …").
    func takeNotices() -> [String]
}
