import GalleryCore
import Imaging
import Support

/// Rectangles of a picture as stored and as shown turned: a turned photo's sharp region is asked for in the stored
/// picture's pixels (the decoder cuts it from there) and drawn where it lands as shown.
extension ViewOrientation {
    /// The orientation that undoes this one: a mirror then turns undoes itself; plain turns are undone by as many the
    /// other way.
    var inverse: ViewOrientation { mirrored ? self : ViewOrientation(quarterTurns: -quarterTurns, mirrored: false) }

    /// Where `rect` of a picture of `size` (as stored) lands as shown; an empty rectangle stays empty at its corner.
    func shownRect(of rect: PixelRect, storedSize size: PixelSize) -> PixelRect {
        guard rect.width > 0, rect.height > 0 else { return rect }
        let first = shownPoint(x: rect.x, y: rect.y, width: size.width, height: size.height)
        let last = shownPoint(
            x: rect.x + rect.width - 1, y: rect.y + rect.height - 1, width: size.width, height: size.height)
        return PixelRect(
            x: min(first.x, last.x), y: min(first.y, last.y), width: abs(first.x - last.x) + 1,
            height: abs(first.y - last.y) + 1)
    }

    /// `rect` of the picture as shown at `shownSize`, in the stored picture's pixels.
    func storedRect(of rect: PixelRect, shownSize: PixelSize) -> PixelRect {
        inverse.shownRect(of: rect, storedSize: shownSize)
    }
}
