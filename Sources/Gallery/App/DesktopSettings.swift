import CSDL2
import CX11
import GalleryCore
import Glibc

/// Reads the desktop's scale for `DesktopScale`: `GDK_SCALE`, the X resource database's `Xft.dpi` (SDL has no API
/// for it: read over a short-lived X connection, as `DisplayProfile` reads the ICC profile) and SDL's display DPI.
/// Only the window run asks; headless runs stay at scale 1 unless `--scale` says, so shots do not depend on the
/// machine.
@MainActor
enum DesktopSettings {
    /// The scale the desktop asks for, `override` (`--scale`) first.
    static func scale(override: Double?, displayIndex: Int32 = 0) -> Double {
        if let override { return DesktopScale.resolve(override: override) }
        var diagonal: Float = 0
        var horizontal: Float = 0
        var vertical: Float = 0
        let dpi = SDL_GetDisplayDPI(displayIndex, &diagonal, &horizontal, &vertical) == 0 ? Double(horizontal) : nil
        return DesktopScale.resolve(
            gdkScale: getenv("GDK_SCALE").map { String(cString: $0) }, resourceManager: xResources(), displayDPI: dpi)
    }

    /// The X resource manager string of the default display (`xrdb -query`'s text), if there is one.
    static func xResources(displayName: String? = nil) -> String? {
        guard let display = XOpenDisplay(displayName) else { return nil }
        defer { XCloseDisplay(display) }
        return XResourceManagerString(display).map { String(cString: $0) }
    }
}
