import GalleryCore
import PagerEngine

/// The gallery on one renderer: the pager, the feed, decoded pages and thumbnails, the overlays, and drawing,
/// shared by the window and headless runs.
///
/// Time is always an argument, so the window (performance counter) and headless runs (virtual clock) drive the same
/// code. Pages are logical (feed pages in the feed); decoded pictures are keyed by photo, so a mode switch keeps
/// what is on screen. Main thread only. Input is in `+Input`, the feed in `+Feed`.
public final class GalleryController {
    /// The pages shown: the opened photos, then files a feed added.
    public internal(set) var library: PageLibrary
    /// The pager: which page, where, doing what.
    public internal(set) var pager: Pager
    /// Trace names of what happened since the last `takeEvents()`.
    var events: [String] = []
    var renderer: Renderer
    var store: any PageStore
    /// Bytes each page cache (decoded surfaces, textures) may hold.
    let cacheBytes: Int
    let thumbnails: ThumbnailStore
    let zoomDetail: ZoomDetail
    var residency = ResidencyTracker()
    let painter: ScenePainter
    let wheelPainter: WheelPainter
    let overlayPainter: OverlayPainter
    var wheelSteps = WheelSteps()
    var tap: TapRecognizer
    var touchpad: TouchpadScroll
    var countPrefix = CountPrefix()
    /// When the last click landed, and where, to recognise a double-click.
    var lastClick: (time: Double, x: Double, y: Double)?
    /// The latest time seen, for what is drawn as a function of time (the spinner, the information's fade).
    var now = 0.0
    /// Whether something on screen changed since the last `render()`.
    public internal(set) var needsRedraw = true

    /// Where feed mode's next pages come from.
    let feedSource: any FeedSource
    /// Which photo each feed page shows; kept while other modes show, so the feed comes back as it was.
    var feedPages: FeedPages
    /// The feed's request state, kept while other modes show (the feed topology holds it while the feed shows).
    var feedLoadState = FeedLoadState.idle
    /// Why the last feed request failed, for the retry page.
    var feedFailure: String?
    /// The feed page shown when the feed was left, to come back near it.
    var lastFeedPage = 0

    /// Which way the wheel's arc bulges (D flips it).
    public internal(set) var wheelDirection = WheelDirection.clockwise
    /// The pager mode the wheel opens a photo in: the one used before the wheel.
    var pagerMode: TopologyKind
    /// The slideshow's clock and pauses.
    public internal(set) var slideshow: SlideshowPolicy
    /// When the page information ("3 / 12 — name · mode") was last shown.
    var infoShownAt: Double?
    /// Whether the information panel (I) and the help (F1) show.
    public internal(set) var showsInfoPanel = false
    /// Whether the help lists the keys over the dimmed photo.
    public internal(set) var showsHelp = false
    /// Fullscreen toggles asked for and not yet carried out by the window.
    var fullscreenToggles = 0
    /// The photo zoomed and how, when one is (nil at fit); `shownZoom` adds any running motion.
    var zoomed: (photo: Int, zoom: PhotoZoom)?
    /// The zoom's animation or glide, if one runs.
    var zoomMotion: ZoomMotion?
    /// A drag that began on the zoomed photo.
    var zoomGesture: ZoomGesture?
    /// The CPU time of the last frame, for the information panel.
    var lastFrameMilliseconds = 0.0
    /// Whether a quit was asked for (Q, Escape, a script's quit).
    public internal(set) var quitRequested = false

    /// Space between neighbouring pages, in pixels: half on each side of a slot.
    static let pageGap = 32
    /// Seconds between slides when S starts a slideshow without `--slideshow`.
    public static let defaultSlideshowInterval = 5.0
    /// Photos a PageUp or PageDown jumps (nsxiv's `[` and `]`).
    static let pageJump = 10
    /// Seconds and pixels within which two clicks make a double-click.
    static let doubleClick = (seconds: 0.4, pixels: 6.0)

    /// Creates a gallery in `mode` on `renderer`, showing `startPage`; pages decode on `worker`, wheel thumbnails on
    /// `thumbnailWorker`, the feed asks `feedSource` (by default seed 001's simulated network), and a slideshow of
    /// `slideshowInterval` seconds runs from the start when given. `headStart`, a request already submitted to `worker`
    /// (the window's first photo), is taken over rather than asked again when it matches the first page's.
    public init(
        library: PageLibrary, mode: TopologyKind, renderer: Renderer, worker: DecodeWorker,
        thumbnailWorker: DecodeWorker, detailWorker: DecodeWorker? = nil, feedSource: (any FeedSource)? = nil,
        configuration: PagerConfiguration = .standard, slideshowInterval: Double? = nil, startPage: Int = 0,
        cacheBytes: Int = ImageOptions().cacheBytes, headStart: DecodeRequest? = nil
    ) throws {
        self.library = library
        self.renderer = renderer
        let size = try renderer.outputSize
        let viewport = Viewport(width: Double(size.width), height: Double(size.height))
        let start = min(max(startPage, 0), max(library.count - 1, 0))
        feedPages = FeedPages(initialCount: library.count)
        self.feedSource = feedSource ?? SimulatedFeedSource(photoCount: max(library.count, 1))
        pagerMode = mode == .wheel ? InitialMode.mode(photoCount: library.count, requested: nil) : mode
        let topology: any PageTopology =
            mode == .feed ? FeedTopology(pageCount: feedPages.count, startPage: start)
            : mode.makeTopology(pageCount: library.count, startPage: start)
        pager = Pager(topology: topology, viewport: viewport, configuration: configuration)
        tap = TapRecognizer(slop: pager.configuration.dragSlop)
        touchpad = TouchpadScroll(originX: viewport.width / 2, originY: viewport.height / 2)
        slideshow = SlideshowPolicy(interval: slideshowInterval ?? Self.defaultSlideshowInterval)
        if slideshowInterval != nil { slideshow.start(at: 0) }
        let texts = TextCache()
        painter = ScenePainter(texts: texts)
        wheelPainter = WheelPainter(texts: texts)
        overlayPainter = OverlayPainter(texts: texts)
        self.cacheBytes = cacheBytes
        let decodes = PageDecodes(
            worker: worker, library: library,
            box: PageBudget.decodeBox(
                pageBox: Self.pageBox(for: size), cacheBytes: cacheBytes, maximumTextureSide: renderer.maximumTextureSide))
        if let headStart { decodes.adopt(headStart) }
        store = makePageStore(
            recyclingSlots: mode.recyclesSlots, decodes: decodes, renderer: renderer, cacheBytes: cacheBytes)
        thumbnails = ThumbnailStore(worker: thumbnailWorker, library: library)
        zoomDetail = ZoomDetail(worker: detailWorker ?? DecodeWorker(threadCount: 1, wakeEventType: nil))
        infoShownAt = 0
        updateResidency()
    }

    /// The box a page is fitted into: the viewport less the gap.
    static func pageBox(for size: PixelSize) -> PixelSize {
        PixelSize(width: max(size.width - pageGap, 1), height: max(size.height - pageGap, 1))
    }

    /// The box the current page is shown in: the viewport less the gap.
    var pageBox: PixelSize {
        Self.pageBox(for: PixelSize(width: Int(pager.viewport.width), height: Int(pager.viewport.height)))
    }

    /// The arrangement shown now.
    public var mode: TopologyKind { pager.topology.kind }

    /// The photo (library index) a logical page shows: itself, except in the feed.
    public func photo(ofPage page: Int) -> Int {
        mode == .feed && page < feedPages.count ? feedPages.photo(atPage: page) : page
    }

    // MARK: Modes

    /// Switches the arrangement at any moment (mid-drag, mid-fling, while the feed loads), opening on `photo`: by
    /// default where queued key presses were heading, else the one at the centre now.
    public func switchMode(to kind: TopologyKind, at time: Double, showing requested: Int? = nil) {
        guard kind != mode || requested != nil else { return }
        let photo = requested ?? photo(ofPage: pager.commandTargetPage ?? pager.currentPage)
        if mode == .feed {
            lastFeedPage = pager.currentPage
            feedLoadState = feedState
        }
        if mode == .wheel, kind != .wheel { thumbnails.removeAll() }
        if kind == .wheel, mode != .wheel { pagerMode = mode }
        let topology: any PageTopology
        if kind == .feed {
            let page = feedPages.page(showing: photo, near: lastFeedPage) ?? lastFeedPage
            topology = FeedTopology(pageCount: feedPages.count, startPage: page, loadState: feedLoadState)
        } else {
            topology = kind.makeTopology(pageCount: library.count, startPage: photo)
        }
        pager = Pager(topology: topology, viewport: pager.viewport, configuration: pager.configuration, time: time)
        tap.cancel()
        resetZoom()
        // The decoded textures of the pages still shown carry over, so the photo on screen never blinks.
        if kind.recyclesSlots != store.recyclesSlots {
            store = makePageStore(
                recyclingSlots: kind.recyclesSlots, decodes: store.decodes, renderer: renderer, cacheBytes: cacheBytes,
                adopting: store.handOverTextures(),
                slotPages: (0..<3).map { slot in
                    if case .page(let page) = pager.content(ofSlot: slot) { return self.photo(ofPage: page) }
                    return -1
                })
        }
        residency = ResidencyTracker()
        showInfo(at: time)
        updateResidency()
    }

    /// The output changed size (window resize, or a new headless target): pages are decoded anew at the new size.
    public func resize(renderer newRenderer: Renderer? = nil, at time: Double) throws {
        let size = try (newRenderer ?? renderer).outputSize
        // A touchpad stream under way lifts its virtual fingers first: the new scroll below could never release them,
        // leaving the pager dragging for good (soak seed 5).
        for input in touchpad.add(dx: 0, dy: 0, at: time) { apply(input, at: time) }
        record(pager.handle(.resize(Viewport(width: Double(size.width), height: Double(size.height))), at: time), at: time)
        // Pages decode at the page box, or smaller when one page there would not fit the budget (PageBudget).
        let box = PageBudget.decodeBox(
            pageBox: Self.pageBox(for: size), cacheBytes: cacheBytes,
            maximumTextureSide: (newRenderer ?? renderer).maximumTextureSide)
        // Textures belong to their renderer, and each page is decoded at its drawn size: either change starts afresh.
        if newRenderer != nil || box != store.box {
            store.reset(box: box, renderer: newRenderer)
            thumbnails.removeAll()
            residency = ResidencyTracker()
        }
        renderer = newRenderer ?? renderer
        resetZoom()
        touchpad = TouchpadScroll(originX: Double(size.width) / 2, originY: Double(size.height) / 2)
        needsRedraw = true
        updateResidency()
    }

    // MARK: Frames

    /// Moves animations to `time`, takes the feed's answer, runs the slideshow, and asks for the pages needed.
    public func advance(to time: Double) {
        now = max(now, time)
        if let release = touchpad.expire(at: time) { apply(release.input, at: release.time) }
        if pager.isAnimating { needsRedraw = true }
        record(pager.advance(to: time), at: time)
        advanceZoom(to: time)
        receiveFeed(at: time)
        if slideshow.shouldAdvance(at: time) { record(pager.handle(.command(.next), at: time), at: time) }
        if let shown = infoShownAt {
            if InfoFade.isFading(after: time - shown) {
                needsRedraw = true
            } else if time - shown >= InfoFade.hold + InfoFade.fade {
                infoShownAt = nil
                needsRedraw = true  // One more frame, without it.
            }
        }
        if spinnerIsVisible { needsRedraw = true }
        updateResidency()
    }

    func updateResidency() {
        if mode == .wheel {
            let layout = WheelPainter.layout(for: pager, direction: wheelDirection)
            let centre = pager.currentPage
            // The visible rows, centre first, then a screen's worth either side for a fling.
            let reach = Int(pager.configuration.wheelRowsPerViewport)
            let photos = (0...reach).flatMap { distance in
                distance == 0 ? [centre] : [centre + distance, centre - distance]
            }.map { WrapMath.wrap($0, count: max(library.count, 1)) }
            thumbnails.want(Self.unique(photos), size: WheelPainter.thumbnailBox(for: layout))
            return
        }
        let pagesPerSecond = pager.velocity / pager.extent
        if let plan = residency.update(
            logicalPosition: pager.logicalPosition, velocity: pagesPerSecond, pageCount: pager.pageCount,
            wraps: mode.wraps)
        {
            // A far jump's stand-in stays decoded while it slides out.
            let pages = plan.required + (pager.standInPage.map { [$0] } ?? [])
            store.apply(ResidencyPlan(required: Self.unique(pages.map(photo(ofPage:)))))
        }
    }

    static func unique(_ values: [Int]) -> [Int] {
        var seen = Set<Int>()
        return values.filter { seen.insert($0).inserted }
    }

    /// Takes finished decodes; uploads at most `uploadBudget` page textures (all when nil) and every finished
    /// thumbnail. Returns whether the screen changed.
    @discardableResult
    public func receiveDecodes(uploadBudget: Int?) throws -> Bool {
        let pages = try store.receive(uploadBudget: uploadBudget)
        let rows = try thumbnails.receive(renderer: renderer)
        let detail = try zoomDetail.receive(renderer: renderer)
        if pages || rows || detail { needsRedraw = true }
        return pages || rows || detail
    }

    /// Whether another frame must follow without waiting for input: an animation, an upload, the spinner turning,
    /// or the information fading.
    public var needsFrame: Bool {
        pager.isAnimating || store.hasPendingUploads || spinnerIsVisible || photoIsFadingIn || zoomIsMoving
            || infoShownAt.map { InfoFade.isFading(after: now - $0) } ?? false
    }

    /// Whether a photo on screen is still fading in over its placeholder.
    private var photoIsFadingIn: Bool { mode != .wheel && painter.isFadingIn(at: now) }

    /// When something is due on the caller's clock with nothing animating meanwhile (the simulated feed's answer,
    /// the next slide, the information starting to fade, a touchpad stream ending), so an idle window can sleep
    /// until then.
    public var nextWakeTime: Double? {
        let fadeStart = infoShownAt.map { $0 + InfoFade.hold }.flatMap { $0 > now ? $0 : nil }
        return [feedSource.dueTime, slideshow.nextAdvanceTime(), fadeStart, touchpad.releaseTime]
            .compactMap { $0 }.min()
    }

    /// Decodes requested and not back yet (pages and thumbnails).
    public var pendingDecodes: Int { store.pendingCount + thumbnails.pendingCount + (zoomDetail.isPending ? 1 : 0) }

    /// Records the CPU time of the frame just drawn, for the information panel.
    public func noteFrameTime(milliseconds: Double) {
        lastFrameMilliseconds = milliseconds
    }

    /// Draws the frame (the caller presents it).
    public func render() throws {
        needsRedraw = false
        if mode == .wheel {
            try wheelPainter.paint(
                pager: pager, direction: wheelDirection, library: library, thumbnails: thumbnails, renderer: renderer)
        } else {
            let feedEnd: FeedEndContent =
                feedState == .failed ? .failed(reason: feedFailure ?? "unknown reason") : .loading
            try painter.paint(
                pager: pager, store: store, renderer: renderer, photo: photo(ofPage:), feedEnd: feedEnd, time: now,
                pageBox: pageBox,
                zoom: shownZoom.map { ($0.photo, $0.zoom, zoomDetail.held?.photo == $0.photo ? zoomDetail.held?.sharp : nil) })
        }
        try overlayPainter.paint(overlayState, renderer: renderer)
    }

    /// What the overlays show now.
    var overlayState: OverlayState {
        let page = pager.currentPage
        var info = "\(page + 1) / \(pager.pageCount) — \(library.name(forPage: photo(ofPage: page))) · \(mode.displayName)"
        if slideshow.isRunning { info += " · slideshow \(Self.seconds(slideshow.interval))" }
        return OverlayState(
            info: info, infoOpacity: infoShownAt.map { InfoFade.opacity(after: now - $0) } ?? 0,
            dots: dotsShown ? OverlayState.Dots(count: pager.pageCount, current: page) : nil,
            panel: showsInfoPanel ? infoPanelLines : nil,
            help: showsHelp ? KeyMap.helpLines + [""] + GestureMap.helpLines : nil)
    }

    /// Page dots show for galleries up to 20 pages, one per logical page, in the pager modes.
    static let maxDots = 20
    var dotsShown: Bool { mode != .wheel && pager.pageCount <= Self.maxDots && pager.pageCount > 1 }

    private var infoPanelLines: [String] {
        let page = pager.currentPage
        let photo = photo(ofPage: page)
        let texture = store.textureSize(forPage: photo).map { "\($0.width)×\($0.height)" } ?? "not decoded"
        var lines = [
            "mode      \(mode.displayName)",
            "page      \(page + 1) / \(pager.pageCount)",
            "file      \(library.name(forPage: photo))",
            "shown     \(texture) · zoom \(Int((zoomScale * 100).rounded())) % of fit",
            "phase     \(pager.phase.rawValue)",
            "velocity  \(Int(pager.velocity.rounded())) px/s",
            "frame     \(Self.decimal(lastFrameMilliseconds)) ms · \(renderer.name) renderer",
            "textures  \(store.textureCount + thumbnails.count) · \((store.textureBytes + thumbnails.byteCount) / 1024) KiB",
            "slideshow \(slideshow.isRunning ? "every \(Self.seconds(slideshow.interval))" : "off")",
        ]
        if mode == .feed { lines.append("feed      \(feedState.traceName)") }
        return lines
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(decimal(value)) s"
    }

    static func decimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// The window title: `i / N — file name`.
    public var title: String {
        let page = pager.currentPage
        return "\(page + 1) / \(pager.pageCount) — \(library.name(forPage: photo(ofPage: page)))"
    }

    /// Takes the fullscreen toggles asked for since the last call (F, F11, a double-click): odd means toggle.
    public func takeFullscreenToggle() -> Bool {
        defer { fullscreenToggles = 0 }
        return fullscreenToggles % 2 == 1
    }

    /// The window was hidden or minimised (`true`) or shown again: the slideshow pauses while nobody can see it.
    public func setHidden(_ hidden: Bool, at time: Double) {
        slideshow.setHidden(hidden, at: time)
        if !hidden { needsRedraw = true }
    }

    /// The trace names of what happened since the last call.
    public func takeEvents() -> [String] {
        defer { events.removeAll() }
        return events
    }

    /// The trace record of the frame just drawn.
    public func traceRecord(time: Double, frameMilliseconds: Double, events: [String]) -> TraceRecord {
        TraceRecord(
            t: time, mode: mode, page: pager.currentPage, position: pager.logicalPosition,
            phase: pager.phase.rawValue, slots: traceSlots(), textures: store.textureCount + thumbnails.count,
            textureBytes: store.textureBytes + thumbnails.byteCount + zoomDetail.byteCount, decodedBytes: store.decodedBytes,
            frameMilliseconds: frameMilliseconds,
            pages: pager.pageCount, velocity: pager.velocity, offsetPixels: pager.offset, decoded: store.decodedCount,
            pending: pendingDecodes, events: events, uploads: store.decodes.uploads, zoom: shownZoom?.zoom.scale ?? 1,
            panX: shownZoom?.zoom.panX ?? 0, panY: shownZoom?.zoom.panY ?? 0, feedState: mode == .feed ? feedState.traceName : nil,
            row: mode == .wheel ? pager.currentPage : nil)
    }

    /// The logical page in each slot of the strip; for strips longer than 32 slots, the three around the centre.
    private func traceSlots() -> [Int] {
        let slots: ClosedRange<Int>
        if pager.topology.slotCount <= 32 {
            slots = 0...(pager.topology.slotCount - 1)
        } else {
            let centre = Int((pager.slotPosition + 0.5).rounded(.down))
            slots = (centre - 1)...(centre + 1)
        }
        return slots.map { TraceRecord.slotValue(for: pager.content(ofSlot: $0)) }
    }
}
