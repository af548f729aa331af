/// Where the zoom keys stop: nsxiv's fixed zoom levels, as shares of the photo's own pixels, and the fit, so `+` and
/// `-` land on round percentages whatever the photo's size, and `-` ends at the fit (or at 100 % of a photo smaller
/// than its fit, the smallest zoom).
public enum ZoomSteps {
    /// The levels, as shares of the photo's own pixels: nsxiv's `zoom_levels` (config.def.h, 12.5 % to 800 %).
    public static let imageScales: [Double] = [0.125, 0.25, 0.5, 0.75, 1, 1.5, 2, 4, 8]

    /// The scale (relative to fit) one step from `zoom` lands on: the nearest stop above its scale when `inward`, else
    /// the nearest below, within `minScale`…`maxScale`; where there is none, the end of that range.
    public static func next(from zoom: PhotoZoom, inward: Bool) -> Double {
        let stops = ([1] + imageScales.map { $0 * zoom.actualSizeScale }).filter {
            $0 >= zoom.minScale - 1e-9 && $0 <= zoom.maxScale + 1e-9
        }
        // A scale within a millionth of a stop is on it (a step from a stop goes on to the next one).
        let current = zoom.scale
        if inward {
            return stops.filter { $0 > current * (1 + 1e-6) }.min() ?? zoom.maxScale
        }
        return stops.filter { $0 < current * (1 - 1e-6) }.max() ?? zoom.minScale
    }
}
