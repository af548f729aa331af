import GalleryCore
import GalleryScene
import Imaging
import Logging

/// The window's frame loop over its gallery: input in, the gallery advanced and drawn when something changed, the
/// frame presented; files dropped onto the window become a gallery of their own.
@MainActor
struct WindowLoop {
    /// The gallery on screen (made again when files are dropped).
    private(set) var gallery: GalleryController
    /// Makes the galleries.
    private let factory: WindowGalleryFactory
    /// Lists files dropped onto the window; nil: drops are ignored.
    private var drops: DroppedFiles?
    /// The order in effect: `--sort`, then the order key's (kept when files are dropped).
    private var order: PhotoSort
    /// What the state file holds, as this run wrote it last (`--remember`).
    private var keeping: ViewKeeping?
    /// The window's title as last set.
    private var title = ""
    /// The display's colour profile the pictures are converted to, when colour is managed.
    private let displayProfile: DisplayProfile?
    /// Where per-frame failures are logged.
    private let logger: Logger

    /// A loop over `gallery`, made by `factory`, which makes a gallery again for files dropped when `options` say how
    /// to list them.
    init(
        gallery: GalleryController, factory: WindowGalleryFactory, displayProfile: DisplayProfile?, logger: Logger
    ) {
        self.gallery = gallery
        self.factory = factory
        self.displayProfile = displayProfile
        self.logger = logger
        let options = factory.options
        drops = options.openDropped.map { DroppedFiles(open: $0, wake: factory.wake) }
        order = options.sort
        keeping = options.viewKeeping
    }

    /// Runs until the window is closed or the process is asked to stop, then finishes the gallery's file work, keeps
    /// its views and reports the marked photos.
    mutating func run(pump: inout EventPump, pacing: inout FramePacing) throws {
        while !gallery.quitRequested {
            guard pump.take(for: gallery, waiting: !gallery.needsFrame) else { break }
            if pump.input.quit || StopSignal.isStopRequested { break }
            followDisplayProfile(&pump.input)
            takeDrops(&pump.input)
            if let error = pump.input.resizeError {
                logger.error("resize: \(error)")
                pump.input.resizeError = nil
            }
            if gallery.takeFullscreenToggle() {
                do { try factory.window.toggleFullscreen() } catch { logger.error("fullscreen: \(error)") }
            }
            // Input that changed nothing on screen (a hover, a focus change) draws nothing and presents nothing.
            guard drawFrame(at: pump.clock.now()) else { continue }
            present()
            pacing.frameEnded(pump: &pump, gallery: gallery)
        }
        gallery.finishFileJobs()
        HeadlessRun.keepViews(&keeping, of: gallery)
        try factory.options.reportMarked?(gallery.markedPaths)
    }

    /// Stops the feed's command, if one runs: ended with its whole process group when the window closes.
    func stopFeed() { gallery.feedSource.stop() }

    /// Pictures decoded for the old profile are decoded again when the window's display has a new one.
    private func followDisplayProfile(_ input: inout WindowInput) {
        guard input.displayMayHaveChanged else { return }
        input.displayMayHaveChanged = false
        if let displayProfile, displayProfile.update(DisplayProfile.read(window: factory.window)) {
            gallery.decodeAgainForNewDisplayProfile()
        }
    }

    /// Begins listing files just dropped, and puts a gallery of the last listing done in place of the one showing.
    private mutating func takeDrops(_ input: inout WindowInput) {
        guard var drops else { return }
        defer { self.drops = drops }
        if !input.droppedPaths.isEmpty {
            drops.begin(input.droppedPaths, sort: gallery.sort, keeping: keeping)
            input.droppedPaths.removeAll()
        }
        guard let (listing, result) = drops.takeDone() else { return }
        do {
            let opened = try result.get()
            factory.assembly.worker.cancelAll()
            factory.assembly.thumbnailWorker.cancelAll()
            gallery.feedSource.stop()
            order = gallery.sort
            // The views of the photos left behind are kept now: the new gallery knows only its own.
            HeadlessRun.keepViews(&keeping, of: gallery)
            gallery = try factory.make(
                library: opened.library, mode: opened.mode, startPage: opened.startPage, sort: order,
                relist: drops.relist(listing.paths))
        } catch {
            logger.error("cannot open \(listing.paths.joined(separator: ", ")): \(error)")
        }
    }

    /// Advances the gallery to `now`, takes the decodes done and draws a frame if anything changed; false when nothing
    /// did (nothing is to be presented).
    private func drawFrame(at now: Double) -> Bool {
        gallery.advance(to: now)
        do {
            try gallery.receiveDecodes(uploadBudget: WindowRun.uploadBudget)
            guard gallery.needsRedraw || gallery.needsFrame else { return false }
            let cpuStart = CPUClock.threadSeconds()
            try gallery.render()
            gallery.noteFrameTime(milliseconds: (CPUClock.threadSeconds() - cpuStart) * 1000)
        } catch {
            logger.error("frame: \(error)")  // Per-frame failures are logged; the gallery goes on.
        }
        return true
    }

    /// Shows the frame drawn, and what follows from it: parallel decodes once the first photo is up, the title.
    private mutating func present() {
        factory.renderer.present()
        // The first photo is on screen once its decode was taken (and uploaded, within the budget): the
        // neighbours may now decode side by side.
        let worker = factory.assembly.worker
        if worker.decodesAlone, worker.hasDeliveredResults { worker.decodeInParallel() }
        _ = gallery.takeEvents()
        if gallery.title != title {
            title = gallery.title
            window.title = title
        }
    }

    /// The window drawn in.
    private var window: Window { factory.window }
}
