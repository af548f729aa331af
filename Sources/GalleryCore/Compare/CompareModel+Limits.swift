import PagerEngine
import Support

/// Where each compared photo stops when panned: the pan is shared (both move by the same pixels), but each photo is
/// held within its own edges, so a portrait beside a landscape can each be read to its corners and neither shows
/// background inside its half while it is larger than the half.
extension CompareModel {
    /// How far `side`'s centre may move from its box's at `imageScale` of its own pixels: 0 along a side that is no
    /// larger than the box (it stays centred there); nil until its size is known.
    func panLimits(of side: CompareSide, atImageScale imageScale: Double) -> (x: Double, y: Double)? {
        guard let picture = picture(on: side), imageScale.isFinite else { return nil }
        let box = box(of: side)
        return (
            max(0, (picture.width * imageScale - Double(box.width)) / 2),
            max(0, (picture.height * imageScale - Double(box.height)) / 2)
        )
    }

    /// `zoom` with its shared pan held within the farther of the two photos' own limits along each axis: the larger
    /// photo can be panned to its edges while the other stops at its own (`pan(of:)`).
    func bounded(_ zoom: PhotoZoom) -> PhotoZoom {
        let limits = CompareSide.allCases.compactMap { panLimits(of: $0, atImageScale: zoom.imageScale) }
        let limitX = limits.map(\.x).max() ?? 0, limitY = limits.map(\.y).max() ?? 0
        return zoom.panned(toX: min(max(zoom.panX, -limitX), limitX), y: min(max(zoom.panY, -limitY), limitY))
    }

    /// `side`'s own pan: the shared pan held within that photo's edges (none at fit).
    func pan(of side: CompareSide) -> (x: Double, y: Double) {
        guard let zoom, let limits = panLimits(of: side, atImageScale: zoom.imageScale) else { return (0, 0) }
        return (min(max(zoom.panX, -limits.x), limits.x), min(max(zoom.panY, -limits.y), limits.y))
    }
}
