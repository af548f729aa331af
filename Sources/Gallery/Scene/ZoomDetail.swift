/// The sharp picture of a zoomed photo: decoded again off the main thread at the size it is drawn at (up to the
/// image's own pixels, within the decoder's limits), while the page texture, scaled, stands in. One at a time.
/// Main thread only.
final class ZoomDetail {
    private let worker: DecodeWorker
    private var generation = 0
    private var requested: (photo: Int, box: PixelSize)?
    /// The sharp texture held, for which photo and drawn size.
    private(set) var held: (photo: Int, box: PixelSize, texture: Texture)?

    init(worker: DecodeWorker) {
        self.worker = worker
    }

    /// Asks for `photo` decoded to fit `box`, unless that (or a sharper one) is held or on its way.
    func want(photo: Int, source: PageSource, box: PixelSize) {
        if let held, held.photo == photo, held.box.width >= box.width - 1 { return }
        if let requested, requested.photo == photo, requested.box == box { return }
        worker.cancelAll()
        generation += 1
        requested = (photo, box)
        worker.submit(DecodeRequest(page: photo, source: source, box: box, generation: generation))
    }

    /// Takes the finished decode, if any; returns whether a sharper picture arrived.
    @discardableResult
    func receive(renderer: Renderer) throws -> Bool {
        var changed = false
        for result in worker.drainResults() where result.request.generation == generation {
            requested = nil
            guard case .success(let surface) = result.outcome else { continue }
            held = nil  // Let the old texture go before making the new one.
            held = (result.page, result.request.box, try renderer.makeTexture(from: surface))
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
    var byteCount: Int { held?.texture.byteCount ?? 0 }
}
