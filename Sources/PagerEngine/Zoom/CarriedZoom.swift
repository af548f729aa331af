/// A zoom kept across a page turn (nsxiv keeps the zoom level from photo to photo, feh's `--keep-zoom-vp`): its scale as
/// a share of the photo's own pixels, so 100 % stays 100 % on a photo of another size, and where its centre was as a
/// share of the pan room either way, so a photo read at its top-left corner opens the next at its top-left corner.
public struct CarriedZoom: Equatable, Sendable {
    /// The scale relative to the photo's own pixels: 1 at 100 %.
    public let imageScale: Double
    /// The pan as a share of its room, −1…1 (0 centred; 0 too when there was no room).
    public let shareX: Double
    /// See `shareX`.
    public let shareY: Double

    /// A zoom of `imageScale` times the photo's own pixels, its centre at these shares of the pan room (clamped to
    /// −1…1): one kept across restarts.
    public init(imageScale: Double, shareX: Double, shareY: Double) {
        self.imageScale = imageScale
        self.shareX = min(max(shareX, -1), 1)
        self.shareY = min(max(shareY, -1), 1)
    }

    /// What `zoom` carries to the next photo.
    public init(_ zoom: PhotoZoom) {
        imageScale = zoom.imageScale
        shareX = zoom.panLimitX > 0 ? min(max(zoom.panX / zoom.panLimitX, -1), 1) : 0
        shareY = zoom.panLimitY > 0 ? min(max(zoom.panY / zoom.panLimitY, -1), 1) : 0
    }

    /// The carried zoom on another photo, `fit` being that photo at fit: the same share of its own pixels (within its
    /// scale range) and the same share of its pan room.
    public func applied(to fit: PhotoZoom) -> PhotoZoom {
        let scaled = fit.zoomed(
            to: imageScale * fit.actualSizeScale, atX: fit.viewportWidth / 2, y: fit.viewportHeight / 2)
        return scaled.panned(toX: shareX * scaled.panLimitX, y: shareY * scaled.panLimitY).clamped()
    }
}
