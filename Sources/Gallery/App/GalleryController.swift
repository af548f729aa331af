import GalleryCore
import PagerEngine

/// The gallery on one renderer: the pager, the feed, decoded pages and thumbnails, and drawing, shared by the window
/// and headless runs.
///
/// Time is always an argument, so the window (performance counter) and headless runs (virtual clock) drive the same
/// code. Pages are logical (feed pages in the feed); decoded pictures are keyed by photo, so a mode switch keeps
/// what is on screen. Main thread only.
public final class GalleryController {
    /// The pages shown: the opened photos, then files a feed added.
    public private(set) var library: PageLibrary
    /// The pager: which page, where, doing what.
    public private(set) var pager: Pager
    /// Trace names of what happened since the last `takeEvents()`.
    private var events: [String] = []
    private var renderer: Renderer
    private let store: PageStore
    private let thumbnails: ThumbnailStore
    private var residency = ResidencyTracker()
    private let painter: ScenePainter
    private let wheelPainter: WheelPainter
    private var wheelSteps = WheelSteps()
    private var tap: TapRecognizer
    /// The latest time seen, for what is drawn as a function of time (the spinner).
    private var now = 0.0

    /// Where feed mode's next pages come from.
    private let feedSource: any FeedSource
    /// Which photo each feed page shows; kept while other modes show, so the feed comes back as it was.
    private var feedPages: FeedPages
    /// The feed's request state, kept while other modes show (the feed topology holds it while the feed shows).
    private var feedLoadState = FeedLoadState.idle
    /// Why the last feed request failed, for the retry page.
    private var feedFailure: String?
    /// The feed page shown when the feed was left, to come back near it.
    private var lastFeedPage = 0

    /// Which way the wheel's arc bulges (D flips it).
    public private(set) var wheelDirection = WheelDirection.clockwise
    /// The pager mode the wheel opens a photo in: the one used before the wheel.
    private var pagerMode: TopologyKind
    /// Whether a quit was asked for (Q, Escape, a script's quit).
    public private(set) var quitRequested = false

    /// Space between neighbouring pages, in pixels: half on each side of a slot.
    static let pageGap = 32

    /// Creates a gallery in `mode` on `renderer`, showing `startPage`; pages decode on `worker`, wheel thumbnails on
    /// `thumbnailWorker`, and the feed asks `feedSource` (by default seed 001's simulated network).
    public init(
        library: PageLibrary, mode: TopologyKind, renderer: Renderer, worker: DecodeWorker,
        thumbnailWorker: DecodeWorker, feedSource: (any FeedSource)? = nil, startPage: Int = 0
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
        pager = Pager(topology: topology, viewport: viewport)
        tap = TapRecognizer(slop: pager.configuration.dragSlop)
        let texts = TextCache()
        painter = ScenePainter(texts: texts)
        wheelPainter = WheelPainter(texts: texts)
        store = PageStore(
            worker: worker, library: library, renderer: renderer, box: Self.pageBox(for: size),
            recyclesSlots: mode.recyclesSlots)
        thumbnails = ThumbnailStore(worker: thumbnailWorker, library: library)
        updateResidency()
    }

    /// The box a page is fitted into: the viewport less the gap.
    static func pageBox(for size: PixelSize) -> PixelSize {
        PixelSize(width: max(size.width - pageGap, 1), height: max(size.height - pageGap, 1))
    }

    /// The arrangement shown now.
    public var mode: TopologyKind { pager.topology.kind }

    /// The photo (library index) a logical page shows: itself, except in the feed.
    public func photo(ofPage page: Int) -> Int {
        mode == .feed && page < feedPages.count ? feedPages.photo(atPage: page) : page
    }

    /// Where the feed's request for more pages stands.
    public var feedState: FeedLoadState { (pager.topology as? FeedTopology)?.loadState ?? feedLoadState }

    // MARK: Input

    /// Applies one input at `time`: pointer gestures, keys and wheel notches, from the window or a script.
    public func apply(_ input: GalleryInput, at time: Double) {
        now = max(now, time)
        switch input {
        case .pointerDown(let x, let y):
            tap.pointerDown(x: x, y: y, contentWasMoving: pager.isAnimating)
            record(pager.handle(.pointerDown(x: x, y: y), at: time), at: time)
        case .pointerMove(let x, let y):
            tap.pointerMove(x: x, y: y)
            record(pager.handle(.pointerMove(x: x, y: y), at: time), at: time)
        case .pointerUp(let x, let y):
            let clicked = tap.pointerUp(x: x, y: y)
            record(pager.handle(.pointerUp(x: x, y: y), at: time), at: time)
            if clicked { click(x: x, y: y, at: time) }
        case .pointerCancel:
            tap.cancel()
            record(pager.handle(.pointerCancel, at: time), at: time)
        case .key(let name):
            if let command = KeyMap.command(forKeyName: name) { perform(command, at: time) }
        case .wheel(let dx, let dy):
            for command in wheelSteps.add(dx: dx, dy: dy) { perform(command, at: time) }
        }
        updateResidency()
    }

    /// Carries out a command at `time`.
    public func perform(_ command: GalleryCommand, at time: Double) {
        switch command {
        case .next, .pageForward: move(.next, at: time)
        case .previous, .pageBackward: move(.previous, at: time)
        case .first: move(.first, at: time)
        case .last: move(.last, at: time)
        case .goTo(let page): move(.goTo(page: page), at: time)
        case .mode(let kind): switchMode(to: kind, at: time)
        case .quit: quitRequested = true
        case .retry: retryFeed(at: time)
        case .flipWheel:
            guard mode == .wheel else { return }
            wheelDirection = wheelDirection == .clockwise ? .anticlockwise : .clockwise
        case .open:
            guard mode == .wheel else { return }
            switchMode(to: pagerMode, at: time, showing: pager.currentPage)
        case .toggleSlideshow, .toggleHelp: break  // The slideshow and help come with the desktop issue.
        }
        updateResidency()
    }

    private func move(_ command: PagerCommand, at time: Double) {
        record(pager.handle(.command(command), at: time), at: time)
    }

    /// A click: on the feed's retry page it retries; on a wheel row it opens that photo.
    private func click(x: Double, y: Double, at time: Double) {
        switch mode {
        case .feed:
            let slot = pager.visibleSlots().first { Double($0.origin) <= x && x < $0.origin + $0.extent }
            if slot?.content == .feedEnd { retryFeed(at: time) }
        case .wheel:
            let layout = WheelPainter.layout(for: pager, direction: wheelDirection)
            let hit = layout.rows(atSlotPosition: pager.slotPosition, topology: pager.topology).first { row in
                WheelPainter.cardRect(of: row, layout: layout).contains(PixelPoint(x: Int(x), y: Int(y)))
            }
            if let hit { switchMode(to: pagerMode, at: time, showing: hit.row) }
        case .bounded, .endCaps, .threeSurfaces:
            break
        }
    }

    /// Switches the arrangement at any moment (mid-drag, mid-fling, while the feed loads), opening on `photo`, by
    /// default the one at the centre now.
    public func switchMode(to kind: TopologyKind, at time: Double, showing requested: Int? = nil) {
        guard kind != mode || requested != nil else { return }
        let photo = requested ?? photo(ofPage: pager.currentPage)
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
        if kind.recyclesSlots != store.recyclesSlots {
            store.reset(box: store.box, recyclesSlots: kind.recyclesSlots)
        }
        residency = ResidencyTracker()
        updateResidency()
    }

    /// The output changed size (window resize, or a new headless target): pages are decoded anew at the new size.
    public func resize(renderer newRenderer: Renderer? = nil, at time: Double) throws {
        let size = try (newRenderer ?? renderer).outputSize
        record(pager.handle(.resize(Viewport(width: Double(size.width), height: Double(size.height))), at: time), at: time)
        let box = Self.pageBox(for: size)
        // Textures belong to their renderer, and each page is decoded at its drawn size: either change starts afresh.
        if newRenderer != nil || box != store.box {
            store.reset(box: box, renderer: newRenderer)
            thumbnails.removeAll()
            residency = ResidencyTracker()
        }
        renderer = newRenderer ?? renderer
        updateResidency()
    }

    // MARK: Feed

    /// Records pager events for the trace and starts a feed request when the pager asks for one.
    private func record(_ pagerEvents: [PagerEvent], at time: Double) {
        events += pagerEvents.map(\.traceName)
        if pagerEvents.contains(.needsMorePages) { feedSource.request(at: time) }
    }

    private func retryFeed(at time: Double) {
        guard mode == .feed, feedState == .failed else { return }
        record(pager.retryPageLoad(), at: time)
    }

    /// Takes the feed's answer, if one is ready: new pages go at the end (the page shown never moves).
    private func receiveFeed(at time: Double) {
        guard let response = feedSource.poll(at: time) else { return }
        events.append(response.traceName)
        switch response {
        case .appended(let items) where !items.isEmpty:
            let photos = items.map { item in
                switch item {
                case .photo(let index): index
                case .file(let path): library.append(.file(path: path))
                }
            }
            store.library = library
            thumbnails.library = library
            feedPages.append(photos)
            feedFailure = nil
            if mode == .feed {
                record(pager.appendPages(photos.count, at: time), at: time)
            } else {
                feedLoadState = .idle
            }
        case .appended, .failed:
            if case .failed(let reason) = response { feedFailure = reason } else { feedFailure = "no new pages" }
            if mode == .feed {
                record(pager.failPageLoad(at: time), at: time)
            } else {
                feedLoadState = .failed
            }
        }
    }

    /// When the feed's answer is due on the caller's clock, so an idle window can wake for it.
    public var nextWakeTime: Double? { feedSource.dueTime }

    /// Whether the feed waits on the real world (a folder, a command), which a headless run must wait for too.
    public var waitsOnRealTimeFeed: Bool { feedState == .loading && feedSource.answersInRealTime }

    /// Waits up to `seconds` of real time for the feed's answer (headless runs).
    public func waitForFeed(upTo seconds: Double) {
        feedSource.waitForAnswer(upTo: seconds)
    }

    // MARK: Frames

    /// Moves animations to `time`, takes the feed's answer, and asks for the pages that will be needed.
    public func advance(to time: Double) {
        now = max(now, time)
        record(pager.advance(to: time), at: time)
        receiveFeed(at: time)
        updateResidency()
    }

    private func updateResidency() {
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
            store.apply(ResidencyPlan(required: Self.unique(plan.required.map(photo(ofPage:)))))
        }
    }

    private static func unique(_ values: [Int]) -> [Int] {
        var seen = Set<Int>()
        return values.filter { seen.insert($0).inserted }
    }

    /// Takes finished decodes; uploads at most `uploadBudget` page textures (all when nil) and every finished
    /// thumbnail. Returns whether the screen changed.
    @discardableResult
    public func receiveDecodes(uploadBudget: Int?) throws -> Bool {
        let pages = try store.receive(uploadBudget: uploadBudget)
        let rows = try thumbnails.receive(renderer: renderer)
        return pages || rows
    }

    /// Whether the feed's spinner is on screen (it turns, so frames must follow).
    private var spinnerIsVisible: Bool {
        mode == .feed && feedState != .failed && pager.visibleSlots().contains { $0.content == .feedEnd }
    }

    /// Whether another frame must follow without waiting for input.
    public var needsFrame: Bool { pager.isAnimating || store.hasPendingUploads || spinnerIsVisible }

    /// Decodes requested and not back yet (pages and thumbnails).
    public var pendingDecodes: Int { store.pendingCount + thumbnails.pendingCount }

    /// Draws the frame (the caller presents it).
    public func render() throws {
        if mode == .wheel {
            try wheelPainter.paint(
                pager: pager, direction: wheelDirection, library: library, thumbnails: thumbnails, renderer: renderer)
            return
        }
        let feedEnd: FeedEndContent =
            feedState == .failed ? .failed(reason: feedFailure ?? "unknown reason") : .loading
        try painter.paint(
            pager: pager, store: store, renderer: renderer, photo: photo(ofPage:), feedEnd: feedEnd, time: now)
    }

    /// The window title: `i / N — file name`.
    public var title: String {
        let page = pager.currentPage
        return "\(page + 1) / \(pager.pageCount) — \(library.name(forPage: photo(ofPage: page)))"
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
            textureBytes: store.textureBytes + thumbnails.byteCount, frameMilliseconds: frameMilliseconds,
            pages: pager.pageCount, velocity: pager.velocity, offsetPixels: pager.offset, decoded: store.decodedCount,
            pending: pendingDecodes, events: events, feedState: mode == .feed ? feedState.traceName : nil,
            row: mode == .wheel ? pager.currentPage : nil)
    }

    /// The logical page in each slot of the strip; for strips longer than 32 slots, the three around the centre.
    private func traceSlots() -> [Int] {
        let topology = pager.topology
        let slots: ClosedRange<Int>
        if topology.slotCount <= 32 {
            slots = 0...(topology.slotCount - 1)
        } else {
            let centre = Int((pager.slotPosition + 0.5).rounded(.down))
            slots = (centre - 1)...(centre + 1)
        }
        return slots.map { TraceRecord.slotValue(for: topology.content(ofSlot: $0)) }
    }
}
