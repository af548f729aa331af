/// The desktop's scale, as the layout's pixels per point: `--scale` when given, else `GDK_SCALE` (GTK's integer
/// scale), else the window's buffer scale (on Wayland: the output's scale, the drawable's pixels per window point),
/// else `Xft.dpi` from the X resource database (96 dpi is 1; a 200 % desktop publishes 192), else the
/// display's DPI as SDL reports it (only when it is clearly a HiDPI panel: many X servers report a made-up 96 or an
/// EDID size that is off, so up to 1.25 counts as 1). Always within 1…4, in quarter steps.
public enum DesktopScale {
    /// The range a scale is clamped into.
    public static let range = 1.0...4.0

    /// The scale from the sources in order of precedence; 1 when none says.
    public static func resolve(
        override: Double? = nil, gdkScale: String? = nil, bufferScale: Double? = nil, resourceManager: String? = nil,
        displayDPI: Double? = nil
    ) -> Double {
        if let override { return clamp(override) }
        if let gdk = gdkScale.flatMap({ Double($0.trimmingWhitespace()) }), gdk > 0 { return clamp(gdk) }
        if let bufferScale, bufferScale > 1 { return clamp(bufferScale) }
        if let dpi = resourceManager.flatMap(xftDPI(in:)) { return clamp(dpi / 96) }
        if let displayDPI, displayDPI / 96 > 1.25 { return clamp(displayDPI / 96) }
        return 1
    }

    /// `Xft.dpi` in an X resource manager string ("Xft.dpi:\t192\nXft.antialias:\t1\n…"), if it holds a positive one.
    public static func xftDPI(in resources: String) -> Double? {
        for line in resources.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            guard line[..<colon].trimmingWhitespace() == "Xft.dpi" else { continue }
            if let dpi = Double(line[line.index(after: colon)...].trimmingWhitespace()), dpi > 0 { return dpi }
        }
        return nil
    }

    /// `value` in `range`, rounded to a quarter (text sizes in between would only blur).
    static func clamp(_ value: Double) -> Double {
        min(max((value * 4).rounded() / 4, range.lowerBound), range.upperBound)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
