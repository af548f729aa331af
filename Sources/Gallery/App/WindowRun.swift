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
            ?? StartDecodes.opening(
                open, size: size, worker: worker,
                thumbnails: (assembly.thumbnailWorker, assembly.thumbnailCache, configuration))
        // SDL must outlive every window, texture, renderer and worker made below, on the error paths too.
        // SDL reads the framebuffer hint only for a software renderer, which RendererChoice may pick without --software.
        let session = try SDLSession(video: true, useSoftwareFramebuffer: true)
        try withExtendedLifetime(session) {
            try runLoop(session: session, opening: opening, assembly: assembly, displayProfile: displayProfile)
        }
    }

    /// Opens the window over the photos `opening` lists, shows the first frame and runs the frame loop until the user
    /// quits.
    private func runLoop(
        session: SDLSession, opening: LibraryOpening, assembly: GalleryAssembly, displayProfile: DisplayProfile?
    ) throws {
        let logger = Logger(label: "gallery.window")
        try Self.requireDisplay()
        let window = try Window(
            title: "gallery", width: size.width, height: size.height, hidden: true, fullscreen: startsFullscreen)
        let renderer = try RendererChoice(
            softwareFlag: softwareRenderer,
            environment: RendererChoice.processEnvironment(), gpuDevices: RendererChoice.presentGPUDevices(),
            videoDriver: SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        ).makeRenderer(for: window)
        let opened = try Self.adoptStart(opening, window: window, assembly: assembly, displayProfile: displayProfile)
        let desktopScale = DesktopSettings.scale(override: scale, window: window)
        // One for the run: galleries made again for dropped files share it.
        let clipboard = Self.clipboard(window: window, decoder: assembly.decoder, logger: logger)
        defer { clipboard.close() }
        let factory = WindowGalleryFactory(
            options: self, window: window, renderer: renderer, assembly: assembly, feedSource: opened.feedSource,
            clipboard: clipboard.service, desktopScale: desktopScale, wake: DecodeWorker.pushing(session.wakeEventType))
        var loop = try WindowLoop(
            gallery: factory.make(
                library: opened.library, mode: opened.mode, startPage: opened.startPage, sort: sort,
                headStart: opened.headStart, thumbnailHeadStart: opened.thumbnailHeadStart, relist: relist,
                remembered: opened.rememberedViews),
            factory: factory, displayProfile: displayProfile, logger: logger)
        // A feed command still running when the window closes is ended with its whole process group.
        defer { loop.stopFeed() }
        Self.showFirstFrame(
            of: loop.gallery, in: window, renderer: renderer,
            waitingFor: opened.mode.showsThumbnailsFirst ? assembly.thumbnailWorker : assembly.worker, logger: logger)
        // SIGINT, SIGTERM and SIGHUP wake the event loop with a quit, like closing the window, and abandon decodes in
        // progress: shutting the workers down then does not wait for them (the process exit ends them).
        let wake = StopSignal.addWake { [workers = assembly.workers] in
            for each in workers { each.abandonWaits() }
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            _ = SDL_PushEvent(&quit)
        }
        defer { StopSignal.removeWake(wake) }
        var pump = EventPump(
            window: window, keyBindings: keyBindings, wakeEventType: session.wakeEventType, logger: logger)
        defer { pump.close() }
        var pacing = FramePacing(window: window, renderer: renderer)
        try loop.run(pump: &pump, pacing: &pacing)
    }

    /// The library `opening` lists, with the start's decodes as the window's display profile leaves them: the first
    /// photo's decode may have run before the window said its display's profile: one still running is redone by its
    /// worker, one already finished is decoded again here; thumbnails decoded for another profile are not taken over
    /// (the grid asks for them again).
    private static func adoptStart(
        _ opening: LibraryOpening, window: Window, assembly: GalleryAssembly, displayProfile: DisplayProfile?
    ) throws -> OpenedLibrary {
        let staleHeadStart = displayProfile?.update(DisplayProfile.read(window: window)) ?? false
        var opened = try opening.wait()
        if staleHeadStart, let headStart = opened.headStart {
            assembly.worker.cancelAll()
            assembly.worker.submit(headStart)
        }
        if staleHeadStart, !opened.thumbnailHeadStart.isEmpty {
            assembly.thumbnailWorker.cancelAll()
            opened.thumbnailHeadStart = []
        }
        return opened
    }

    /// Maps the window, its first frame showing the first photo rather than a placeholder that it replaces a moment
    /// later, as feh and nsxiv do: its decode, started while SDL started, usually ends within a few milliseconds of
    /// here. The wheel and the grid wait for their first thumbnails instead (not the selection's page, decoded
    /// beneath): `firstWorker` is the worker whose results the first frame waits for, up to `firstPhotoWait`.
    private static func showFirstFrame(
        of gallery: GalleryController, in window: Window, renderer: Renderer, waitingFor firstWorker: DecodeWorker,
        logger: Logger
    ) {
        do { try gallery.prepareOverlay() } catch { logger.error("frame: \(error)") }
        // The window is mapped while the photo decodes, as nsxiv does: under a window manager the map is a round trip
        // through another process (openbox reparents, frames and maps it), which now overlaps the decode instead of
        // following it (first paint under openbox 141 -> 120 ms, 11 interleaved runs). The price: a first frame of the
        // background before the photo, unless the photo is here already.
        window.show()
        // The wait put to use: the first present's one-time cost is paid now, unless the photo is already here.
        if !firstWorker.resultsAreReady { renderer.warmUp() }
        firstWorker.waitForResults(upTo: firstPhotoWait)
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
}
