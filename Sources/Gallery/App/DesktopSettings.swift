import CSDL2
import GalleryCore
import Glibc

/// Reads the desktop's scale for `DesktopScale`: `GDK_SCALE`, the window's buffer scale (Wayland), the X resource database's `Xft.dpi` (SDL 2 has no API
/// for it: read from SDL's own X connection, which opens no other) and SDL's display DPI. Only the window run asks;
/// headless runs stay at scale 1 unless `--scale` says, so shots do not depend on the machine.
@MainActor
enum DesktopSettings {
    /// The scale the desktop asks for where `window` is, `override` (`--scale`) first.
    static func scale(override: Double?, window: Window) -> Double {
        if let override { return DesktopScale.resolve(override: override) }
        var diagonal: Float = 0
        var horizontal: Float = 0
        var vertical: Float = 0
        let display = max(SDL_GetWindowDisplayIndex(window.handle), 0)
        let dpi = SDL_GetDisplayDPI(display, &diagonal, &horizontal, &vertical) == 0 ? Double(horizontal) : nil
        // On Wayland a window on a scaled output has a drawable that many times its size in points (X11: the same).
        let points = window.size.width
        let buffer = points > 0 ? Double(window.drawableSize.width) / Double(points) : 1
        return DesktopScale.resolve(
            gdkScale: getenv("GDK_SCALE").map { String(cString: $0) }, bufferScale: buffer,
            resourceManager: xResources(of: window), displayDPI: dpi)
    }
}
