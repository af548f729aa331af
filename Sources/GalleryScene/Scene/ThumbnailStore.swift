import GalleryCore
import Imaging
import Support

/// The wheel's and the grid's thumbnails: decoded off the main thread at row or cell size (never the page size), cached
/// by photo at the current thumbnail size, least recently used ones dropped beyond `capacity`. On the main actor, as it
/// holds textures.
@MainActor
final class ThumbnailStore {
    /// Thumbnails the wheel holds at most: a few wheels' worth of rows.
    static let wheelCapacity = 64
    /// Screens of cells the grid keeps: the one shown and about one either side, so a fling back finds them.
    static let gridScreens = 3

    /// Thumbnails uploaded per page of the window's upload budget: a 128-pixel thumbnail is 1/56 of a 1280×720 page,
    /// so 24 of them cost under half of one page's upload, and a screen of cells read from a warm cache is painted in
    /// two or three frames (with 8, the 72 thumbnails a 1280×720 grid asks for at first took five frames once arrived).
    static let uploadsPerPage = 24

    /// Thumbnails held at most, set by each `want`.
    private(set) var capacity = wheelCapacity

    private let worker: DecodeWorker
    /// Where each photo's pixels come from: the controller's library, the one it changes.
    private let library: CurrentLibrary
    /// The box thumbnails are fitted into.
    private(set) var box: PixelSize
    private var generation = 0
    /// The thumbnails held, by when they were last wanted.
    private var textures = LRUCache<PhotoID, any CanvasTexture>()
    private var failed: Set<PhotoID> = []
    /// Failures since `takeNewFailures()` last took them.
    private var newFailures: [FailedRead] = []
    private var inFlight: Set<PhotoID> = []
    /// Decoded thumbnails waiting for their upload, the earliest first.
    private var arrived: [(photo: PhotoID, picture: DecodedPicture)] = []

    init(worker: DecodeWorker, library: CurrentLibrary) {
        self.worker = worker
        self.library = library
        self.box = PixelSize(width: 1, height: 1)
    }

    /// How many thumbnails of `box` the grid keeps when `shown` cells fit on a screen: `gridScreens` screens, within
    /// `budgetBytes`, but never fewer than a screen (one screen over the budget would otherwise thrash).
    static func gridCapacity(shown: Int, box: PixelSize, budgetBytes: Int) -> Int {
        let fitting = max(budgetBytes, 0) / max(PageBudget.bytes(of: box), 1)
        return max(min(gridScreens * shown, fitting), shown, 1)
    }

    /// Asks for the thumbnails of `photos`, most urgent first, at `size`, keeping at most `capacity` (the wheel's by
    /// default): photos past it are not asked for, requests for photos no longer wanted are cancelled, and the least
    /// recently wanted thumbnails beyond it go. A new size starts afresh. The thumbnail cache's flavour follows the
    /// size (`ThumbnailFlavour.forWriting(needed:)` of its longer side).
    func want(_ photos: [PhotoID], size: PixelSize, capacity: Int = wheelCapacity) {
        if size != box { removeAll(box: size) }
        self.capacity = max(capacity, 1)
        let photos = Array(photos.prefix(self.capacity))
        textures.touch(photos)
        let wanted = Set(photos)
        let stale = inFlight.subtracting(wanted)
        if !stale.isEmpty {
            worker.cancel(photos: stale)
            inFlight.subtract(stale)
        }
        for photo in photos where !textures.contains(photo) {
            if !failed.contains(photo), !inFlight.contains(photo) {
                inFlight.insert(photo)
                worker.submit(
                    DecodeRequest(
                        photo: photo, source: library.pages.source(forPhoto: photo), box: box, generation: generation)
                )
            }
        }
        trim()
    }

    /// Takes over `requests`, already submitted to the worker before this store existed (the grid's first screen, asked
    /// while the window opened): kept in flight at their box and generation, so a first `want` at that box does not
    /// ask again, and one at another box cancels them. Only a store that has asked for nothing adopts.
    func adopt(_ requests: [DecodeRequest]) {
        guard let first = requests.first, inFlight.isEmpty, textures.count == 0, arrived.isEmpty else { return }
        box = first.box
        generation = first.generation
        for request in requests
        where request.box == box && request.generation == generation
            && library.pages.source(forPhoto: request.photo) == request.source
        {
            inFlight.insert(request.photo)
        }
    }

    /// Takes the finished thumbnails and uploads at most `uploadBudget` of them, the earliest first (all when nil, as
    /// headless runs do); returns whether any arrived.
    @discardableResult
    func receive(renderer: any Canvas, uploadBudget: Int? = nil) throws -> Bool {
        var changed = false
        for result in worker.drainResults() {
            guard result.request.generation == generation, inFlight.remove(result.photo) != nil else { continue }
            switch result.outcome {
            case .success(let picture): arrived.append((result.photo, picture))
            case .failure(let failure):
                failed.insert(result.photo)
                newFailures.append(
                    FailedRead(photo: result.photo, failure: failure, stamp: result.stamp, isThumbnail: true))
                changed = true
            }
        }
        let uploading = min(max(uploadBudget ?? arrived.count, 0), arrived.count)
        for (photo, picture) in arrived.prefix(uploading) {
            let texture = try renderer.makeTexture(from: picture.pixels)
            textures.insert(texture, forKey: photo, bytes: texture.byteCount)
            changed = true
        }
        arrived.removeFirst(uploading)
        trim()
        return changed
    }

    /// Whether each of `photos` has its thumbnail uploaded, or failed to get one.
    func hasShown(_ photos: some Sequence<PhotoID>) -> Bool {
        photos.allSatisfy { textures.contains($0) || failed.contains($0) }
    }

    /// Whether decoded thumbnails wait for an upload budget (another frame uploads them).
    var hasPendingUploads: Bool { !arrived.isEmpty }

    /// Drops the least recently wanted thumbnails beyond `capacity`.
    private func trim() {
        textures.evict(toCount: capacity)
    }

    /// The thumbnail of `photo`, if decoded.
    func texture(for photo: PhotoID) -> (any CanvasTexture)? { textures.peek(photo) }

    /// Takes the thumbnails' decode failures since the last call (files that may not be photos at all).
    func takeNewFailures() -> [FailedRead] {
        defer { newFailures.removeAll() }
        return newFailures
    }

    /// Whether `photo` could not be decoded.
    func hasFailed(_ photo: PhotoID) -> Bool { failed.contains(photo) }

    /// Forgets the thumbnails of `photos` (an action may have changed them): the next `want` asks for them again.
    func forget(_ photos: some Sequence<PhotoID>) {
        let forgotten = Set(photos)
        worker.cancel(photos: forgotten)
        for photo in forgotten {
            textures.removeValue(forKey: photo)
            failed.remove(photo)
            inFlight.remove(photo)
        }
        arrived.removeAll { forgotten.contains($0.photo) }
    }

    /// Forgets every thumbnail (leaving the wheel, or a new size).
    func removeAll(box newBox: PixelSize? = nil) {
        worker.cancelAll()
        generation += 1
        box = newBox ?? box
        textures.removeAll()
        failed.removeAll()
        inFlight.removeAll()
        arrived.removeAll()
    }

    /// Decodes requested and not shown yet (in flight, or waiting for their upload).
    var pendingCount: Int { inFlight.count + arrived.count }

    /// Thumbnails held.
    var count: Int { textures.count }

    /// Bytes of the thumbnails held.
    var byteCount: Int { textures.totalBytes }
}
