import GalleryCore

/// The wheel's thumbnails: decoded off the main thread at row size (never the page size), cached by photo at the
/// current thumbnail size, least recently used ones dropped beyond `capacity`. On the main actor, as it holds textures.
@MainActor
final class ThumbnailStore {
    /// Thumbnails held at most: a few wheels' worth of rows.
    static let capacity = 64

    private let worker: DecodeWorker
    /// Where each photo's pixels come from (grows when a feed adds files).
    var library: PageLibrary
    /// The box thumbnails are fitted into.
    private(set) var box: PixelSize
    private var generation = 0
    private var textures: [PhotoID: (texture: Texture, lastUse: Int)] = [:]
    private var failed: Set<PhotoID> = []
    private var inFlight: Set<PhotoID> = []
    private var clock = 0

    init(worker: DecodeWorker, library: PageLibrary) {
        self.worker = worker
        self.library = library
        self.box = PixelSize(width: 1, height: 1)
    }

    /// Asks for the thumbnails of `photos`, most urgent first, at `size`; requests for photos no longer wanted are
    /// cancelled. A new size starts afresh.
    func want(_ photos: [PhotoID], size: PixelSize) {
        if size != box { removeAll(box: size) }
        clock += 1
        let wanted = Set(photos)
        let stale = inFlight.subtracting(wanted)
        if !stale.isEmpty {
            worker.cancel(photos: stale)
            inFlight.subtract(stale)
        }
        for photo in photos {
            if textures[photo] != nil {
                textures[photo]?.lastUse = clock
            } else if !failed.contains(photo), !inFlight.contains(photo) {
                inFlight.insert(photo)
                worker.submit(
                    DecodeRequest(
                        photo: photo, source: library.source(forPhoto: photo), box: box, generation: generation)
                )
            }
        }
    }

    /// Uploads every finished thumbnail; returns whether any arrived.
    @discardableResult
    func receive(renderer: Renderer) throws -> Bool {
        var changed = false
        for result in worker.drainResults() {
            guard result.request.generation == generation, inFlight.remove(result.photo) != nil else { continue }
            switch result.outcome {
            case .success(let surface): textures[result.photo] = (try renderer.makeTexture(from: surface), clock)
            case .failure: failed.insert(result.photo)
            }
            changed = true
        }
        while textures.count > Self.capacity, let oldest = textures.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            textures[oldest.key] = nil
        }
        return changed
    }

    /// The thumbnail of `photo`, if decoded.
    func texture(for photo: PhotoID) -> Texture? { textures[photo]?.texture }

    /// Whether `photo` could not be decoded.
    func hasFailed(_ photo: PhotoID) -> Bool { failed.contains(photo) }

    /// Forgets the thumbnails of `photos` (an action may have changed them): the next `want` asks for them again.
    func forget(_ photos: some Sequence<PhotoID>) {
        let forgotten = Set(photos)
        worker.cancel(photos: forgotten)
        for photo in forgotten {
            textures[photo] = nil
            failed.remove(photo)
            inFlight.remove(photo)
        }
    }

    /// Forgets every thumbnail (leaving the wheel, or a new size).
    func removeAll(box newBox: PixelSize? = nil) {
        worker.cancelAll()
        generation += 1
        box = newBox ?? box
        textures.removeAll()
        failed.removeAll()
        inFlight.removeAll()
    }

    /// Decodes requested and not back yet.
    var pendingCount: Int { inFlight.count }

    /// Thumbnails held.
    var count: Int { textures.count }

    /// Bytes of the thumbnails held.
    var byteCount: Int { textures.values.map(\.texture.byteCount).reduce(0, +) }
}
