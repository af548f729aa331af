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
    /// The pages' pictures and textures.
    var store: any PageStore
    /// The grid's and the wheel's thumbnails.
    let thumbnails: ThumbnailStore
    /// The bytes the stores, the zoom and the thumbnails share.
    var budget: CacheBudget
    /// The painters and what they drew last.
    var drawing: SceneDrawing
    /// The latest time seen, for what is drawn as a function of time (the spinner, the information's fade).
    var now: Double { model.now }
    /// Whether something on screen changed since the last `render()`.
    public internal(set) var needsRedraw = true
    /// Where feed mode's next pages come from.
    package let feedSource: any FeedSource
    /// The world's services: actions, clipboard, culling folders, listing, watch, wake-up (handed in at `init`).
    let services: GalleryServices
    /// Trash, open-with, turn saves and the panel's details, run off the main thread.
    let runners: FileRunners
    /// The order listed in, a listing under way, the files found unshowable or still written.
    var upkeep: LibraryUpkeep
    /// The order the photos are listed in now: `--sort`, then as the order key moved it on.
    public var sort: PhotoSort { upkeep.sort }
    /// The animation on screen as the canvas plays it.
    var animationOnScreen = AnimationOnScreen()
    /// Fullscreen toggles the model asked for and the window has not carried out yet (`takeFullscreenToggle`).
    var fullscreenToggles = 0

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
    /// screen), when they match the grid's first. The workers are distinct: each store takes every result its worker
    /// has, so a worker shared would hand one store's results to another, which drops them.
    public init(
        library: PageLibrary, mode: GalleryMode, renderer: any Canvas, worker: DecodeWorker,
        thumbnailWorker: DecodeWorker, detailWorker: DecodeWorker? = nil, feedSource: (any FeedSource)? = nil,
        configuration: PagerConfiguration = .standard, slideshowInterval: Double? = nil, startPage: Int = 0,
        cacheBytes: Int = ImageOptions().cacheBytes, cacheGrowsWithWindow: Bool = false,
        headStart: DecodeRequest? = nil, thumbnailHeadStart: [DecodeRequest] = [],
        preferences: ModelPreferences = ModelPreferences(), services: GalleryServices = GalleryServices()
    ) throws {
        precondition(
            worker !== thumbnailWorker && detailWorker.map { $0 !== worker && $0 !== thumbnailWorker } ?? true,
            "the page, thumbnail and detail decodes need a worker each")
        self.services = services
        runners = FileRunners(
            turnSaver: TurnSavingRunner(locate: services.locateOrientationTag ?? TurnSaving.inProcess))
        upkeep = LibraryUpkeep(sort: services.sort)
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
        drawing = SceneDrawing(
            texts: TextCache(fonts: renderer.fonts),
            zoomDetail: ZoomDetail(worker: detailWorker ?? Self.generatedPagesOnly()))
        self.budget = CacheBudget(given: cacheBytes, growsWithWindow: cacheGrowsWithWindow, size: size)
        let budget = self.budget.bytes
        let decodes = PageDecodes(
            worker: worker, library: currentLibrary,
            box: PageBudget.decodeBox(
                pageBox: Self.pageBox(for: size), cacheBytes: budget, maximumTextureSide: renderer.maximumTextureSide))
        if let headStart { decodes.adopt(headStart) }
        store = makePageStore(
            recyclingSlots: mode.recyclesSlots, decodes: decodes, renderer: renderer, cacheBytes: budget)
        thumbnails = ThumbnailStore(worker: thumbnailWorker, library: currentLibrary)
        thumbnails.adopt(thumbnailHeadStart)
        if let read = services.readDetails { runners.photoDetails.readingWith(read) }
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

    /// The box a page is fitted into: the viewport less the gap.
    nonisolated package static func pageBox(for size: PixelSize) -> PixelSize {
        PixelSize(width: max(size.width - pageGap, 1), height: max(size.height - pageGap, 1))
    }

    /// The box the current page is shown in: the photo area (above the status bar when on) less the scaled gap.
    var pageBox: PixelSize { photoBox.size }

    /// Where a photo is fitted now (`SceneLayout.pageBox`): the dots in the gap below it never cover it.
    var photoBox: PixelRect { photoBox(statusBar: model.overlays.showsStatusBar) }

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
        if left == .wheel, !shownPresenter.showsThumbnailsOnly { thumbnails.removeAll() }
        // The decoded textures of the pages still shown carry over, so the photo on screen never blinks.
        if mode.recyclesSlots != store.recyclesSlots {
            store = makePageStore(
                recyclingSlots: mode.recyclesSlots, decodes: store.decodes, renderer: renderer,
                cacheBytes: budget.bytes,
                adopting: store.handOverTextures(), slotPages: slotPhotos)
        }
        drawing.residency = ResidencyTracker()
        needsRedraw = true
        updateResidency()
    }

    /// The photo each of the screen's first three slots shows (nil: none), for a new page store.
    var slotPhotos: [PhotoID?] { shownPresenter.slotPhotos(in: frameContext) }

    /// The output changed size (window resize, or a new headless target): pages are decoded anew at the new size.
    public func resize(renderer newRenderer: (any Canvas)? = nil, at time: Double) throws {
        let size = try (newRenderer ?? renderer).outputSize
        report(.resized(viewport(of: Viewport(width: Double(size.width), height: Double(size.height)))), at: time)
        // Pages decode at the page box, or smaller when one page there would not fit the budget (PageBudget), which
        // grows with the window when --cache-mb is not given.
        let budget = self.budget.bytes(for: size)
        let box = PageBudget.decodeBox(
            pageBox: Self.pageBox(for: size), cacheBytes: budget,
            maximumTextureSide: (newRenderer ?? renderer).maximumTextureSide)
        // Textures belong to their renderer, and each page is decoded at its drawn size: either change starts afresh.
        if newRenderer != nil || box != store.box || budget != self.budget.bytes {
            store.reset(box: box, renderer: newRenderer)
            if budget != self.budget.bytes {
                self.budget.bytes = budget
                store = makePageStore(
                    recyclingSlots: store.recyclesSlots, decodes: store.decodes, renderer: newRenderer ?? renderer,
                    cacheBytes: budget)
            }
            thumbnails.removeAll()
            drawing.grid.flight = nil
            drawing.residency = ResidencyTracker()
        }
        renderer = newRenderer ?? renderer
        report(.canvasReset, at: time)
        needsRedraw = true
        updateResidency()
    }
}
