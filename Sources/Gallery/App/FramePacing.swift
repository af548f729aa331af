import CSDL2
import GalleryScene

/// Paces frames to the display's refresh rate where nothing else does: a renderer with vsync waits in its present,
/// the software renderer does not, and would draw as fast as the CPU allows.
@MainActor
struct FramePacing {
    /// Seconds between frames: one refresh of the window's display (at least 30 Hz).
    let framePeriod: Double
    /// Whether frames are paced here (the renderer has no vsync).
    let paces: Bool
    /// When the last paced frame ended, on the pump's clock.
    private var lastFrame = 0.0

    /// Pacing for `window`'s display, when `renderer` has no vsync of its own.
    init(window: Window, renderer: Renderer) {
        framePeriod = 1.0 / Double(max(Self.refreshRate(of: window), 30))
        paces = renderer.isSoftware
    }

    /// After a frame is presented: until the next one is due, input is taken as it comes (drawn in that frame), not
    /// slept through.
    mutating func frameEnded(pump: inout EventPump, gallery: GalleryController) {
        guard paces else { return }
        pump.take(for: gallery, until: lastFrame + framePeriod)
        lastFrame = pump.clock.now()
    }

    /// The refresh rate of the window's display in Hz, 60 when SDL does not know.
    static func refreshRate(of window: Window) -> Int {
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(window.handle, &mode) == 0, mode.refresh_rate > 0 else { return 60 }
        return Int(mode.refresh_rate)
    }
}
