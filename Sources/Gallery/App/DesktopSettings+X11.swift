import CWindowSystem

extension DesktopSettings {
    /// The X resource manager string (`xrdb -query`'s text) of `window`'s display, if it is an X11 one and has one.
    static func xResources(of window: Window) -> String? {
        gallery_x11_resource_manager_string(UnsafeMutableRawPointer(window.handle)).map { String(cString: $0) }
    }
}
