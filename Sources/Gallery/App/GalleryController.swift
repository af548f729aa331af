import GalleryCore
import PagerEngine

/// The gallery on one renderer: the pager, decoded pages and drawing, shared by the window and headless runs.
///
/// Time is always an argument, so the window (performance counter) and headless runs (virtual clock)
/// drive the same code. Main thread only.
public final class GalleryController {
    /// The pages shown.
    public let library: PageLibrary
    /// The pager: which page, where, doing what.
    public private(set) var pager: Pager
    /// Events since the last `takeEvents()`, for the trace.
    private var events: [PagerEvent] = []
    private var renderer: Renderer
    private let worker: DecodeWorker
    private var store: any PageStore
    /// Bytes each page cache (decoded surfaces, textures) may hold.
    private let cacheBytes: Int
    private var residency = ResidencyTracker()
    private let painter: ScenePainter
    /// Whether a quit was asked for (Q, Escape, a script's quit).
    public private(set) var quitRequested = false

    /// Space between neighbouring pages, in pixels: half on each side of a slot.
    static let pageGap = 32

    /// Creates a gallery in `mode` on `renderer`, showing `startPage`, caching up to `cacheBytes` of decoded surfaces
    /// and as much of textures.
    public init(
        library: PageLibrary, mode: TopologyKind, renderer: Renderer, worker: DecodeWorker, startPage: Int = 0,
        cacheBytes: Int = ImageOptions().cacheBytes
    ) throws {
        self.library = library
        self.renderer = renderer
        self.worker = worker
        let size = try renderer.outputSize
        let viewport = Viewport(width: Double(size.width), height: Double(size.height))
        let start = min(max(startPage, 0), max(library.count - 1, 0))
        pager = Pager(topology: mode.makeTopology(pageCount: library.count, startPage: start), viewport: viewport)
        painter = ScenePainter()
        self.cacheBytes = cacheBytes
        store = makePageStore(
            recyclingSlots: mode.recyclesSlots,
            decodes: PageDecodes(worker: worker, library: library, box: Self.pageBox(for: size)),
            renderer: renderer, cacheBytes: cacheBytes)
        updateResidency()
    }

    /// The box a page is fitted into: the viewport less the gap.
    static func pageBox(for size: PixelSize) -> PixelSize {
        PixelSize(width: max(size.width - pageGap, 1), height: max(size.height - pageGap, 1))
    }

    /// The arrangement shown now.
    public var mode: TopologyKind { pager.topology.kind }

    // MARK: Input

    /// Applies pointer input at `time` (pixels of the renderer's output).
    public func handle(_ input: PagerInput, at time: Double) {
        events += pager.handle(input, at: time)
    }

    /// Carries out a key's command at `time`.
    public func perform(_ command: GalleryCommand, at time: Double) {
        switch command {
        case .next, .pageForward: handle(.command(.next), at: time)
        case .previous, .pageBackward: handle(.command(.previous), at: time)
        case .first: handle(.command(.first), at: time)
        case .last: handle(.command(.last), at: time)
        case .goTo(let page): handle(.command(.goTo(page: page)), at: time)
        case .mode(let kind): switchMode(to: kind, at: time)
        case .quit: quitRequested = true
        case .retry, .toggleSlideshow, .toggleHelp: break  // Feed, slideshow and help come with the modes issue.
        }
    }

    /// Switches the arrangement, keeping the logical page.
    public func switchMode(to kind: TopologyKind, at time: Double) {
        guard Self.availableModes.contains(kind), kind != mode else { return }
        let page = pager.currentPage
        pager = Pager(
            topology: kind.makeTopology(pageCount: library.count, startPage: page), viewport: pager.viewport,
            configuration: pager.configuration, time: time)
        if kind.recyclesSlots != store.recyclesSlots {
            store.reset(box: store.box, renderer: nil)
            store = makePageStore(
                recyclingSlots: kind.recyclesSlots, decodes: store.decodes, renderer: renderer, cacheBytes: cacheBytes)
        }
        residency = ResidencyTracker()
        updateResidency()
    }

    /// The modes this window offers (feed and wheel arrive with their own issue).
    public static let availableModes: [TopologyKind] = [.bounded, .endCaps, .threeSurfaces]

    /// The output changed size (window resize, or a new headless target): pages are decoded anew at the new size.
    public func resize(renderer newRenderer: Renderer? = nil, at time: Double) throws {
        let size = try (newRenderer ?? renderer).outputSize
        events += pager.handle(.resize(Viewport(width: Double(size.width), height: Double(size.height))), at: time)
        let box = Self.pageBox(for: size)
        // Textures belong to their renderer, and each page is decoded at its drawn size: either change starts afresh.
        if newRenderer != nil || box != store.box {
            store.reset(box: box, renderer: newRenderer)
            residency = ResidencyTracker()
        }
        renderer = newRenderer ?? renderer
        updateResidency()
    }

    // MARK: Frames

    /// Moves animations to `time` and asks for the pages that will be needed.
    public func advance(to time: Double) {
        events += pager.advance(to: time)
        updateResidency()
    }

    private func updateResidency() {
        let pagesPerSecond = pager.velocity / pager.extent
        if let plan = residency.update(
            logicalPosition: pager.logicalPosition, velocity: pagesPerSecond, pageCount: pager.pageCount,
            wraps: mode.wraps)
        {
            store.apply(plan)
        }
    }

    /// Takes finished decodes; uploads at most `uploadBudget` textures (all when nil). Returns whether the screen changed.
    @discardableResult
    public func receiveDecodes(uploadBudget: Int?) throws -> Bool {
        try store.receive(uploadBudget: uploadBudget)
    }

    /// Whether another frame must follow without waiting for input.
    public var needsFrame: Bool { pager.isAnimating || store.hasPendingUploads }

    /// Decodes requested and not back yet.
    public var pendingDecodes: Int { store.pendingCount }

    /// Draws the frame (the caller presents it).
    public func render() throws {
        try painter.paint(pager: pager, store: store, renderer: renderer)
    }

    /// The window title: `i / N — file name`.
    public var title: String {
        let page = pager.currentPage
        return "\(page + 1) / \(pager.pageCount) — \(library.name(forPage: page))"
    }

    /// The events since the last call.
    public func takeEvents() -> [PagerEvent] {
        defer { events.removeAll() }
        return events
    }

    /// The trace record of the frame just drawn.
    public func traceRecord(time: Double, frameMilliseconds: Double, events: [PagerEvent]) -> TraceRecord {
        TraceRecord(
            t: time, mode: mode, page: pager.currentPage, position: pager.logicalPosition,
            phase: pager.phase.rawValue, slots: traceSlots(), textures: store.textureCount,
            textureBytes: store.textureBytes, decodedBytes: store.decodedBytes, frameMilliseconds: frameMilliseconds, pages: pager.pageCount,
            velocity: pager.velocity, offsetPixels: pager.offset, decoded: store.decodedCount,
            pending: store.pendingCount, events: events.map(\.traceName))
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
