import CX11

/// The display's ICC profile as X11 publishes it: the `_ICC_PROFILE` property of screen 0's root window (the "ICC
/// Profiles in X" convention that colour managers such as colord set). Read once when the window run starts, over its
/// own short-lived X connection, to be the decoders' output profile; nil without an X display (Wayland, headless) or
/// without a profile, and then photos are converted to sRGB.
public enum DisplayProfile {
    /// The published profile's bytes, or nil.
    public static func read(displayName: String? = nil) -> [UInt8]? {
        guard let display = XOpenDisplay(displayName) else { return nil }
        defer { XCloseDisplay(display) }
        // Only if the atom exists: a display where nothing ever published a profile answers at once.
        let atom = XInternAtom(display, "_ICC_PROFILE", 1)
        guard atom != 0 else { return nil }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, XDefaultRootWindow(display), atom, 0, EmbeddedColour.maximumProfileBytes / 4, 0,
            Atom(AnyPropertyType), &type, &format, &count, &remaining, &data)
        guard status == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 8, remaining == 0, count >= 132 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }
}
