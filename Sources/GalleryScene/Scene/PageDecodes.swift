import GalleryCore
import Imaging
import Logging
import PagerEngine
import Support

/// The decode side of a page store: requests in flight, failures, damage notes and the file stamps that tell when a
/// page's file changed. On the main actor with the stores it serves, and it never touches a file: the worker examines
/// files and reports their identity and header size (docs/RELIABILITY.md, "File access off the main thread").
@MainActor
final class PageDecodes {
    /// What `takeDecoded(into:keeping:holding:)` brought.
    struct Taken {
        /// Whether the screen changes: a picture, a failure or a placeholder's shape arrived.
        var changed = false
        /// Pages whose new surface arrived (a changed file's replaces the picture drawn until now).
        var arrived: [PhotoID] = []
        /// Pages whose decode failed (a changed file's failure replaces the picture drawn until now).
        var failed: [PhotoID] = []
    }

    let worker: DecodeWorker
    /// Where each page's pixels come from: the controller's library, the one it changes.
    private let current: CurrentLibrary
    /// Where each page's pixels come from now.
    var library: PageLibrary { current.pages }
    /// The size each page is decoded at: exactly the size it is drawn at.
    private(set) var box: PixelSize
    private(set) var inFlight: Set<PhotoID> = []
    private(set) var failures: [PhotoID: DecodeFailure] = [:]
    /// The frames of animated pages whose pixels the store holds (`keepAnimations(of:)` drops the others').
    private(set) var animations: [PhotoID: AnimationStream] = [:]
    /// Damage and animation notes of the pages' pictures (`PageNotes`).
    private(set) var notes = PageNotes()
    /// Page textures created or rewritten since start, by either store (the trace's `uploads`).
    var uploads = 0
    /// The pixel size each requested photo's header states (before EXIF rotation), so its placeholder has its shape:
    /// reported by the worker, early (a header note) or with the picture.
    private(set) var statedSizes: [PhotoID: PixelSize] = [:]
    private var generation = 0
    /// The identity of the file each page's drawn decode (or failure) came from, as the worker examined it (nil inside:
    /// it could not be examined); a page shown again is re-examined against it.
    private(set) var stamps: [PhotoID: FileStamp?] = [:]
    /// Pages whose file changed while their decode was in flight (`filesChanged`): examined again once it lands.
    var recheckOnArrival: Set<PhotoID> = []
    /// The pages of the last plan, most urgent first: the current page, its neighbours, then the look-ahead.
    private var lastRequired: [PhotoID] = []
    /// Pages drawn from a first picture (`DecodeWorker.drainPreviews()`) whose full decode has not landed: not resident
    /// for planning (a cancelled one is requested again) and not counted as decoded.
    private(set) var previewing: Set<PhotoID> = []
    /// Pages whose decode failed since `takeNewFailures()` last took them.
    var newFailures: [PhotoID] = []
    private let logger = Logger(label: "gallery.decode")

    init(worker: DecodeWorker, library: CurrentLibrary, box: PixelSize) {
        self.worker = worker
        self.current = library
        self.box = box
    }

    /// Re-examines, on the worker, each page of `plan` shown again whose decode or failure is drawn (`resident`): a
    /// page that becomes the current page or a neighbour of it (the plan's first three) and was not one in the last
    /// plan, or that becomes the current page. Its pixels stay until the worker answers: unchanged, nothing happens; a
    /// changed file (another inode, size or modification time: rewritten, or renamed over) is decoded again and its
    /// picture replaces the old one when it arrives. `plan` becomes the last plan.
    func revalidate(shownAgainIn plan: ResidencyPlan<PhotoID>, resident: Set<PhotoID>) {
        let shown = plan.required.prefix(3)
        let previous = lastRequired.prefix(3)
        lastRequired = plan.required
        for page in shown where !previous.contains(page) || (page == shown.first && page != previous.first) {
            guard resident.contains(page), !inFlight.contains(page), let recorded = stamps[page],
                case .file = library.source(forPhoto: page)
            else { continue }
            submit(photo: page, purpose: .revalidate(shown: recorded))
        }
    }

    /// Forgets which pages the last plan showed, so the next plan re-examines every page it shows (an action may have
    /// changed their files).
    func forgetShown() {
        lastRequired.removeAll()
    }

    /// Requests `pages`, in order, from the worker.
    func request(_ pages: [PhotoID]) {
        for page in pages {
            submit(photo: page, purpose: .page)
        }
    }

    func submit(photo page: PhotoID, purpose: DecodeRequest.Purpose) {
        // Asked at request time: the library may have grown since the store was made.
        worker.submit(
            DecodeRequest(
                photo: page, source: library.source(forPhoto: page), box: box, generation: generation, purpose: purpose)
        )
        inFlight.insert(page)
    }

    /// The bytes a decoded page holds: its picture, and an animation's frames.
    static func bytes(of picture: DecodedPicture) -> Int {
        picture.byteCount
    }

    /// Drops the animation frames of pages other than `held` (the store let their pixels go).
    func keepAnimations(of held: Set<PhotoID>) {
        for page in animations.keys where !held.contains(page) { animations[page] = nil }
    }

    /// Bytes of the animation frames held.
    var animationBytes: Int { animations.values.reduce(0) { $0 + $1.byteCount } }

    /// Takes `request`, submitted to the worker before this store existed (the window's first photo, decoded while
    /// the window opens), as this store's own, if it is what the store would have asked for; returns whether it did.
    @discardableResult
    func adopt(_ request: DecodeRequest) -> Bool {
        guard request.generation == generation, request.box == box, !inFlight.contains(request.photo),
            library.source(forPhoto: request.photo) == request.source
        else { return false }
        inFlight.insert(request.photo)
        return true
    }

    /// Cancels the requests for `pages` still in flight.
    func cancel(_ pages: [PhotoID]) {
        guard !pages.isEmpty else { return }
        worker.cancel(photos: pages)
        inFlight.subtract(pages)
    }

    /// Forgets everything and decodes at `newBox` from now on.
    func reset(box newBox: PixelSize) {
        worker.cancelAll()
        generation += 1
        box = newBox
        inFlight.removeAll()
        failures.removeAll()
        notes.removeAll()
        animations.removeAll()
        statedSizes.removeAll()
        stamps.removeAll()
        previewing.removeAll()
        lastRequired.removeAll()
        recheckOnArrival.removeAll()
    }

    /// Moves every photo's state to its new number (`PageDecodes+Renumbering`), dropping photos gone; in-flight
    /// requests are forgotten (a new generation) and the shown pages re-examined on the next plan.
    func renumberState(_ renumbered: (PhotoID) -> PhotoID?) {
        generation += 1
        inFlight.removeAll()
        failures = failures.renumbered(renumbered)
        notes.renumber(renumbered)
        animations = animations.renumbered(renumbered)
        statedSizes = statedSizes.renumbered(renumbered)
        stamps = stamps.renumbered(renumbered)
        previewing = Set(previewing.compactMap(renumbered))
        newFailures = newFailures.compactMap(renumbered)
        // Requests in flight are forgotten and the pages shown examined anew: no recheck is owed.
        recheckOnArrival.removeAll()
        lastRequired.removeAll()
    }

    /// Takes the worker's notes and finished decodes: surfaces go into `surfaces` (within its budget, `pinned` kept; a
    /// failed page's removed), failures and damage notes are recorded here (a damaged file is logged the first time),
    /// header sizes shape placeholders. A page found unchanged that the store no longer holds (neither in `surfaces`
    /// nor in `holding`, its textures) while the plan still wants it is requested again.
    func takeDecoded(
        into surfaces: inout ByteBoundedCache<DecodedPicture>, keeping pinned: Set<PhotoID>, holding: Set<PhotoID>
    ) -> Taken {
        var taken = Taken()
        var lost: [PhotoID] = []
        for note in worker.drainNotes() {
            guard note.request.generation == generation, inFlight.contains(note.photo) else { continue }
            switch note.kind {
            case .header:
                if let size = note.statedSize, statedSizes[note.photo] != size {
                    statedSizes[note.photo] = size
                    taken.changed = true
                }
            case .unchanged:
                inFlight.remove(note.photo)
                // A failed file found as it was: its failure stands, reported again now that it is older.
                if failures[note.photo] != nil { newFailures.append(note.photo) }
                let held = surfaces[note.photo] != nil || holding.contains(note.photo) || failures[note.photo] != nil
                if !held, lastRequired.contains(note.photo) { lost.append(note.photo) }
            }
        }
        // Before the results: a page whose result came too shows the sharp picture, never the preview after it.
        for preview in worker.drainPreviews() {
            guard preview.request.generation == generation, inFlight.contains(preview.photo),
                case .success(let surface) = preview.outcome
            else { continue }
            surfaces.insert(surface, bytes: surface.byteCount, forPhoto: preview.photo)
            previewing.insert(preview.photo)
            taken.arrived.append(preview.photo)
            taken.changed = true
        }
        for result in worker.drainResults() {
            guard result.request.generation == generation, inFlight.remove(result.photo) != nil else { continue }
            previewing.remove(result.photo)
            if result.request.purpose != .picture { stamps[result.photo] = .some(result.stamp) }
            if let size = result.statedSize { statedSizes[result.photo] = size }
            taken.changed = true
            switch result.outcome {
            case .success(let picture):
                failures[result.photo] = nil
                if let note = notes.record(picture, photo: result.photo, source: result.request.source) {
                    logger.warning(
                        "\(result.request.source.displayName): damaged file, showing what decoded (\(note))",
                        source: Logger.gallerySource)
                }
                animations[result.photo] = picture.animation
                // An animation's frames count against the store's budget with its first frame.
                surfaces.insert(picture, bytes: Self.bytes(of: picture), forPhoto: result.photo)
                taken.arrived.append(result.photo)
            case .failure(let failure):
                failures[result.photo] = failure
                notes.forget(result.photo)
                surfaces.remove(result.photo)
                animations[result.photo] = nil
                taken.failed.append(result.photo)
                newFailures.append(result.photo)
            }
        }
        surfaces.evict(keeping: pinned)
        request(lost)
        for page in recheckOnArrival where !inFlight.contains(page) {
            recheckOnArrival.remove(page)
            guard let recorded = stamps[page], case .file = library.source(forPhoto: page) else { continue }
            submit(photo: page, purpose: .revalidate(shown: recorded))
        }
        return taken
    }
}
