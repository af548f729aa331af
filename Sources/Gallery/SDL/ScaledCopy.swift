import Glibc
import Imaging

/// A texture copy from `source` (texture pixels) to `destination` (output pixels), cut down to what `bounds` shows.
///
/// SDL 2.26's software renderer scales a copy whose destination leaves the output into a temporary surface of the
/// whole destination first: a photo zoomed 8× in a 1384×1100 window made a ~10,000 × 8,000 surface (330 MB, 400 ms) on
/// every frame. Cut to whole source pixels, the part drawn is at most the output plus one source pixel each side.
struct ScaledCopy: Equatable {
    /// The texture pixels copied.
    var source: PixelRect
    /// Where they land.
    var destination: PixelRect

    /// The part of the copy of `source` into `destination` that lands within `bounds`, on whole source pixels; the copy
    /// itself when it already lies within `bounds`; nil when nothing of it shows.
    static func visiblePart(of source: PixelRect, in destination: PixelRect, within bounds: PixelRect) -> ScaledCopy? {
        let whole = ScaledCopy(source: source, destination: destination)
        guard source.width > 0, source.height > 0, destination.width > 0, destination.height > 0 else { return nil }
        let left = max(destination.x, bounds.x), right = min(destination.x + destination.width, bounds.x + bounds.width)
        let top = max(destination.y, bounds.y),
            bottom = min(destination.y + destination.height, bounds.y + bounds.height)
        guard left < right, top < bottom else { return nil }
        if left == destination.x, top == destination.y, right == destination.x + destination.width,
            bottom == destination.y + destination.height
        {
            return whole
        }
        let (x, width) = axis(
            source: source.x, sourceLength: source.width, destination: destination.x,
            destinationLength: destination.width, visible: left, visibleEnd: right)
        let (y, height) = axis(
            source: source.y, sourceLength: source.height, destination: destination.y,
            destinationLength: destination.height, visible: top, visibleEnd: bottom)
        return ScaledCopy(
            source: PixelRect(x: x.source, y: y.source, width: width.source, height: height.source),
            destination: PixelRect(
                x: x.destination, y: y.destination, width: width.destination,
                height: height.destination))
    }

    /// One axis: the whole source pixels covering `visible ..< visibleEnd`, and where they land.
    private static func axis(
        source: Int, sourceLength: Int, destination: Int, destinationLength: Int, visible: Int, visibleEnd: Int
    ) -> (start: (source: Int, destination: Int), length: (source: Int, destination: Int)) {
        let scale = Double(destinationLength) / Double(sourceLength)
        let first = max(Int(floor(Double(visible - destination) / scale)), 0)
        let end = min(Int(ceil(Double(visibleEnd - destination) / scale)), sourceLength)
        let landsAt = { (offset: Int) in destination + Int((Double(offset) * scale).rounded()) }
        return ((source + first, landsAt(first)), (end - first, landsAt(end) - landsAt(first)))
    }
}
