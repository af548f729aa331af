import GalleryCore
import Imaging
import Support

/// The sharp picture of a zoomed photo: its visible region (with a margin for panning, when the budget allows),
/// decoded again off the main thread at the size it is drawn at (up to the image's own pixels), while the page
/// texture, scaled, stands in and fills whatever the region does not cover. One at a time. On the main actor, as it
/// holds textures.
///
/// Only the region is ever decoded or uploaded, never the whole zoomed picture: `=` on a 16000 × 12000 photo used to
/// make a 768 MB texture, and a 40000 × 600 one a texture past the renderer's 16384-pixel limit.
@MainActor
final class ZoomDetail {
    /// A sharp region: its texture and where it lies in the zoomed picture.
    struct Sharp {
        /// The region's pixels.
        var texture: any CanvasTexture
        /// The size of the whole picture the region is part of: the drawn size, capped at the image's own pixels,
        /// reduced when the region would not fit its budget otherwise.
        var full: PixelSize
        /// The region, in the pixels of `full`.
        var region: PixelRect
    }

    private let worker: DecodeWorker
    private var generation = 0
    private var requested: (photo: PhotoID, full: PixelSize, region: PixelRect)?
    /// The sharp region held, for which photo.
    private(set) var held: (photo: PhotoID, sharp: Sharp)?

    init(worker: DecodeWorker) {
        self.worker = worker
    }

    /// Asks for `region` of `photo` decoded as part of the picture fitted to `full`, unless a region of it at that
    /// size covering `visible` is held or on its way.
    func want(photo: PhotoID, source: PageSource, full: PixelSize, visible: PixelRect, region: PixelRect) {
        if let held, held.photo == photo, Self.sameSize(held.sharp.full, full), held.sharp.region.covers(visible) {
            return
        }
        if let requested, requested.photo == photo, Self.sameSize(requested.full, full),
            requested.region.covers(visible)
        {
            return
        }
        worker.cancelAll()
        generation += 1
        requested = (photo, full, region)
        worker.submit(DecodeRequest(photo: photo, source: source, box: full, region: region, generation: generation))
    }

    /// Sizes within a pixel of each other: the same zoom, rounded differently.
    private static func sameSize(_ a: PixelSize, _ b: PixelSize) -> Bool {
        abs(a.width - b.width) <= 1 && abs(a.height - b.height) <= 1
    }

    /// Takes the finished decode, if any; returns whether a sharper picture arrived.
    @discardableResult
    func receive(renderer: any Canvas) throws -> Bool {
        var changed = false
        for result in worker.drainResults() where result.request.generation == generation {
            requested = nil
            guard case .success(let picture) = result.outcome else { continue }
            held = nil  // Let the old texture go before making the new one.
            let origin = result.request.region.map { PixelPoint(x: $0.x, y: $0.y) } ?? PixelPoint(x: 0, y: 0)
            let sharp = Sharp(
                texture: try renderer.makeTexture(from: picture.pixels), full: result.request.box,
                region: PixelRect(origin: origin, size: picture.size))
            held = (result.photo, sharp)
            changed = true
        }
        return changed
    }

    /// Forgets the picture (back to fit, another photo, a new renderer).
    func clear() {
        worker.cancelAll()
        generation += 1
        requested = nil
        held = nil
    }

    /// Whether a decode is on its way.
    var isPending: Bool { requested != nil }

    /// Bytes of the texture held.
    var byteCount: Int { held?.sharp.texture.byteCount ?? 0 }

    /// What to decode for a zoomed photo whose whole picture is `full` pixels and of which `visible` shows, within
    /// `budgetBytes` and `maximumSide`: the visible part widened by a quarter (else an eighth) of itself on each side
    /// for pans, clipped to the picture, when that fits; the visible part alone when only it fits; else the visible
    /// part of the picture at the largest reduced size at which it fits (drawn scaled up). Returns the region, the
    /// whole picture's size it belongs to, and the visible part in that picture's pixels.
    nonisolated static func plan(
        visible: PixelRect, full: PixelSize, budgetBytes: Int, maximumSide: Int?
    ) -> (region: PixelRect, full: PixelSize, visible: PixelRect) {
        let shrunk = PageBudget.fitting(visible.size, bytes: budgetBytes, maximumSide: maximumSide)
        guard shrunk == visible.size else {
            let scale = min(
                Double(shrunk.width) / Double(visible.width), Double(shrunk.height) / Double(visible.height))
            let smaller = PixelSize(
                width: max(Int(Double(full.width) * scale), 1), height: max(Int(Double(full.height) * scale), 1))
            let x = min(Int(Double(visible.x) * scale), max(smaller.width - shrunk.width, 0))
            let y = min(Int(Double(visible.y) * scale), max(smaller.height - shrunk.height, 0))
            let region = PixelRect(
                x: x, y: y, width: min(shrunk.width, smaller.width), height: min(shrunk.height, smaller.height))
            return (region, smaller, region)
        }
        for fraction in [4, 8] {
            let marginX = visible.width / fraction, marginY = visible.height / fraction
            let left = max(visible.x - marginX, 0), top = max(visible.y - marginY, 0)
            let right = min(visible.x + visible.width + marginX, full.width)
            let bottom = min(visible.y + visible.height + marginY, full.height)
            let widened = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
            if PageBudget.bytes(of: widened.size) <= budgetBytes,
                max(widened.width, widened.height) <= maximumSide ?? Int.max
            {
                return (widened, full, visible)
            }
        }
        return (visible, full, visible)
    }
}

private extension PixelRect {
    /// Whether `other` lies wholly inside this rectangle.
    func covers(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}
