import Logging
import PagerEngine

/// The decode side of a page store: requests in flight, failures, damage notes and the file stamps that tell when a
/// page's file changed. Main thread only.
final class PageDecodes {
    let worker: DecodeWorker
    /// Where each page's pixels come from (grows when a feed adds files).
    var library: PageLibrary
    /// The size each page is decoded at: exactly the size it is drawn at.
    private(set) var box: PixelSize
    private(set) var inFlight: Set<Int> = []
    private(set) var failures: [Int: DecodeFailure] = [:]
    private(set) var damageNotes: [Int: String] = [:]
    /// Page textures created or rewritten since start, by either store (the trace's `uploads`).
    var uploads = 0
    /// The pixel size each requested photo's header states (before EXIF rotation), so its placeholder has its shape.
    private(set) var statedSizes: [Int: PixelSize] = [:]
    private var generation = 0
    /// The size and modification time of each requested page's file when it was requested (nil: it did not exist).
    private var stamps: [Int: FileStamp?] = [:]
    /// The pages of the last plan: a page entering the plan is being shown again.
    private var lastRequired: Set<Int> = []
    /// Damaged files already reported, so each is logged once.
    private var reportedDamage: Set<PageSource> = []
    private let logger = Logger(label: "gallery.decode")

    init(worker: DecodeWorker, library: PageLibrary, box: PixelSize) {
        self.worker = worker
        self.library = library
        self.box = box
    }

    /// Pages of `plan` shown again (not in the previous plan) whose file's size or modification time changed since it
    /// was requested; `plan` becomes the previous plan.
    func changedPages(enteringWith plan: ResidencyPlan) -> [Int] {
        let entering = plan.required.filter { !lastRequired.contains($0) && !inFlight.contains($0) }
        lastRequired = Set(plan.required)
        return entering.filter { page in
            guard let recorded = stamps[page], case .file(let path) = library.source(forPage: page) else { return false }
            return FileStamp.current(atPath: path) != recorded
        }
    }

    /// The size a file's header states: a few small reads through a non-blocking descriptor (the header guard's own
    /// reader), so the main thread never waits on a decode; `nil` when it cannot be read.
    static func statedSize(ofFile path: String) -> PixelSize? {
        guard let file = try? ImageFile(path: path) else { return nil }
        let fileExtension = path.split(separator: "/").last?.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return ImageHeader.read({ file.read(at: $0, count: $1) }, fileExtension: fileExtension).size
    }

    /// Requests `pages`, in order, from the worker.
    func request(_ pages: [Int]) {
        for page in pages {
            // Asked at request time: the library may have grown since the store was made.
            let request = DecodeRequest(page: page, source: library.source(forPage: page), box: box, generation: generation)
            record(request)
            worker.submit(request)
        }
    }

    /// Takes `request`, submitted to the worker before this store existed (the window's first photo, decoded while
    /// the window opens), as this store's own, if it is what the store would have asked for; returns whether it did.
    @discardableResult
    func adopt(_ request: DecodeRequest) -> Bool {
        guard request.generation == generation, request.box == box, !inFlight.contains(request.page),
              library.source(forPage: request.page) == request.source
        else { return false }
        record(request)
        return true
    }

    /// Notes `request` as in flight, with its file's stamp and stated size.
    private func record(_ request: DecodeRequest) {
        if case .file(let path) = request.source {
            stamps[request.page] = .some(FileStamp.current(atPath: path))
            if statedSizes[request.page] == nil { statedSizes[request.page] = Self.statedSize(ofFile: path) }
        }
        inFlight.insert(request.page)
    }

    /// Cancels the requests for `pages` still in flight.
    func cancel(_ pages: [Int]) {
        guard !pages.isEmpty else { return }
        worker.cancel(pages: pages)
        inFlight.subtract(pages)
    }

    /// Forgets what is known about `page`'s last decode (its failure, damage and file stamp).
    func forget(_ page: Int) {
        statedSizes[page] = nil
        failures[page] = nil
        damageNotes[page] = nil
        stamps[page] = nil
    }

    /// Forgets everything and decodes at `newBox` from now on.
    func reset(box newBox: PixelSize) {
        worker.cancelAll()
        generation += 1
        box = newBox
        inFlight.removeAll()
        failures.removeAll()
        damageNotes.removeAll()
        statedSizes.removeAll()
        stamps.removeAll()
        lastRequired.removeAll()
    }

    /// The surfaces of finished decodes of the current generation still wanted; failures and damage notes are recorded
    /// here (a damaged file is logged the first time).
    /// Takes the finished decodes into `surfaces` (within its budget, `pinned` kept); returns whether anything arrived
    /// or failed, which changes the screen.
    func takeDecoded(into surfaces: inout ByteBoundedCache<Surface>, keeping pinned: Set<Int>) -> Bool {
        let decoded = takeDecoded()
        for (page, surface) in decoded.surfaces {
            surfaces.insert(surface, bytes: surface.byteCount, forPage: page)
        }
        surfaces.evict(keeping: pinned)
        return !decoded.surfaces.isEmpty || decoded.failed
    }

    func takeDecoded() -> (surfaces: [(page: Int, surface: Surface)], failed: Bool) {
        var surfaces: [(page: Int, surface: Surface)] = []
        var failed = false
        for result in worker.drainResults() {
            guard result.request.generation == generation, inFlight.remove(result.page) != nil else { continue }
            switch result.outcome {
            case .success(let surface):
                damageNotes[result.page] = surface.damageNote
                if let note = surface.damageNote, reportedDamage.insert(result.request.source).inserted {
                    logger.warning("\(result.request.source.displayName): damaged file, showing what decoded (\(note))")
                }
                surfaces.append((result.page, surface))
            case .failure(let failure):
                failures[result.page] = failure
                failed = true
            }
        }
        return (surfaces, failed)
    }
}
