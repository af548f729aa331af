/// A paged strip driven by timestamped input: physics, paging policy and looping, with no clock and no I/O.
///
/// `handle(_:at:)` and `advance(to:)` take the time as an argument and return what happened, so the
/// same input gives the same path at any frame rate. Positions are offsets in pixels along the paging
/// axis, in slot space: slot `i` is centred on the viewport when `offset == i · extent`.
public struct Pager: Sendable {
    /// How slots map to logical pages; replaced only by feed appends and failures.
    public internal(set) var topology: any PageTopology
    /// The tuned constants.
    public let configuration: PagerConfiguration
    /// The area the pager fills.
    public internal(set) var viewport: Viewport
    /// The displayed offset of the viewport centre, in pixels of slot space.
    public internal(set) var offset: Double
    /// The displayed velocity, in px/s (positive toward later slots).
    public internal(set) var velocity: Double = 0
    /// The time of the latest `handle` or `advance` call, in seconds.
    public internal(set) var time: Double
    var motion: Motion = .resting
    var reportedPage: PageIndex
    /// The photo left behind by a far jump, shown beside its target until the strip comes to rest.
    var standIn: SlotStandIn?

    /// Creates a pager at rest on the topology's start slot.
    public init(
        topology: some PageTopology, viewport: Viewport, configuration: PagerConfiguration = .standard,
        time: Double = 0
    ) {
        self.topology = topology
        self.viewport = viewport
        self.configuration = configuration
        self.time = time
        self.offset = 0
        self.reportedPage = 0
        self.offset = Double(topology.startSlot) * extent
        self.reportedPage = currentPage
    }

    // MARK: Reading the state

    /// What the pager is doing.
    public var phase: PagerPhase { motion.phase }

    /// Whether a frame must follow (an animation runs); when false the app may sleep.
    public var isAnimating: Bool {
        switch motion {
        case .settling, .gliding: true
        case .resting, .pressing: false
        }
    }

    /// Pixels per slot along the paging axis: the viewport width, or a wheel row.
    public var extent: Double {
        topology.axis == .vertical ? viewport.height / wheelRowsPerViewport : viewport.width
    }

    /// How many wheel rows fill the viewport's height: `wheelRowsPerViewport`, fewer when rows would be shorter than
    /// `wheelMinimumRowHeight` points at the viewport's scale, and at least one.
    public var wheelRowsPerViewport: Double {
        let roomy = viewport.height / (configuration.wheelMinimumRowHeight * viewport.scale)
        return max(min(configuration.wheelRowsPerViewport, roomy), 1)
    }

    /// The viewport's size along the paging axis (the rubber band's dimension d).
    var axisDimension: Double { topology.axis == .vertical ? viewport.height : viewport.width }

    /// The offset in slots.
    public var slotPosition: Double { offset / extent }

    /// The logical page coordinate of the viewport centre: in `[0, N)` in loops, past the ends while a bounded end stretches.
    public var logicalPosition: Double { topology.logicalPosition(atSlotPosition: slotPosition) }

    /// The number of logical pages.
    public var pageCount: Int { topology.pageCount }

    /// The logical page at the viewport centre, always in `0..<pageCount`.
    public var currentPage: PageIndex { page(atSlot: nearestSlot(to: offset)) }

    /// What the slot at the viewport centre shows: a page, or the feed's end page (the spinner or the retry prompt).
    public var currentContent: SlotContent { content(ofSlot: nearestSlot(to: offset)) }

    /// The slot a settle is heading for, if one runs.
    public var targetSlot: Int? {
        if case .settling(let settle) = motion { return settle.targetSlot }
        if case .gliding(let glide) = motion { return glide.snapSlot }
        return nil
    }

    /// The logical page a settle is heading for, or the current page at rest.
    public var targetPage: PageIndex { targetSlot.map(page(atSlot:)) ?? currentPage }

    /// The page that queued commands (keys, the slideshow) are heading for; `nil` unless a command moves the strip.
    public var commandTargetPage: PageIndex? {
        guard case .settling(let settle) = motion, settle.isCommand else { return nil }
        return page(atSlot: settle.targetSlot)
    }

    /// How many slots a running settle still has to go beyond the slot shown now (negative going back).
    public var slotsAhead: Int { targetSlot.map { $0 - nearestSlot(to: offset) } ?? 0 }

    /// The page a far jump left behind, shown beside its target while the strip slides; `nil` otherwise.
    public var standInPage: PageIndex? { standIn?.page }

    /// What `slot` shows now: the topology's content, or the page a far jump left behind.
    public func content(ofSlot slot: Int) -> SlotContent {
        if let standIn, standIn.slot == slot { return .page(standIn.page) }
        return topology.content(ofSlot: slot)
    }

    /// The slot nearest to an offset, clamped into the resting slots where the strip ends.
    func nearestSlot(to offset: Double) -> Int {
        let nearest = Int(saturating: (offset / extent + 0.5).rounded(.down))
        return clampToRestingSlots(nearest)
    }

    func clampToRestingSlots(_ slot: Int) -> Int {
        guard let resting = topology.restingSlots else { return slot }
        return min(max(slot, resting.lowerBound), resting.upperBound)
    }

    /// The logical page a slot stands for: its page, the last page for the feed's end, clamped otherwise.
    func page(atSlot slot: Int) -> PageIndex {
        switch content(ofSlot: slot) {
        case .page(let page): return page
        case .feedEnd: return PageIndex(max(0, topology.pageCount - 1))
        case .empty:
            let position = topology.logicalPosition(atSlotPosition: Double(slot))
            let rounded = Int(saturating: (position + 0.5).rounded(.down))
            return PageIndex(min(max(rounded, 0), max(0, topology.pageCount - 1)))
        }
    }

    // MARK: Driving it

    /// Applies one input at `time` and returns what happened.
    public mutating func handle(_ input: PagerInput, at time: Double) -> [PagerEvent] {
        var events: [PagerEvent] = []
        switch input {
        case .pointerDown(let x, let y):
            self.time = max(self.time, time)
            pointerDown(at: axisCoordinate(x: x, y: y), time: time)
        case .pointerMove(let x, let y):
            self.time = max(self.time, time)
            pointerMove(to: axisCoordinate(x: x, y: y), time: time, events: &events)
        case .pointerUp(let x, let y):
            step(to: time, events: &events)
            pointerUp(at: axisCoordinate(x: x, y: y), time: time, events: &events)
        case .pointerCancel:
            step(to: time, events: &events)
            pointerCancel(time: time, events: &events)
        case .command(let command):
            step(to: time, events: &events)
            perform(command, time: time, events: &events)
        case .resize(let newViewport):
            step(to: time, events: &events)
            resize(to: newViewport, time: time)
        }
        afterMove(events: &events)
        return events
    }

    /// Moves animations to `time` and returns what happened; the app calls it once per frame.
    public mutating func advance(to time: Double) -> [PagerEvent] {
        var events: [PagerEvent] = []
        step(to: time, events: &events)
        afterMove(events: &events)
        return events
    }

    func axisCoordinate(x: Double, y: Double) -> Double {
        topology.axis == .vertical ? y : x
    }

    /// Re-bases, asks the topology for its events and reports a page change: the tail of every call.
    mutating func afterMove(events: inout [PagerEvent]) {
        rebaseIfNeeded(events: &events)
        events += topology.events(atSlotPosition: slotPosition)
        let page = currentPage
        if page != reportedPage {
            events.append(.pageChanged(from: reportedPage, to: page))
            reportedPage = page
        }
    }
}
