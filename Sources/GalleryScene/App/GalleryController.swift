import GalleryCore
import Imaging
import PagerEngine
import Support

/// The adapter of `GalleryModel`, shared by the window and headless runs: it hands the model each input with what
/// only it knows (`FrameFacts`), through the model's one door (`handle`, `advance`); carries out the model's effects in
/// the world (trace lines, decodes, uploads, flights, feed requests, actions, file work), whose outcomes go back
/// through that door as `WorldReport`s; and holds what needs a canvas (`Canvas`) or a decode worker: the page stores,
/// thumbnails, the zoomed detail and the painters that draw the model. Its services come whole at `init`
/// (`GalleryServices`).
///
/// Time is always an argument, so the window (performance counter) and headless runs (virtual clock) drive the same
/// code. Pages are logical (feed pages in the feed); decoded pictures are keyed by photo, so a mode switch keeps
/// what is on screen. On the main actor with the canvas it paints on (`renderer`). Input is in `+Input`, the feed in `+Feed`,
/// the overlays and trace in `+Frame`.
@MainActor
public final class GalleryController {
    /// The pages shown: the opened photos, then files a feed added; the stores read this one library.
    let currentLibrary: CurrentLibrary
    /// The pages shown now.
    public internal(set) var library: PageLibrary {
        get { currentLibrary.pages }
        set { currentLibrary.pages = newValue }
    }
    /// The state machine: the screen, keys, slideshow, overlays; changed only through its `handle` and `advance`.
    public internal(set) var model: GalleryModel
    /// What happened since the last `takeEvents()`.
    var events: [GalleryEvent] = []
    var renderer: any Canvas
    var store: any PageStore
    /// The cache budget (`--cache-mb`) for the window's size: pages, textures, the zoom and thumbnails take their
    /// shares of it (`PageBudget`).
    private(set) var cacheBytes: Int
    /// `--cache-mb` as given, or its default.
    let givenCacheBytes: Int
    /// Whether the budget grows with the window (`PageBudget.defaultCacheBytes`): `--cache-mb` was not given.
    let cacheGrowsWithWindow: Bool
    let thumbnails: ThumbnailStore
    let zoomDetail: ZoomDetail
    var residency = ResidencyTracker()
    let painter: ScenePainter
    /// Photos fading in over their placeholders: dropped when done by the frame step, noted before painting.
    var fadeIns = FadeIns()
    let wheelPainter: WheelPainter
    let gridPainter: GridPainter
    /// The photo flying between a grid cell and the page box, while it flies (and one frame after it lands).
    var gridZoom: GridZoom?
    /// Where the last frame drew its overlays and wheel rows, handed to the model for hit-testing clicks.
    var drawnLayout: SceneLayout?
    let overlayPainter: OverlayPainter
    /// The latest time seen, for what is drawn as a function of time (the spinner, the information's fade).
    var now: Double { model.now }
    /// Whether something on screen changed since the last `render()`.
    public internal(set) var needsRedraw = true

    /// Where feed mode's next pages come from.
    package let feedSource: any FeedSource

    /// Runs the user's actions (`--actionN`); nil: Ctrl+1 … 9 say that none was given.
    let actions: ActionRunner?
    /// Moves photos to the Trash and back (Delete, Ctrl+Z), off the main thread.
    let trashRunner = TrashRunner()
    /// Opens photos with `xdg-open` (Ctrl+O), off the main thread.
    let openWith = OpenWithRunner()
    /// Ctrl+S's saves of the view's turn into files.
    let turnSaver: TurnSavingRunner
    /// The window system's clipboard (Ctrl+C); nil without a window.
    let clipboard: (any ClipboardService)?
    /// The folders `x` moves photos into (`--move-to`, in order: `2 x` is the second).
    let moveFolders: [String]
    /// The folders `y` copies photos into (`--copy-to`).
    let copyFolders: [String]

    /// Lists the photos again for `r` and the order key, as they were first listed but in the order given (run on a
    /// thread of its own); nil: they do nothing (generated pages, a feed).
    let relist: (@Sendable (PhotoSort) throws -> PageLibrary)?
    /// The order the photos are listed in: `--sort`, then as the order key moves it on.
    public internal(set) var sort: PhotoSort
    /// What the listing under way says once done: the new order's note for the order key, nil for `r`.
    var listingNote: String?
    /// Wakes the window's loop from another thread (a listing done).
    let wake: @Sendable () -> Void
    /// Watches the folder of the photo on screen, so a change to its file shows at once (nil: no live reload).
    let shownFolderWatch: ShownFolderWatch?
    /// The listing `r` started, while it runs.
    var reloading: LibraryOpening?
    /// Files found unshowable (gone, not an image, empty, broken), with why and their identity when read: they leave
    /// the library once the pager rests, and a reload leaves them out unless they changed since.
    var unshowable: [String: DecodeFailure.Reason] = [:]
    /// The identity of each of `unshowable`'s files when its read failed (nil inside: it could not be examined).
    var unshowableStamps: [String: FileStamp?] = [:]
    /// Files whose read failed while they were being written (modified under `settleNanoseconds` before), by path:
    /// read again once they settle rather than dropped on one read of a half-written file.
    var settling: [String: SettlingFile] = [:]
    /// Whether files were found unshowable since the library last dropped them.
    var dropsPending = false
    /// The information panel's details of the photos shown with it open, read off the main thread.
    package let photoDetails = PhotoDetailsCache()
    /// The decoder processes' sandbox layers the panel lists, or nil: photos decode in the viewer's threads.
    let decoderSandbox: DecoderSandboxStatus?

    /// Told the folders of the photos a feed appends, as they arrive, so nothing is written into them (the thumbnail
    /// cache protects them before its next write). Called on the main actor; does no file I/O itself.
    let protectFolders: (Set<String>) -> Void

    /// The animation frame last written into a page texture, so a frame is uploaded once.
    var shownAnimationFrame: ShownAnimationFrame?
    /// The animation whose frames are being decoded (the page on screen's): stopped, its memory let go, when it leaves.
    var playingAnimation: (photo: PhotoID, stream: AnimationStream, failed: Bool)?

    /// Fullscreen toggles the model asked for and the window has not carried out yet (`takeFullscreenToggle`).
    var fullscreenToggles = 0

    /// The CPU time of the last frame, for the information panel.
    var lastFrameMilliseconds = 0.0

    /// Output pixels per layout point: text, margins, dots, panel and help grow with it (`--scale`, the desktop's).
    public var scale = 1.0 {
        didSet {
            needsRedraw = true
            // The wheel's rows are at least so many points tall: the pager measures its rows at the new scale.
            guard scale != oldValue else { return }
            report(.resized(viewport(of: model.viewport)), at: now)
            updateResidency()
        }
    }

    /// A viewport of `size`'s pixels at the current scale.
    func viewport(of size: Viewport) -> Viewport { Viewport(width: size.width, height: size.height, scale: scale) }

    /// Space between neighbouring pages a page is decoded for, in pixels: the gap at scale 1 (`SceneLayout.pageGap`);
    /// at a larger scale or with the status bar on, the photo is drawn a little smaller than decoded (`pageBox`).
    nonisolated static let pageGap = SceneLayout.pageGap

    /// Creates a gallery in `mode` on `renderer`, showing `startPage`; pages decode on `worker`, wheel thumbnails on
    /// `thumbnailWorker`, the feed asks `feedSource` (by default `SimulatedFeedSource`, answering after a delay), and
    /// a slideshow of `slideshowInterval` seconds runs from the start when given; the cache keeps `cacheBytes`, or
    /// more in a large window when `cacheGrowsWithWindow`; the model starts as `preferences` ask, and the controller works
    /// with `services` in the world. `headStart`, a request already
    /// submitted to `worker` (the window's first photo), is taken over rather than asked again when it matches the
    /// first page's; so are `thumbnailHeadStart`, requests already submitted to `thumbnailWorker` (the grid's first
    /// screen), when they match the grid's first.
    public init(
        library: PageLibrary, mode: GalleryMode, renderer: any Canvas, worker: DecodeWorker,
        thumbnailWorker: DecodeWorker, detailWorker: DecodeWorker? = nil, feedSource: (any FeedSource)? = nil,
        configuration: PagerConfiguration = .standard, slideshowInterval: Double? = nil, startPage: Int = 0,
        cacheBytes: Int = ImageOptions().cacheBytes, cacheGrowsWithWindow: Bool = false,
        headStart: DecodeRequest? = nil, thumbnailHeadStart: [DecodeRequest] = [],
        preferences: ModelPreferences = ModelPreferences(), services: GalleryServices = GalleryServices()
    ) throws {
        actions = services.actions
        clipboard = services.clipboard
        moveFolders = services.moveFolders
        copyFolders = services.copyFolders
        relist = services.relist
        sort = services.sort
        wake = services.wake
        shownFolderWatch = services.shownFolderWatch
        protectFolders = services.protectFolders
        decoderSandbox = services.decoderSandbox
        turnSaver = TurnSavingRunner(locate: services.locateOrientationTag ?? TurnSaving.inProcess)
        currentLibrary = CurrentLibrary(library)
        self.renderer = renderer
        let size = try renderer.outputSize
        let viewport = Viewport(width: Double(size.width), height: Double(size.height))
        self.feedSource = feedSource ?? SimulatedFeedSource(photoCount: max(library.count, 1))
        var preferences = preferences
        // A watched folder's end page says what it waits for (an empty one shows nothing else).
        preferences.feedWaitingNote = (self.feedSource as? FolderWatchFeedSource).map {
            "Waiting for photos in \($0.folder)"
        }
        model = GalleryModel(
            photoCount: library.count, mode: mode, startPage: startPage, viewport: viewport,
            configuration: configuration, slideshowInterval: slideshowInterval, preferences: preferences)
        let texts = TextCache(fonts: renderer.fonts)
        painter = ScenePainter(texts: texts)
        wheelPainter = WheelPainter(texts: texts)
        gridPainter = GridPainter(texts: texts)
        overlayPainter = OverlayPainter(texts: texts)
        givenCacheBytes = cacheBytes
        self.cacheGrowsWithWindow = cacheGrowsWithWindow
        let budget = Self.cacheBytes(given: cacheBytes, growing: cacheGrowsWithWindow, size: size)
        self.cacheBytes = budget
        let decodes = PageDecodes(
            worker: worker, library: currentLibrary,
            box: PageBudget.decodeBox(
                pageBox: Self.pageBox(for: size), cacheBytes: budget, maximumTextureSide: renderer.maximumTextureSide))
        if let headStart { decodes.adopt(headStart) }
        store = makePageStore(
            recyclingSlots: mode.recyclesSlots, decodes: decodes, renderer: renderer, cacheBytes: budget)
        thumbnails = ThumbnailStore(worker: thumbnailWorker, library: currentLibrary)
        thumbnails.adopt(thumbnailHeadStart)
        zoomDetail = ZoomDetail(worker: detailWorker ?? Self.generatedPagesOnly())
        if let read = services.readDetails { photoDetails.readingWith(read) }
        updateResidency()
    }

    /// A detail worker for a controller given none: it makes generated pages' regions, and no photo's (the viewer
    /// decodes photos in decoder processes, which the caller's workers reach).
    private static func generatedPagesOnly() -> DecodeWorker {
        DecodeWorker(threadCount: 1, wake: nil) { request throws(DecodeFailure) in
            guard case .synthetic(let index, let count) = request.source else {
                throw DecodeFailure(source: request.source, reason: .processingFailed("no detail decoder"))
            }
            return try SyntheticPage.picture(
                request.source, index: index, count: count, fitting: request.box, region: request.region)
        }
    }

    /// The cache budget for an output of `size`: `given`, or when `growing` at least what keeps three pages at its
    /// page box (`PageBudget.defaultCacheBytes`).
    static func cacheBytes(given: Int, growing: Bool, size: PixelSize) -> Int {
        growing ? max(given, PageBudget.defaultCacheBytes(pageBox: pageBox(for: size))) : given
    }

    /// The box a page is fitted into: the viewport less the gap.
    nonisolated package static func pageBox(for size: PixelSize) -> PixelSize {
        PixelSize(width: max(size.width - pageGap, 1), height: max(size.height - pageGap, 1))
    }

    /// The box the current page is shown in: the photo area (above the status bar when on) less the scaled gap.
    var pageBox: PixelSize { photoBox.size }

    /// Where a photo is fitted now (`SceneLayout.pageBox`): the dots in the gap below it never cover it.
    var photoBox: PixelRect { photoBox(statusBar: model.showsStatusBar) }

    /// Where a photo is fitted with the status bar shown or not.
    func photoBox(statusBar: Bool) -> PixelRect {
        let width = Int(model.viewport.width), height = Int(model.viewport.height)
        let bar = statusBar ? SceneLayout.statusBarHeight(scale: scale) : 0
        return SceneLayout.pageBox(
            in: LayoutRect(x: 0, y: 0, width: width, height: max(height - bar, 0)), scale: scale)
    }

    /// The mode shown now: the pager's arrangement, or the grid.
    public var mode: GalleryMode { model.mode }

    /// The page at the centre (the grid's selection).
    public var currentPage: PageIndex { model.currentPage }

    /// The photo (library index) a logical page shows: itself, except in the feed.
    public func photo(ofPage page: PageIndex) -> PhotoID { model.photo(ofPage: page) }

    // MARK: Modes

    /// Switches the arrangement at any moment (mid-drag, mid-fling, while the feed loads), opening on `photo`: by
    /// default where queued key presses were heading, else the one at the centre now.
    public func switchMode(to kind: GalleryMode, at time: Double, showing requested: PhotoID? = nil) {
        carryOut(model.handle(.show(kind, photo: requested), at: time), at: time)
    }

    /// The model switched its screen away from `left`: the stores follow.
    func screenChanged(from left: GalleryMode, at time: Double) {
        // The wheel's thumbnails go with it (an opening zoom keeps its own one). The grid's stay, within their share
        // of the budget, while a photo opened from it shows: back in the grid, its cells are painted at once.
        if left == .wheel, model.wheelRow == nil { thumbnails.removeAll() }
        // The decoded textures of the pages still shown carry over, so the photo on screen never blinks.
        if mode.recyclesSlots != store.recyclesSlots {
            store = makePageStore(
                recyclingSlots: mode.recyclesSlots, decodes: store.decodes, renderer: renderer, cacheBytes: cacheBytes,
                adopting: store.handOverTextures(), slotPages: slotPhotos)
        }
        residency = ResidencyTracker()
        needsRedraw = true
        updateResidency()
    }

    /// The photo each of the pager's first three slots shows (nil: none, or no pager), for a new page store.
    var slotPhotos: [PhotoID?] {
        (0..<3).map { slot in
            if case .page(let page)? = model.pager?.content(ofSlot: slot) { return self.photo(ofPage: page) }
            return nil
        }
    }

    /// The output changed size (window resize, or a new headless target): pages are decoded anew at the new size.
    public func resize(renderer newRenderer: (any Canvas)? = nil, at time: Double) throws {
        let size = try (newRenderer ?? renderer).outputSize
        report(.resized(viewport(of: Viewport(width: Double(size.width), height: Double(size.height)))), at: time)
        // Pages decode at the page box, or smaller when one page there would not fit the budget (PageBudget), which
        // grows with the window when --cache-mb is not given.
        let budget = Self.cacheBytes(given: givenCacheBytes, growing: cacheGrowsWithWindow, size: size)
        let box = PageBudget.decodeBox(
            pageBox: Self.pageBox(for: size), cacheBytes: budget,
            maximumTextureSide: (newRenderer ?? renderer).maximumTextureSide)
        // Textures belong to their renderer, and each page is decoded at its drawn size: either change starts afresh.
        if newRenderer != nil || box != store.box || budget != cacheBytes {
            store.reset(box: box, renderer: newRenderer)
            if budget != cacheBytes {
                cacheBytes = budget
                store = makePageStore(
                    recyclingSlots: store.recyclesSlots, decodes: store.decodes, renderer: newRenderer ?? renderer,
                    cacheBytes: budget)
            }
            thumbnails.removeAll()
            gridZoom = nil
            residency = ResidencyTracker()
        }
        renderer = newRenderer ?? renderer
        report(.canvasReset, at: time)
        needsRedraw = true
        updateResidency()
    }

    // MARK: Frames

    /// Moves the model to `time` (animations, the slideshow, the information's fade), then takes what the world did
    /// (the feed's answer, a changed library once the pager rests, finished file work) and asks for the pages needed.
    public func advance(to time: Double) {
        let wasMoving = model.isMoving(at: time), countDeadline = model.countDeadline, info = model.infoShownAt
        refreshFacts(at: time)
        let effects = model.advance(to: time)
        if wasMoving || !effects.isEmpty || model.countDeadline != countDeadline || model.infoShownAt != info
            || model.infoIsFading(at: time)
        {
            needsRedraw = true
        }
        carryOut(effects, at: time)
        // A fade that just ended was last drawn partly faded: one more frame shows the photo fully.
        if case .pager = model.screen, fadeIns.advance(to: time) { needsRedraw = true }
        if advanceGridZoom(to: time) { needsRedraw = true }
        receiveFeed(at: time)
        receiveLibraryChanges(at: time)
        receiveFileOutcomes(at: time)
        receiveFolderChanges()
        if photoDetails.takeArrivals() { needsRedraw = true }
        if decoderSandbox?.takeArrival() == true { needsRedraw = true }
        if spinnerIsVisible { needsRedraw = true }
        updateResidency()
        updateAnimation(at: time)
    }

    /// Hands the model what only this side knows now: the fits of the decoded photos around the centre, where the
    /// last frame drew what a click can hit, and how far the help scrolls while it shows.
    func refreshFacts(at time: Double) {
        let helpMaxScroll = model.showsHelp ? sceneLayout(overlayState).help?.maxScroll : nil
        let comparedBefore = comparedFrames
        report(
            .facts(
                FrameFacts(
                    fits: decodedFits(), layout: drawnLayout, helpMaxScroll: helpMaxScroll,
                    pictures: comparedPictures())), at: time)
        // The compare screen measures its photos on these facts: a size that arrived moves a picture.
        if comparedFrames != comparedBefore { needsRedraw = true }
    }

    /// Takes finished decodes and uploads them: at most `uploadBudget` page textures and `ThumbnailStore.uploadsPerPage`
    /// times as many thumbnails (all of both when nil), and the zoom's sharp region whenever it arrives. Returns
    /// whether the screen changed.
    @discardableResult
    public func receiveDecodes(uploadBudget: Int?) throws -> Bool {
        let pages = try store.receive(uploadBudget: uploadBudget)
        let rows = try thumbnails.receive(
            renderer: renderer, uploadBudget: uploadBudget.map { $0 * ThumbnailStore.uploadsPerPage })
        let detail = try zoomDetail.receive(renderer: renderer)
        // A finished action may have changed the photos shown: they are examined again (a decode if they changed).
        let acted = takeFinishedActions()
        if pages || rows || detail || acted { needsRedraw = true }
        // A page's frames just arrived: its animation starts now.
        if pages { updateAnimation(at: now) }
        return pages || rows || detail || acted
    }

    /// Whether another frame must follow without waiting for input: an animation, an upload, the spinner turning,
    /// or the information fading.
    public var needsFrame: Bool {
        model.isMoving(at: now) || store.hasPendingUploads || thumbnails.hasPendingUploads || spinnerIsVisible
            || photoIsFadingIn || gridZoom != nil || model.infoIsFading(at: now)
    }

    /// Whether a photo on screen is still fading in over its placeholder.
    private var photoIsFadingIn: Bool {
        guard case .pager = model.screen else { return false }
        return fadeIns.isFadingIn(at: now)
    }

    /// When something is due on the caller's clock with nothing animating meanwhile (the simulated feed's answer,
    /// the next slide, the next frame of the animated photo on screen, the information starting to fade, a touchpad
    /// stream ending, a typed digit's wait, a file written a moment ago read again), so an idle window can sleep until
    /// then.
    public var nextWakeTime: Double? {
        [
            feedSource.dueTime, model.slideshow.nextAdvanceTime(), model.infoFadeStart(after: now),
            model.touchpadReleaseTime, model.countDeadline, model.animationWakeTime,
            settling.values.map(\.nextCheck).min(),
        ].compactMap { $0 }.min()
    }

    /// Decodes requested and not back yet (pages and thumbnails).
    public var pendingDecodes: Int { store.pendingCount + thumbnails.pendingCount + (zoomDetail.isPending ? 1 : 0) }

    /// Records the CPU time of the frame just drawn, for the information panel.
    public func noteFrameTime(milliseconds: Double) {
        lastFrameMilliseconds = milliseconds
    }
}
