import CSDL2
import DecoderProcess
import GalleryCore
import GalleryScene
import Glibc
import Imaging
import Logging
import PagerEngine
import Support

/// The interactive gallery: a resizable window, asleep in `SDL_WaitEvent` when nothing moves.
@MainActor
public struct WindowRun {
    /// The initial window size, in window coordinates.
    public var size: ViewportSize
    /// Whether to use SDL's software renderer (no GPU, or to measure it); without it, the software renderer is
    /// still chosen where OpenGL itself draws on the CPU (`RendererChoice`).
    public var softwareRenderer: Bool
    /// The pager's constants (the key transition).
    public var configuration: PagerConfiguration
    /// Seconds between slides of a slideshow running from the start; `nil` for none.
    public var slideshowInterval: Double?
    /// Whether page turns keep the zoom from the start (`--keep-zoom`; `z` toggles it).
    public var keepsZoom = false
    /// What each key does (`[keys]` of the configuration file over `KeyMap`).
    public var keyBindings = KeyBindings.standard
    /// `--remember`: the views read from the state file before the start, and written back at quit.
    public var viewKeeping: ViewKeeping?
    /// Whether the window opens full screen (`--fullscreen`; F, F11 and Escape leave it).
    public var startsFullscreen = false
    /// How each photo first fills the page (`--fit`; `e` cycles it).
    public var fitMode = FitMode.fit
    /// The folders `x` moves photos into (`--move-to`) and `y` copies them into (`--copy-to`), in order.
    public var moveFolders: [String] = []
    /// See `moveFolders`.
    public var copyFolders: [String] = []
    /// Decode limits and cache sizes.
    public var images = ImageOptions()
    /// Called with the marked photos' files, in gallery order, when the run ends without an error
    /// (`--output-marked` prints them).
    public var reportMarked: (@MainActor ([String]) throws -> Void)?
    /// The user's actions by number (`--action1` … `--action9`).
    public var actions: [Int: ActionCommand] = [:]
    /// `--scale`: overrides the desktop's scale (`DesktopSettings`).
    public var scale: Double?
    /// Builds the pages, and the page to start on, for files and folders dropped onto the window (nil: drops are
    /// ignored), on a thread of its own: listing a folder is file access, never done on the main thread. Thrown
    /// errors are logged and the current pages stay.
    public var openDropped: (@Sendable ([String], PhotoSort) throws -> (library: PageLibrary, startPage: Int))?
    /// Lists the photos opened with again, in the order given, for `r` and the order key (nil: they do nothing); files
    /// dropped later are listed again with `openDropped`.
    public var relist: (@Sendable (PhotoSort) throws -> PageLibrary)?
    /// The order the photos are listed in (`--sort`).
    public var sort = PhotoSort.name
    /// Decodes in the run's threads with this decoder instead of in decoder processes (tests, benchmarks); nil: in
    /// sandboxed `gallery-decoder` processes, as the viewer always does.
    public var inlineDecoding: InlineDecoding?

    /// The longest the window waits for its first photo before showing a placeholder instead.
    static let firstPhotoWait = 0.15

    /// Page textures uploaded per frame at most, so a burst of decodes never costs a frame; thumbnails have their own
    /// allowance on top (`ThumbnailStore.uploadsPerPage` per page: 16 a frame), and the zoom's sharp region is uploaded
    /// as soon as it arrives (`GalleryController.receiveDecodes`).
    static let uploadBudget = 2

    /// Creates a run.
    public init(
        size: ViewportSize, softwareRenderer: Bool, configuration: PagerConfiguration = .standard,
        slideshowInterval: Double? = nil
    ) {
        self.size = size
        self.softwareRenderer = softwareRenderer
        self.configuration = configuration
        self.slideshowInterval = slideshowInterval
    }

    /// The most decoder processes a window runs (one per decode thread); one starts with the window.
    nonisolated package static let decoderProcessCount = 5

    /// Opens the window while `open` lists the photos on another thread, and runs until the user quits.
    ///
    /// The start overlaps three things on two cores: `open` (a 100,000-photo folder takes tens of milliseconds just to
    /// list), SDL's start and the window, and, as soon as `open` names the first photo, that photo's decode, alone on
    /// the decode threads until it is on screen. The window stays hidden until `open` succeeds, so a bad path gives
    /// its one-line error without a window flashing up. `startup` is what was begun before the options were parsed,
    /// for options that allow it: its decoder processes and page worker are this run's, and its listing, if it began
    /// one, is this run's in place of `open`.
    public func run(startup: Startup? = nil, opening open: @escaping @Sendable () throws -> OpenedLibrary) throws {
        Self.prepareProcess()
        // Before the first SDL call (the workers' wake-up event type below).
        try SDLLibraries.require()
        // One decoder, so pages, thumbnails and zoomed pictures share one memory budget. One decoder process starts
        // first, loading its libraries while the window opens, for the first photo; the others (up to one per decode
        // thread) when more decodes run at once. Three at once competed on two cores with the window's start: first
        // paint of a 2,000-photo folder 160 -> 129 ms with one. Each is sent the display's profile before its first
        // decode under it. Photos with a profile are converted to the display's, known once the window exists (never
        // headless: shots and traces stay independent of the machine).
        let decoder: any PictureDecoding
        let pool: DecoderPool?
        let displayProfile: DisplayProfile?
        let worker: DecodeWorker
        if let startup, inlineDecoding == nil {
            (decoder, pool, displayProfile, worker) = (
                startup.decoder, startup.pool, startup.displayProfile, startup.worker
            )
        } else {
            (decoder, pool) = GalleryAssembly.decoding(
                images: images, inline: inlineDecoding, processCount: Self.decoderProcessCount, initialCount: 1)
            displayProfile = images.managesColour ? DisplayProfile() : nil
            worker = GalleryAssembly.worker(
                decoder: decoder, displayProfile: displayProfile,
                wake: DecodeWorker.pushing(SDLSession.wakeEventType), decodesAlone: true)
        }
        defer { pool?.shutdown() }
        defer { worker.shutdown() }
        // The workers exist before SDL starts (their wake-up event type is registered without it), so the first
        // screen's decodes run while the window opens.
        let assembly = GalleryAssembly(
            worker: worker, decoder: decoder, displayProfile: displayProfile, wakeEventType: SDLSession.wakeEventType,
            configuration: configuration, slideshowInterval: slideshowInterval, images: images, decoderPool: pool)
        defer { assembly.shutdown() }
        let opening =
            startup?.opening
            ?? Self.opening(
                open, size: size, worker: worker,
                thumbnails: (assembly.thumbnailWorker, assembly.thumbnailCache, configuration))
        // SDL must outlive every window, texture, renderer and worker made below, on the error paths too.
        // SDL reads the framebuffer hint only for a software renderer, which RendererChoice may pick without --software.
        let session = try SDLSession(video: true, useSoftwareFramebuffer: true)
        try withExtendedLifetime(session) {
            try runLoop(session: session, opening: opening, assembly: assembly, displayProfile: displayProfile)
        }
    }

    /// Lists the photos with `open` on a thread of its own, which then asks for the start's first decodes, computed
    /// once into the opened library: the first page at its size in a window of `size` (`headStart`) from `worker`,
    /// and, when `thumbnails` are given, the grid's first screen (`thumbnailHeadStart`) from their worker.
    nonisolated package static func opening(
        _ open: @escaping @Sendable () throws -> OpenedLibrary, size: ViewportSize, worker: DecodeWorker,
        thumbnails: (worker: DecodeWorker, cache: ThumbnailCache?, configuration: PagerConfiguration)?
    ) -> LibraryOpening {
        // The size the first page is drawn at if the window gets the size asked for (else the head start is dropped).
        let box = GalleryController.pageBox(for: PixelSize(width: size.width, height: size.height))
        return LibraryOpening {
            var opened = try open()
            opened.headStart = headStart(for: opened, box: box)
            if let thumbnails {
                opened.thumbnailHeadStart = thumbnailHeadStart(
                    for: opened, size: size, configuration: thumbnails.configuration)
            }
            return opened
        } then: { opened in
            if let request = opened.headStart { worker.submit(request) }
            guard let thumbnails, !opened.thumbnailHeadStart.isEmpty else { return }
            // The cache never writes into a folder the photos come from: protected before the first thumbnail.
            thumbnails.cache?.protect(opened.library.photoFolders)
            for request in opened.thumbnailHeadStart { thumbnails.worker.submit(request) }
        }
    }

    private func runLoop(
        session: SDLSession, opening: LibraryOpening, assembly: GalleryAssembly, displayProfile: DisplayProfile?
    ) throws {
        let worker = assembly.worker
        let logger = Logger(label: "gallery.window")
        try Self.requireDisplay()
        let window = try Window(
            title: "gallery", width: size.width, height: size.height, hidden: true, fullscreen: startsFullscreen)
        let renderer = try RendererChoice(
            softwareFlag: softwareRenderer,
            environment: RendererChoice.processEnvironment(), gpuDevices: RendererChoice.presentGPUDevices(),
            videoDriver: SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        ).makeRenderer(for: window)
        // The first photo's decode may have run before the window said its display's profile: one still running is
        // redone by its worker, one already finished is decoded again here.
        let staleHeadStart = displayProfile?.update(DisplayProfile.read(window: window)) ?? false
        let opened = try opening.wait()
        let headStart = opened.headStart
        if staleHeadStart, let headStart {
            worker.cancelAll()
            worker.submit(headStart)
        }
        // Thumbnails decoded for another profile are not taken over: the grid asks for them again.
        var thumbnailHeadStart = opened.thumbnailHeadStart
        if staleHeadStart, !thumbnailHeadStart.isEmpty {
            assembly.thumbnailWorker.cancelAll()
            thumbnailHeadStart = []
        }
        let wakeEventType = session.wakeEventType
        let feedSource = opened.feedSource
        let desktopScale = DesktopSettings.scale(override: scale, window: window)
        // The order in effect: `--sort`, then the order key's (kept when files are dropped).
        var order = sort
        // One for the run: galleries made again for dropped files share it.
        let clipboard = Self.clipboard(window: window, decoder: assembly.decoder, logger: logger)
        defer { clipboard.close() }
        // Wakes the loop from another thread: a feed's answer, an action's end, a listing, a file moved.
        let wakeLoop: @Sendable () -> Void = {
            var event = SDL_Event()
            event.type = wakeEventType
            _ = SDL_PushEvent(&event)  // Thread-safe; a full queue only delays the wake-up.
        }
        func makeGallery(
            library: PageLibrary, mode: GalleryMode, startPage: Int, headStart: DecodeRequest? = nil,
            thumbnailHeadStart: [DecodeRequest] = [], relist: (@Sendable (PhotoSort) throws -> PageLibrary)?,
            remembered: [PhotoID: RememberedView] = [:]
        ) throws -> GalleryController {
            let source = try feedSource?.make(wakeLoop)
            var preferences = ModelPreferences()
            preferences.keepsZoom = keepsZoom
            preferences.keyBindings = keyBindings
            if viewKeeping != nil { preferences.rememberedViews = remembered }
            // From the window, not the flag: a gallery made again for dropped files finds it as F left it.
            preferences.fullscreen = window.isFullscreen
            preferences.fitMode = fitMode
            var services = GalleryServices()
            if !actions.isEmpty { services.actions = ActionRunner(commands: actions, wake: wakeLoop) }
            services.relist = relist
            services.sort = order
            services.wake = wakeLoop
            services.clipboard = clipboard.service
            services.shownFolderWatch = ShownFolderWatch(wake: wakeLoop)
            services.moveFolders = moveFolders
            services.copyFolders = copyFolders
            let gallery = try assembly.makeGallery(
                library: library, mode: mode, renderer: renderer, startPage: startPage, feedSource: source,
                headStart: headStart, thumbnailHeadStart: thumbnailHeadStart, preferences: preferences,
                services: services)
            gallery.scale = desktopScale
            return gallery
        }
        var gallery = try makeGallery(
            library: opened.library, mode: opened.mode, startPage: opened.startPage, headStart: headStart,
            thumbnailHeadStart: thumbnailHeadStart, relist: relist, remembered: opened.rememberedViews)
        // A feed command still running when the window closes is ended with its whole process group.
        defer { gallery.feedSource.stop() }
        // The first frame drawn shows the first photo rather than a placeholder that it replaces a moment later, as feh
        // and nsxiv do: its decode, started while SDL started, usually ends within a few milliseconds of here.
        // The wheel and the grid wait for their first thumbnails instead (not the selection's page, decoded beneath).
        do { try gallery.prepareOverlay() } catch { logger.error("frame: \(error)") }
        let firstWorker = opened.mode.showsThumbnailsFirst ? assembly.thumbnailWorker : worker
        // The window is mapped while the photo decodes, as nsxiv does: under a window manager the map is a round trip
        // through another process (openbox reparents, frames and maps it), which now overlaps the decode instead of
        // following it (first paint under openbox 141 -> 120 ms, 11 interleaved runs). The price: a first frame of the
        // background before the photo, unless the photo is here already.
        window.show()
        // The wait put to use: the first present's one-time cost is paid now, unless the photo is already here.
        if !firstWorker.resultsAreReady { renderer.warmUp() }
        firstWorker.waitForResults(upTo: Self.firstPhotoWait)
        // SIGINT, SIGTERM and SIGHUP wake the event loop with a quit, like closing the window, and abandon decodes in
        // progress: shutting the workers down then does not wait for them (the process exit ends them).
        let wake = StopSignal.addWake { [workers = assembly.workers] in
            for each in workers { each.abandonWaits() }
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            _ = SDL_PushEvent(&quit)
        }
        defer { StopSignal.removeWake(wake) }
        let clock = PerformanceClock()
        var input = WindowInput(window: window, keyBindings: keyBindings)
        // On Wayland the touchpad's fingers are read natively: 1:1 scrolling, the lift, hold and pinch.
        var waylandPointer = Self.waylandPointer(window: window, wakeEventType: wakeEventType, logger: logger)
        defer { waylandPointer?.close() }
        input.scrollsNatively = waylandPointer != nil
        // On X11 the touchpad's pinch is read natively (XInput 2.4); its scrolling stays SDL's.
        var x11Gestures = Self.x11Gestures(window: window, wakeEventType: wakeEventType, logger: logger)
        defer { x11Gestures?.close() }
        // On X11 a pointer hovering without a button wakes nothing (SDL asked for every motion over the window).
        if Self.videoDriver == "x11" {
            var error = ""
            if !X11QuietHover.quiet(window, error: &error) { logger.debug("hover: SDL's motion kept: \(error)") }
        }
        // Without vsync (the software renderer) frames are paced to the display's refresh rate.
        let framePeriod = 1.0 / Double(max(Self.refreshRate(of: window), 30))
        var title = ""
        var lastFrame = 0.0
        /// Files dropped onto the window being listed, and their paths for the log.
        var dropping: (opening: LibraryOpening, paths: [String])?
        // What the state file holds, as this run wrote it last (`--remember`).
        var keeping = viewKeeping

        while !gallery.quitRequested {
            var event = SDL_Event()
            if !gallery.needsFrame {
                // Idle: sleep until input, a finished decode or feed answer (their threads push a wake event), or the
                // simulated feed's due time. 0 % CPU.
                if let due = gallery.nextWakeTime {
                    let milliseconds = Int32(clamping: Int(max(0, (due - clock.now()) * 1000).rounded(.up)))
                    if SDL_WaitEventTimeout(&event, milliseconds) != 0 {
                        input.handle(event, gallery: gallery, clock: clock)
                    }
                } else {
                    guard SDL_WaitEvent(&event) != 0 else {
                        logger.error("SDL_WaitEvent: \(String(cString: SDL_GetError()))")
                        break
                    }
                    input.handle(event, gallery: gallery, clock: clock)
                }
            }
            while SDL_PollEvent(&event) != 0 {
                input.handle(event, gallery: gallery, clock: clock)
            }
            let native =
                (waylandPointer?.take(window: window, clock: clock) ?? [])
                + (x11Gestures?.take(window: window, clock: clock) ?? [])
            for each in native { gallery.apply(each.input, at: each.time) }
            if input.quit || StopSignal.isStopRequested { break }
            if input.displayMayHaveChanged {
                input.displayMayHaveChanged = false
                // Pictures decoded for the old profile are decoded again for the new one.
                if let displayProfile, displayProfile.update(DisplayProfile.read(window: window)) {
                    gallery.decodeAgainForNewDisplayProfile()
                }
            }
            if !input.droppedPaths.isEmpty, let openDropped {
                // A later drop replaces one still being listed.
                let paths = input.droppedPaths
                let sort = gallery.sort
                let remembering = keeping
                let opening = LibraryOpening(
                    {
                        let opened = try openDropped(paths, sort)
                        var library = OpenedLibrary(
                            library: opened.library, startPage: opened.startPage,
                            mode: InitialMode.mode(photoCount: opened.library.count))
                        library.rememberedViews = remembering?.views(in: opened.library) ?? [:]
                        return library
                    },
                    done: {
                        var event = SDL_Event()
                        event.type = wakeEventType
                        _ = SDL_PushEvent(&event)  // Thread-safe; a full queue only delays the wake-up.
                    })
                dropping = (opening, paths)
                input.droppedPaths.removeAll()
            }
            if let (opening, paths) = dropping, let result = opening.result {
                dropping = nil
                do {
                    let opened = try result.get()
                    worker.cancelAll()
                    assembly.thumbnailWorker.cancelAll()
                    gallery.feedSource.stop()
                    var relistDropped: (@Sendable (PhotoSort) throws -> PageLibrary)?
                    if let openDropped { relistDropped = { try openDropped(paths, $0).library } }
                    order = gallery.sort
                    // The views of the photos left behind are kept now: the new gallery knows only its own.
                    HeadlessRun.keepViews(&keeping, of: gallery)
                    gallery = try makeGallery(
                        library: opened.library, mode: opened.mode, startPage: opened.startPage,
                        relist: relistDropped)
                } catch {
                    logger.error("cannot open \(paths.joined(separator: ", ")): \(error)")
                }
            }
            if let error = input.resizeError {
                logger.error("resize: \(error)")
                input.resizeError = nil
            }
            if gallery.takeFullscreenToggle() {
                do { try window.toggleFullscreen() } catch { logger.error("fullscreen: \(error)") }
            }
            let now = clock.now()
            gallery.advance(to: now)
            do {
                try gallery.receiveDecodes(uploadBudget: Self.uploadBudget)
                // Input that changed nothing on screen (a hover, a focus change) draws nothing and presents nothing.
                guard gallery.needsRedraw || gallery.needsFrame else { continue }
                let cpuStart = CPUClock.threadSeconds()
                try gallery.render()
                gallery.noteFrameTime(milliseconds: (CPUClock.threadSeconds() - cpuStart) * 1000)
            } catch {
                logger.error("frame: \(error)")  // Per-frame failures are logged; the gallery goes on.
            }
            renderer.present()
            // The first photo is on screen once its decode was taken (and uploaded, within the budget): the
            // neighbours may now decode side by side.
            if worker.decodesAlone, worker.hasDeliveredResults { worker.decodeInParallel() }
            _ = gallery.takeEvents()
            if gallery.title != title {
                title = gallery.title
                window.title = title
            }
            if renderer.isSoftware {
                // Until the next frame is due, input is taken as it comes (drawn in that frame), not slept through.
                let due = lastFrame + framePeriod
                var event = SDL_Event()
                while !input.quit, due > clock.now(),
                    SDL_WaitEventTimeout(&event, Int32(clamping: Int(((due - clock.now()) * 1000).rounded(.up)))) != 0
                {
                    input.handle(event, gallery: gallery, clock: clock)
                }
                lastFrame = clock.now()
            }
        }
        gallery.finishFileJobs()
        HeadlessRun.keepViews(&keeping, of: gallery)
        try reportMarked?(gallery.markedPaths)
    }

    /// The first photo's decode, at `box`, submitted while SDL starts; nil where the start shows no page (the wheel
    /// and the grid show thumbnails first, an empty library nothing). Computed once, on the thread that opened the
    /// library, and kept in the opened library, so the gallery adopts the very request submitted.
    nonisolated package static func headStart(for opened: OpenedLibrary, box: PixelSize) -> DecodeRequest? {
        guard !opened.mode.showsThumbnailsFirst, opened.library.count > 0 else { return nil }
        // Every arrangement opens with page p showing photo p (the feed too: its first pages are the opened photos).
        let photo = PhotoID(opened.startPage)
        return DecodeRequest(
            photo: photo, source: opened.library.source(forPhoto: photo), box: box, generation: 0, purpose: .page)
    }

    /// The grid's first screen of thumbnails, most urgent first, at its cell size, submitted while SDL starts; empty
    /// unless the start shows the grid at scale 1 in a window of `size`. The same requests the gallery's first
    /// `GalleryModel.gridWants` makes (a model is made here as the gallery will make it), so it can adopt them; a
    /// desktop scale other than 1 asks at another size, and the gallery then asks again.
    nonisolated package static func thumbnailHeadStart(
        for opened: OpenedLibrary, size: ViewportSize, configuration: PagerConfiguration
    ) -> [DecodeRequest] {
        guard opened.mode == .grid, opened.library.count > 0 else { return [] }
        let model = GalleryModel(
            photoCount: opened.library.count, mode: .grid, startPage: opened.startPage,
            viewport: Viewport(width: Double(size.width), height: Double(size.height)), configuration: configuration)
        guard let grid = model.grid, let wants = model.gridWants else { return [] }
        let box = PixelSize(width: grid.layout.cellSide, height: grid.layout.cellSide)
        return wants.photos.prefix(grid.layout.mostVisibleCells).map { photo in
            DecodeRequest(photo: photo, source: opened.library.source(forPhoto: photo), box: box, generation: 0)
        }
    }

    /// Fails clearly when SDL found no display and fell back to a driver that shows nothing (`offscreen`,
    /// `dummy`), unless the user asked for that driver: otherwise the gallery would run invisibly.
    static func requireDisplay() throws {
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
        let requested = getenv("SDL_VIDEODRIVER").map { String(cString: $0) }
        guard ["offscreen", "dummy", "none"].contains(driver), requested == nil else { return }
        let display = getenv("DISPLAY").map { String(cString: $0) } ?? ""
        let wayland = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? ""
        // A display named but not reached says which, rather than to set what is set.
        let problem =
            !wayland.isEmpty || !display.isEmpty
            ? [wayland.isEmpty ? nil : "Wayland display \(wayland)", display.isEmpty ? nil : "X display \(display)"]
                .compactMap { $0 }.map { "cannot connect to \($0)" }.joined(separator: ", ")
                + " (no server there, or access refused)"
            : "no display to open a window on: set DISPLAY or WAYLAND_DISPLAY"
        throw SDLError(
            call: "SDL_VideoInit",
            message: problem + " (SDL's video driver is \"\(driver)\"); or render without one: --headless --script FILE"
        )
    }

    /// Sets, once, what a window's process sets before starting threads of its own (`setlocale`, `setenv`): the UTF-8
    /// locale and SDL's environment (`SDLSession.setOwnEnvironment`). `Startup` calls it before it starts the decoder
    /// pool, the listing and SDL's load; `run(startup:opening:)` calls it too.
    public static func prepareProcess() {
        guard !processPrepared else { return }
        processPrepared = true
        useUTF8Locale()
        SDLSession.setOwnEnvironment()
    }

    private static var processPrepared = false

    /// Xlib converts window titles through the C locale: without a UTF-8 one, `—` and non-ASCII file names
    /// arrive mangled in WM_NAME and `_NET_WM_NAME` is not set at all.
    static func useUTF8Locale() {
        let current = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
        // Locale names are ASCII, so a plain lowercase check does (no Foundation, whose case folding needs ICU).
        let lowered = current.lowercased()
        if !lowered.contains("utf-8"), !lowered.contains("utf8") {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// The refresh rate of the window's display in Hz, 60 when SDL does not know.
    static func refreshRate(of window: Window) -> Int {
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(window.handle, &mode) == 0, mode.refresh_rate > 0 else { return 60 }
        return Int(mode.refresh_rate)
    }
}

extension GalleryMode {
    /// Whether the mode opens on thumbnails rather than a page.
    fileprivate var showsThumbnailsFirst: Bool { self == .wheel || self == .grid }
}
