import RealModule

/// A pinch under way, as Loupe and iOS photo viewers do it: the photo point under the fingers' centre when they began
/// stays under their centre as it moves (zoom and pan at once), the scale follows the spread 1:1 within the photo's
/// limits and stretches like a rubber band past them (below fit, above 800 %), and on release it settles back within
/// them. A pure value: the zoom for any spread and centre movement is a function of where the pinch began.
public struct PinchZoom: Equatable, Sendable {
    /// The zoom when the fingers began to pinch.
    public let start: PhotoZoom
    /// The fingers' centre then, in viewport pixels.
    public let centreX: Double
    /// See `centreX`.
    public let centreY: Double

    /// How far past a scale limit a pinch can stretch, as a factor: the band's reach in log scale.
    // Origin: UIScrollView's bouncesZoom lets a pinch overshoot its limits with growing resistance; banding the log of
    // the scale with UIKit's rubber band (`RubberBand`, dimension ln 2) gives the same feel at any zoom and never shows
    // more than twice the largest scale or half the smallest.
    public static let bandReach = 2.0

    /// A pinch beginning on `start` with the fingers' centre at (`x`, `y`).
    public init(start: PhotoZoom, centreX x: Double, centreY y: Double) {
        self.start = start
        centreX = x
        centreY = y
    }

    /// The zoom while the fingers' spread is `spread` times its first and their centre moved by (`dx`, `dy`).
    public func zoom(spread: Double, dx: Double, dy: Double) -> PhotoZoom {
        let factor = spread.isFinite && spread > 0 ? spread : 1
        let (moveX, moveY) = (dx.isFinite ? dx : 0, dy.isFinite ? dy : 0)
        var next = start
        next.scale = Self.banded(start.scale * factor, min: start.minScale, max: start.maxScale)
        // The photo point under the first centre, at scale 1 from the photo's centre, goes under the centre now.
        let focusX = (centreX - start.viewportWidth / 2 - start.panX) / start.scale
        let focusY = (centreY - start.viewportHeight / 2 - start.panY) / start.scale
        let panX = centreX + moveX - start.viewportWidth / 2 - focusX * next.scale
        let panY = centreY + moveY - start.viewportHeight / 2 - focusY * next.scale
        next.panX = Self.banded(panX, limit: next.panLimitX, dimension: start.viewportWidth)
        next.panY = Self.banded(panY, limit: next.panLimitY, dimension: start.viewportHeight)
        return next
    }

    /// Where `zoom` (a pinch's last) settles when the fingers lift at (`x`, `y`): the scale within its limits about
    /// that point, the pan within its bounds.
    public static func settled(_ zoom: PhotoZoom, atX x: Double, y: Double) -> PhotoZoom {
        zoom.zoomed(to: zoom.scale, atX: x, y: y)
    }

    /// `scale` within `min`…`max`, rubber-banded in log scale beyond them.
    static func banded(_ scale: Double, min lower: Double, max upper: Double) -> Double {
        let dimension = Double.log(bandReach)
        if scale > upper {
            return upper * Double.exp(RubberBand.offset(forOverscroll: Double.log(scale / upper), dimension: dimension))
        }
        if scale < lower {
            return lower * Double.exp(RubberBand.offset(forOverscroll: Double.log(scale / lower), dimension: dimension))
        }
        return scale
    }

    /// `pan` within ±`limit`, rubber-banded beyond over a viewport `dimension`.
    static func banded(_ pan: Double, limit: Double, dimension: Double) -> Double {
        let over = abs(pan) - limit
        guard over > 0 else { return pan }
        return (pan > 0 ? 1 : -1) * (limit + RubberBand.offset(forOverscroll: over, dimension: dimension))
    }
}
