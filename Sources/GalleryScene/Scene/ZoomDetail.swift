import GalleryCore
import Imaging
import Support

/// The sharp pictures of zoomed photos: each one's visible region (with a margin for panning, when the budget allows),
/// decoded again off the main thread at the size it is drawn at (up to the image's own pixels), while the page
/// texture, scaled, stands in and fills whatever the region does not cover. One region per photo, for the photos asked
/// for last: the pager's zoomed photo, or the compare screen's two. On the main actor, as it holds textures.
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

    /// One photo's region asked for: `region` of `photo` decoded as part of the picture fitted to `full`, of which
    /// `visible` shows.
    struct Want {
        /// The photo.
        var photo: PhotoID
        /// Where it is read from.
        var source: PageSource
        /// The whole picture's size the region is part of.
        var full: PixelSize
        /// The part shown, in the pixels of `full`: a region held or asked for that covers it will do.
        var visible: PixelRect
        /// The part to decode (`visible` and a margin), in the pixels of `full`.
        var region: PixelRect
    }

    private let worker: DecodeWorker
    private var generation = 0
    /// The regions on their way, by photo, with the generation their results carry.
    private var requested: [PhotoID: (full: PixelSize, region: PixelRect, generation: Int)] = [:]
    /// The sharp regions held, by photo.
    private var held: [PhotoID: Sharp] = [:]

    init(worker: DecodeWorker) {
        self.worker = worker
    }

    /// The sharp region held for `photo`, if any.
    func sharp(of photo: PhotoID) -> Sharp? { held[photo] }

    /// Asks for `region` of `photo` decoded as part of the picture fitted to `full`, unless a region of it at that
    /// size covering `visible` is held or on its way; other photos' regions are let go.
    func want(photo: PhotoID, source: PageSource, full: PixelSize, visible: PixelRect, region: PixelRect) {
        want([Want(photo: photo, source: source, full: full, visible: visible, region: region)])
    }

    /// Asks for each of `wants` unless a region of its photo at that size covering its visible part is held or on
    /// its way; the regions of photos not among them are let go (none wanted: all are).
    func want(_ wants: [Want]) {
        let photos = Set(wants.map(\.photo))
        let others = Set(held.keys).union(requested.keys).subtracting(photos)
        if !others.isEmpty {
            worker.cancel(photos: others)
            for photo in others {
                held[photo] = nil
                requested[photo] = nil
            }
        }
        for want in wants {
            if let sharp = held[want.photo], Self.sameSize(sharp.full, want.full), sharp.region.covers(want.visible) {
                continue
            }
            if let asked = requested[want.photo], Self.sameSize(asked.full, want.full),
                asked.region.covers(want.visible)
            {
                continue
            }
            worker.cancel(photos: [want.photo])
            generation += 1
            requested[want.photo] = (want.full, want.region, generation)
            worker.submit(
                DecodeRequest(
                    photo: want.photo, source: want.source, box: want.full, region: want.region,
                    generation: generation))
        }
    }

    /// Sizes within a pixel of each other: the same zoom, rounded differently.
    private static func sameSize(_ a: PixelSize, _ b: PixelSize) -> Bool {
        abs(a.width - b.width) <= 1 && abs(a.height - b.height) <= 1
    }

    /// Takes the finished decodes, if any; returns whether a sharper picture arrived.
    @discardableResult
    func receive(renderer: any Canvas) throws -> Bool {
        var changed = false
        for result in worker.drainResults() {
            guard let asked = requested[result.photo], asked.generation == result.request.generation else { continue }
            requested[result.photo] = nil
            guard case .success(let picture) = result.outcome else { continue }
            held[result.photo] = nil  // Let the old texture go before making the new one.
            let origin = result.request.region.map { PixelPoint(x: $0.x, y: $0.y) } ?? PixelPoint(x: 0, y: 0)
            held[result.photo] = Sharp(
                texture: try renderer.makeTexture(from: picture.pixels), full: result.request.box,
                region: PixelRect(origin: origin, size: picture.size))
            changed = true
        }
        return changed
    }

    /// Forgets the pictures (back to fit, another photo, a new renderer).
    func clear() {
        worker.cancelAll()
        generation += 1
        requested = [:]
        held = [:]
    }

    /// Whether a decode is on its way.
    var isPending: Bool { !requested.isEmpty }

    /// Bytes of the textures held.
    var byteCount: Int { held.values.reduce(0) { $0 + $1.texture.byteCount } }

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
