import GalleryCore
import Testing

/// The desktop's scale from its sources, in order: `--scale`, `GDK_SCALE`, `Xft.dpi`, the display's DPI.
@Suite("Desktop scale")
struct DesktopScaleTests {
    @Test(
        "Precedence, clamping and quarter steps",
        arguments: [
            (2.0, "3", "Xft.dpi:\t144\n", 300.0, 2.0),  // --scale wins
            (nil, "2", "Xft.dpi:\t144\n", 300.0, 2.0),  // then GDK_SCALE
            (nil, nil, "Xft.antialias:\t1\nXft.dpi:\t192\n", 96.0, 2.0),  // then Xft.dpi (200 % is 192)
            (nil, nil, "Xft.dpi: 144", nil, 1.5),
            (nil, "junk", nil, 192.0, 2.0),  // then a clearly HiDPI display
            (nil, nil, nil, 110.0, 1.0),  // a made-up or slightly-off DPI counts as 1
            (nil, nil, "Xft.antialias:\t1\n", nil, 1.0),
            (nil, nil, "Xft.dpi:\t1000\n", nil, 4.0),  // clamped into 1…4
            (nil, nil, "Xft.dpi:\t110\n", nil, 1.25),  // rounded to a quarter
        ] as [(Double?, String?, String?, Double?, Double)])
    func resolves(override: Double?, gdk: String?, resources: String?, dpi: Double?, expected: Double) {
        #expect(
            DesktopScale.resolve(override: override, gdkScale: gdk, resourceManager: resources, displayDPI: dpi)
                == expected)
    }

    @Test(
        "A Wayland output's scale (the window's buffer scale) comes after GDK_SCALE and before Xft.dpi",
        arguments: [
            (nil, 2.0, "Xft.dpi:\t144\n", 2.0),  // the output's 2 over an X resource left from Xwayland
            ("3", 2.0, nil, 3.0),  // GDK_SCALE still wins
            (nil, 1.0, "Xft.dpi:\t144\n", 1.5),  // a buffer scale of 1 says nothing (every X11 window)
            (nil, 3.0, nil, 3.0),
        ] as [(String?, Double, String?, Double)])
    func bufferScale(gdk: String?, buffer: Double, resources: String?, expected: Double) {
        #expect(DesktopScale.resolve(gdkScale: gdk, bufferScale: buffer, resourceManager: resources) == expected)
    }

    @Test func readsXftDPI() {
        #expect(DesktopScale.xftDPI(in: "Xcursor.size:\t24\nXft.dpi:\t192\n") == 192)
        #expect(DesktopScale.xftDPI(in: "*Xft.dpi:\t192\n") == nil)  // only the exact resource
        #expect(DesktopScale.xftDPI(in: "Xft.dpi:\t-3\n") == nil)
    }
}
