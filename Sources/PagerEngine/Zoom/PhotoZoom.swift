/// How a photo sits in its page while zoomed: a scale relative to fit, and a pan (the photo's centre relative to the
/// viewport's), with the bounds that keep a zoomed photo covering the viewport and the hand-over rule that passes a
/// drag beyond the photo's left or right edge to the pager, as phone photo viewers nest them.
///
/// Pure values, no clock: `zoomed(to:atX:y:)` and `dragged(byX:y:)` return new states, and `ZoomAnimation` and
/// `PanGlide` evaluate their motion at a time passed in.
public struct PhotoZoom: Equatable, Sendable {
    /// The photo's drawn width and height at fit (scale 1), in pixels.
    public let fittedWidth: Double
    /// See `fittedWidth`.
    public let fittedHeight: Double
    /// The viewport's width and height, in pixels.
    public let viewportWidth: Double
    /// See `viewportWidth`.
    public let viewportHeight: Double
    /// The largest scale: 8 screen pixels per image pixel (nsxiv's 800 %), at least fit.
    public let maxScale: Double
    /// The smallest scale: fit, or 100 % when the photo is smaller than its fit (a small photo fitted up can still
    /// be seen at its own pixels).
    public let minScale: Double
    /// The scale at which one image pixel covers one screen pixel (100 %).
    public let actualSizeScale: Double
    /// The scale relative to fit: 1 at fit.
    /// Past `minScale` or `maxScale` only while a pinch stretches it (`PinchZoom`).
    public internal(set) var scale = 1.0
    /// The photo's centre minus the viewport's centre, in pixels; within `panLimitX` once a drag ends.
    public internal(set) var panX = 0.0
    /// See `panX`; past `panLimitY` only while a drag stretches the rubber band.
    public internal(set) var panY = 0.0

    /// A photo drawn `fittedWidth` × `fittedHeight` at fit, in a viewport, whose own pixels are `imageWidth` wide
    /// (so 100 % is `imageWidth / fittedWidth`).
    public init(
        fittedWidth: Double, fittedHeight: Double, viewportWidth: Double, viewportHeight: Double, imageWidth: Double
    ) {
        self.fittedWidth = max(fittedWidth, 1)
        self.fittedHeight = max(fittedHeight, 1)
        self.viewportWidth = max(viewportWidth, 1)
        self.viewportHeight = max(viewportHeight, 1)
        let actual = max(imageWidth, 1) / self.fittedWidth
        actualSizeScale = actual
        maxScale = max(8 * actual, 1)
        minScale = min(actual, 1)
    }

    /// Whether the photo is drawn at another scale than fit (larger, or a small photo at its own pixels).
    public var isZoomed: Bool { abs(scale - 1) > 1e-9 }

    /// The scale relative to the photo's own pixels: 1 at 100 %.
    public var imageScale: Double { scale / actualSizeScale }

    /// Where the zoomed picture lies, unrounded, for a slot at (`x`, `y`) of `width` × `height`: scaled about the slot's
    /// centre and panned. The one place both the painter and the sharp region's request compute it.
    public func drawnFrame(inSlotX x: Double, y: Double, width: Double, height: Double) -> (
        left: Double, top: Double, width: Double, height: Double
    ) {
        let drawnWidth = fittedWidth * scale, drawnHeight = fittedHeight * scale
        return (x + width / 2 + panX - drawnWidth / 2, y + height / 2 + panY - drawnHeight / 2, drawnWidth, drawnHeight)
    }

    /// How far the photo's centre may move from the viewport's horizontally: 0 while the photo is narrower.
    public var panLimitX: Double { max(0, (fittedWidth * scale - viewportWidth) / 2) }

    /// See `panLimitX`.
    public var panLimitY: Double { max(0, (fittedHeight * scale - viewportHeight) / 2) }

    /// The photo zoomed to `target` (clamped to `minScale`…`maxScale`) keeping the photo point under (`x`, `y`) — viewport
    /// coordinates — where it is, then held within the pan bounds.
    public func zoomed(to target: Double, atX x: Double, y: Double) -> PhotoZoom {
        var next = self
        next.scale = min(max(target.isFinite ? target : 1, minScale), maxScale)
        // The focus in photo coordinates at scale 1, measured from the photo's centre, stays under the pointer.
        let focusX = (x - viewportWidth / 2 - panX) / scale
        let focusY = (y - viewportHeight / 2 - panY) / scale
        next.panX = x - viewportWidth / 2 - focusX * next.scale
        next.panY = y - viewportHeight / 2 - focusY * next.scale
        return next.clamped()
    }

    /// The same photo fitted anew at `fittedWidth` × `fittedHeight` (the page box changed: the status bar came or
    /// went): it keeps its size on screen (its share of its own pixels, so 100 % stays 100 %) within the new range,
    /// and the pan is held within the new bounds.
    public func refitted(fittedWidth newWidth: Double, fittedHeight newHeight: Double) -> PhotoZoom {
        var next = PhotoZoom(
            fittedWidth: newWidth, fittedHeight: newHeight, viewportWidth: viewportWidth,
            viewportHeight: viewportHeight, imageWidth: actualSizeScale * fittedWidth)
        next.scale = min(max(imageScale * next.actualSizeScale, next.minScale), next.maxScale)
        next.panX = panX
        next.panY = panY
        return next.clamped()
    }

    /// The same scale with the pan held within its bounds.
    public func clamped() -> PhotoZoom {
        var next = self
        next.panX = min(max(panX, -panLimitX), panLimitX)
        next.panY = min(max(panY, -panLimitY), panLimitY)
        return next
    }

    /// The photo dragged by a pointer movement (`dx`, `dy`): it follows 1:1 within its bounds; vertically it
    /// stretches past them with UIKit's rubber band (`rawPanY` is the un-banded pan the drag carries); horizontally
    /// the movement beyond the edge is returned for the pager (the hand-over).
    public func dragged(byX dx: Double, y dy: Double, rawPanY: inout Double) -> (zoom: PhotoZoom, handOver: Double) {
        var next = self
        let wanted = panX + dx
        next.panX = min(max(wanted, -panLimitX), panLimitX)
        rawPanY += dy
        let limit = panLimitY
        let over = abs(rawPanY) - limit
        next.panY =
            over > 0
            ? (rawPanY > 0 ? 1 : -1) * (limit + RubberBand.offset(forOverscroll: over, dimension: viewportHeight))
            : rawPanY
        return (next, wanted - next.panX)
    }

    /// The same photo with the pan set (for animations); not clamped.
    public func panned(toX x: Double, y: Double) -> PhotoZoom {
        var next = self
        next.panX = x
        next.panY = y
        return next
    }
}
