import CSDL2
import GalleryCore
import GalleryScene

/// Ctrl+C where the gallery serves no selection of its own (Wayland): the path as text through SDL, whose clipboard
/// holds text only (no picture, no `text/uri-list`).
@MainActor
final class TextClipboard: ClipboardService {
    func copy(_ file: ClipboardFile, wake: @escaping @Sendable () -> Void) -> String {
        let bytes = file.pathBytes.map { CChar(bitPattern: $0) } + [0]
        guard SDL_SetClipboardText(bytes) == 0 else { return "Ctrl+C: " + String(cString: SDL_GetError()) }
        return "copied the path (as text only here): \(file.path)"
    }

    func takeNotices() -> [String] { [] }
}
