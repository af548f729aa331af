import PagerEngine
import Support

/// The gallery's state machine without SDL: the screen shown (a pager, the wheel or the grid, `Screen`), the feed's
/// pages and request state, the gesture arena and the zoom, the key commands and the typed number, the slideshow, the
/// overlays' state (information fade, panel, help), fullscreen and quit requests.
///
/// Time is always an argument, and what only the adapter knows comes in as one value (`facts`). A step decides
/// everything it can and returns the `GalleryEffect`s its adapter carries out in the world (trace lines, decodes,
/// flights, actions, file work); none of them comes back in, so the model is tested without a renderer.
/// `GalleryController` is its SDL adapter.
public struct GalleryModel: Sendable {
    /// What shows: a pager, the wheel or the grid, each with its own state.
    public internal(set) var screen: Screen
    /// The window's size and scale, which every screen is laid out in.
    public internal(set) var viewport: Viewport
    /// The pager's physics, for each pager the screen builds.
    let configuration: PagerConfiguration
    /// What the adapter knows this frame: decoded photos' fits, where the last frame drew what a click can hit.
    public var facts = FrameFacts()
    /// The slideshow's clock and pauses.
    public internal(set) var slideshow: SlideshowPolicy
    /// Digits typed before G or Enter.
    public private(set) var countPrefix = CountPrefix()
    /// Which way the wheel's arc bulges (D flips it).
    public private(set) var wheelDirection = WheelDirection.clockwise
    /// When the page information ("3 / 12 — name · mode") was last shown.
    public internal(set) var infoShownAt: Double?
    /// What the page information says once more until it fades: an action that failed, what a change of the library
    /// did ("2 files dropped: cannot be shown").
    public internal(set) var notice: String?
    /// Whether the information panel (I) shows.
    public private(set) var showsInfoPanel = false
    /// Whether the status bar shows along the bottom edge (B); the information's fade is unchanged either way.
    public private(set) var showsStatusBar = false
    /// Whether the help lists the keys over the dimmed photo (F1).
    public private(set) var showsHelp = false
    /// The help's lines for the keys: `KeyMap`'s, and what the configuration file changed (`setKeyBindings`).
    public internal(set) var keyHelpLines = KeyMap.helpLines
    /// The photos marked (`m`), by photo: their count is `marks.count`.
    public internal(set) var marks = PhotoMarks()
    /// The first help line shown when the help is longer than the window.
    public private(set) var helpScroll = 0
    /// Fullscreen toggles asked for and not yet carried out by the window.
    private var fullscreenToggles = 0
    /// Whether the window fills the screen (the model's own toggles: F, F11, a double-click); Escape leaves it first.
    public internal(set) var isFullscreen = false
    /// Whether a quit was asked for (Q, Escape from the plain pager, a script's quit).
    public internal(set) var quitRequested = false
    /// Photos in the library: the opened ones, then the files a feed added.
    public internal(set) var photoCount: Int
    /// Which photo each feed page shows; kept while other modes show, so the feed comes back as it was.
    public internal(set) var feedPages: FeedPages
    /// The feed's request state while other modes show (the feed topology holds it while the feed shows).
    var feedStateAside = FeedLoadState.idle
    /// Why the last feed request failed, for the retry page.
    public internal(set) var feedFailure: String?
    /// What the feed's end page says while it waits, when its source waits on something the user should know of
    /// ("Waiting for photos in DIR" for a watched folder); nil: "Loading more…".
    public var feedWaitingNote: String?
    /// The feed page shown when the feed was left, to come back near it.
    var lastFeedPage: PageIndex = 0
    /// The zoom of the photo on screen and its pan.
    public internal(set) var zoom = ZoomModel()
    /// How each photo turned or mirrored (`<` `>` `|` `_`) is shown, kept while the gallery runs; upright photos are
    /// not listed.
    public internal(set) var orientations: [PhotoID: ViewOrientation] = [:]
    /// Whether a page turn keeps the zoom (`z`, `--keep-zoom`): nsxiv's habit, feh's `--keep-zoom-vp`.
    public internal(set) var keepsZoom = false
    /// The zoom a page turn carried away while `keepsZoom`, until the photo arrived at is decoded and takes it.
    public internal(set) var carriedZoom: CarriedZoom?
    /// Views remembered across restarts (`--remember`).
    var recall = ViewRecall()
    /// Whether the grid shows each photo's file name under its thumbnail (`c`).
    public internal(set) var showsGridNames = false
    /// How each photo arrived at first fills the page (`--fit`, `e`).
    public internal(set) var fitMode = FitMode.fit
    /// The photo the fit mode was last shown on (or left alone for): the zoom keys change it until the next photo.
    var fitModePhoto: PhotoID?
    /// The gesture arena's recognisers: the tap, the touchpad, the wheel's notches.
    var gestures: GestureRecognisers
    /// The latest time seen, for what is drawn as a function of time (the spinner, the information's fade, the zoom).
    public internal(set) var now = 0.0
    /// The animation of the photo on screen, if it animates (`showAnimation`).
    public internal(set) var animation: AnimationPlayback?
    /// Whether the window is hidden or minimised (animations hold still meanwhile).
    var windowHidden = false
    /// The grid's thumbnail size step, kept while other modes show.
    var gridSizeStep = GridLayout.defaultSizeStep
    /// A press on a photo at fit that may become, or is, a drag down to the grid (`GalleryModel+Dismiss`).
    public internal(set) var dismiss: DismissDrag?
    /// The grid a drag down goes back to, laid out as it will open, while the drag shows it behind the photo.
    public internal(set) var dismissGrid: GridModel?

    /// Seconds between slides when S starts a slideshow without `--slideshow`.
    public static let defaultSlideshowInterval = 5.0
    /// Photos a PageUp or PageDown jumps (nsxiv's `[` and `]`).
    public static let pageJump = 10
    /// Seconds and pixels within which two clicks make a double-click.
    public static let doubleClick = (seconds: 0.4, pixels: 6.0)
    /// Page dots show for galleries up to this many pages.
    public static let maxDots = 20

    /// A model of `photoCount` photos in `mode` on `viewport`, showing `startPage` (clamped into range); a slideshow of
    /// `slideshowInterval` seconds runs from the start when given. The page information shows from time 0.
    public init(
        photoCount: Int, mode: GalleryMode, startPage: Int = 0, viewport: Viewport,
        configuration: PagerConfiguration = .standard, slideshowInterval: Double? = nil
    ) {
        let start = min(max(startPage, 0), max(photoCount - 1, 0))
        self.photoCount = photoCount
        self.viewport = viewport
        self.configuration = configuration
        feedPages = FeedPages(initialCount: photoCount)
        gestures = GestureRecognisers(
            tap: TapRecognizer(slop: configuration.dragSlop),
            touchpad: TouchpadScroll(originX: viewport.width / 2, originY: viewport.height / 2),
            fingers: TouchpadFingers(originX: viewport.width / 2, originY: viewport.height / 2))
        slideshow = SlideshowPolicy(interval: slideshowInterval ?? Self.defaultSlideshowInterval)
        let returnTo = InitialMode.mode(photoCount: photoCount).topology ?? .bounded
        switch mode.topology {
        case .feed?:
            screen = .pager(
                Pager(
                    topology: FeedTopology(pageCount: feedPages.count, startPage: start), viewport: viewport,
                    configuration: configuration))
        case .wheel?:
            screen = .wheel(
                Pager(
                    topology: WheelTopology(rowCount: photoCount, startRow: start), viewport: viewport,
                    configuration: configuration), returnTo: returnTo)
        case let kind?:
            screen = .pager(
                Pager(
                    topology: kind.makeTopology(pageCount: photoCount, startPage: start), viewport: viewport,
                    configuration: configuration))
        case nil:
            screen = .grid(
                Self.grid(on: PhotoID(start), viewport: viewport, sizeStep: gridSizeStep, photoCount: photoCount),
                returnTo: returnTo)
        }
        if slideshowInterval != nil { slideshow.start(at: 0) }
        // A slideshow would turn pages nobody sees.
        if case .grid = screen { slideshow.stop() }
        infoShownAt = 0
    }

    // MARK: Reading

    /// The mode shown now.
    public var mode: GalleryMode { screen.mode }

    /// The pager shown (the pager modes and the wheel); nil in the grid, which has none.
    public var pager: Pager? { screen.pager }

    /// The grid, while it shows.
    public var grid: GridModel? { screen.grid }

    /// The pager mode the wheel and the grid open a photo in: the one used before them; the pager's own in a pager.
    public var pagerMode: TopologyKind {
        switch screen {
        case .pager(let pager): pager.topology.kind
        case .wheel(_, let back), .grid(_, let back): back
        }
    }

    /// The logical page at the centre: the pager's, or in the grid the selected photo's number.
    public var currentPage: PageIndex {
        switch screen {
        case .pager(let pager), .wheel(let pager, _): pager.currentPage
        case .grid(let grid, _): PageIndex(grid.selection.rawValue)
        }
    }

    /// The wheel's row at the centre while the wheel shows (the trace names it), nil in the other modes.
    public var wheelRow: Int? {
        guard case .wheel(let pager, _) = screen else { return nil }
        return pager.currentPage.rawValue
    }

    /// Pages there are: the pager's, or in the grid the photos.
    public var pageCount: Int { pager?.pageCount ?? photoCount }

    /// What the pager is doing; the grid is always `.idle` (its scroll is its own).
    public var phase: PagerPhase { pager?.phase ?? .idle }

    /// The photo at the centre: the current page's, or the grid's selection.
    public var currentPhoto: PhotoID { photo(ofPage: currentPage) }

    /// The photo queued key presses are heading for (marks and actions take it), else the one at the centre; the
    /// grid's selection.
    public var targetPhoto: PhotoID {
        guard let pager else { return currentPhoto }
        return photo(ofPage: pager.commandTargetPage ?? pager.currentPage)
    }

    /// The photo (library index) a logical page shows: itself, except in the feed.
    public func photo(ofPage page: PageIndex) -> PhotoID {
        screen.isFeed && page.rawValue < feedPages.count ? feedPages.photo(atPage: page) : PhotoID(page.rawValue)
    }

    /// Runs `body` on the pager shown and keeps what it did; nil in the grid.
    @discardableResult
    mutating func withPager<Result>(_ body: (inout Pager) -> Result) -> Result? {
        switch screen {
        case .pager(var pager):
            let result = body(&pager)
            screen = .pager(pager)
            return result
        case .wheel(var pager, let back):
            let result = body(&pager)
            screen = .wheel(pager, returnTo: back)
            return result
        case .grid: return nil
        }
    }

    /// Runs `body` on the grid and keeps what it did; nil outside the grid.
    @discardableResult
    mutating func withGrid<Result>(_ body: (inout GridModel) -> Result) -> Result? {
        guard case .grid(var grid, let back) = screen else { return nil }
        let result = body(&grid)
        screen = .grid(grid, returnTo: back)
        return result
    }

    // MARK: Modes

    /// Switches the arrangement at any moment (mid-drag, mid-fling, while the feed loads), opening on `requested`: by
    /// default where queued key presses were heading, else the photo at the centre now. Returns what the adapter does
    /// (nothing when nothing changed: the same mode, no photo asked for).
    public mutating func switchMode(to kind: GalleryMode, at time: Double, showing requested: PhotoID?)
        -> [GalleryEffect]
    {
        switchMode(to: kind, at: time, showing: requested, droppedAt: nil)
    }

    /// `switchMode(to:at:showing:)`, the page shown flying into its grid cell from `pose` when a drag down let go of
    /// it there.
    mutating func switchMode(
        to kind: GalleryMode, at time: Double, showing requested: PhotoID?, droppedAt pose: DismissPose?
    )
        -> [GalleryEffect]
    {
        guard kind != mode || requested != nil else { return [] }
        // With no photos yet (an empty watched folder) only the feed has pages to show: its spinner.
        guard kind == .feed || photoCount > 0 else { return [] }
        let left = mode
        let photo = requested ?? targetPhoto
        // The page shown flies back into its cell when a pager gives way to the grid on it.
        let leaving = pager.flatMap { pager -> Int? in
            pager.visibleSlots().first { visible in
                if case .page(let page) = visible.content { return self.photo(ofPage: page) == currentPhoto }
                return false
            }?.slot
        }
        let flight = (photo: currentPhoto, slot: leaving, pose: pose)
        if left == .feed, let pager {
            lastFeedPage = pager.currentPage
            feedStateAside = feedState
        }
        let back = pagerMode
        switch kind.topology {
        case nil:
            screen = .grid(makeGrid(on: photo), returnTo: back)
            // A slideshow would turn pages nobody sees.
            slideshow.stop()
        case .feed?:
            let page = feedPages.page(showing: photo, near: lastFeedPage) ?? lastFeedPage
            screen = .pager(
                makePager(
                    FeedTopology(pageCount: feedPages.count, startPage: page.rawValue, loadState: feedStateAside),
                    at: time))
        case .wheel?:
            screen = .wheel(
                makePager(WheelTopology(rowCount: photoCount, startRow: photo.rawValue), at: time), returnTo: back)
        case let topology?:
            // Outside the feed page p shows photo p.
            screen = .pager(
                makePager(topology.makeTopology(pageCount: photoCount, startPage: photo.rawValue), at: time))
        }
        gestures.tap.cancel()
        zoom.reset()
        carriedZoom = nil
        endDismiss()
        showInfo(at: time)
        var effects: [GalleryEffect] = []
        if kind == .grid, left != .wheel, grid?.selection == flight.photo {
            effects.append(.zoomIntoGrid(photo: flight.photo, slot: flight.slot, from: flight.pose))
        }
        return effects + [.screenChanged(left: left), .sharpen]
    }

    /// A pager of `topology` in the window, at `time`.
    private func makePager(_ topology: some PageTopology, at time: Double) -> Pager {
        Pager(topology: topology, viewport: viewport, configuration: configuration, time: time)
    }

    /// The window became `viewport` (a resize, a new scale): the screen lays out again; a touchpad stream under way
    /// lifts its virtual finger first, since the scroll that follows could never release it, leaving the pager
    /// dragging for good; a drag down measured against the old size ends; the zoom goes back to fit.
    public mutating func resize(to viewport: Viewport, at time: Double) -> [GalleryEffect] {
        var effects = gestures.touchpad.add(dx: 0, dy: 0, at: time).flatMap { pointer($0, at: time) }
        effects += gestures.fingers.input(for: .lift).flatMap { pointer($0, at: time) }
        gestures.touchpad = TouchpadScroll(originX: viewport.width / 2, originY: viewport.height / 2)
        gestures.fingers = TouchpadFingers(originX: viewport.width / 2, originY: viewport.height / 2)
        self.viewport = viewport
        withGrid { $0.resize(width: Int(viewport.width), height: Int(viewport.height), scale: viewport.scale) }
        if let events = withPager({ $0.handle(.resize(viewport), at: time) }) {
            effects += noteEvents(events, at: time)
        }
        endDismiss()
        return effects
    }

    // MARK: Keys and commands

    /// A key press, with the help closed (`closeHelp()` first): carries out what it means (`command(forKey:)`).
    public mutating func key(_ key: GalleryKey, isRepeat: Bool, at time: Double) -> [GalleryEffect] {
        guard let command = command(forKey: key, isRepeat: isRepeat, at: time) else { return [] }
        return perform(command, at: time)
    }

    /// What a key press means now, nil for nothing: digits make a number that g, G or Enter jumps to (clamped to the
    /// last photo), and do nothing else; any other key forgets the number; Up and Down move the grid's selection, pan
    /// a zoomed photo or step the wheel's rows; a held key's repeats never queue more than one page beyond the one
    /// shown, so letting go stops on the next photo.
    public mutating func command(forKey key: GalleryKey, isRepeat: Bool, at time: Double) -> GalleryCommand? {
        slideshow.noteInteraction(at: time)
        countPrefix.expire(at: time)
        let command: GalleryCommand
        switch key {
        case .digit(let digit):
            if !isRepeat { countPrefix.add(digit: digit, at: time) }
            return nil
        case .scroll(let step):
            guard let scrolled = scrollCommand(step, at: time) else {
                countPrefix.clear()
                return nil
            }
            command = scrolled
        case .unbound:
            countPrefix.clear()
            return nil
        case .command(let bound):
            command = bound
        }
        let countKey = command == .first || command == .last || command == .open
        if countKey, let typed = countPrefix.take(at: time) {
            return .goToPage(PageIndex(min(max(typed, 1), max(pageCount, 1)) - 1))
        }
        // A number before x or y picks the folder: `2 x` moves to the second --move-to.
        if command == .moveTo(1) || command == .copyTo(1), let typed = countPrefix.take(at: time) {
            let folder = min(max(typed, 1), 9)
            return command == .moveTo(1) ? .moveTo(folder) : .copyTo(folder)
        }
        countPrefix.clear()
        let turns = [.next, .previous, .pan(.left), .pan(.right)].contains(command)
        if isRepeat, turns, let pager, pager.slotsAhead != 0 { return nil }
        return command
    }

    /// What Up or Down mean on the screen shown: the grid's selection moves, the wheel steps its rows as Left and
    /// Right do, a zoomed photo pans (nsxiv); a pager at fit takes none.
    private func scrollCommand(_ step: Int, at time: Double) -> GalleryCommand? {
        switch screen {
        case .grid: .pan(step < 0 ? .up : .down)
        case .wheel: step < 0 ? .previous : .next
        case .pager: zoom.shown(at: time) == nil ? nil : .pan(step < 0 ? .up : .down)
        }
    }

    /// Moves the typed number to `time`: forgotten after its timeout. Returns whether it was.
    @discardableResult
    public mutating func expireCount(at time: Double) -> Bool {
        countPrefix.expire(at: time)
    }

    /// Input other than a key (a press, the wheel, a zoom) forgets a typed number.
    public mutating func interruptCount() {
        countPrefix.clear()
    }

    /// When the typed number is forgotten, for a timed wake-up (its prompt goes).
    public var countDeadline: Double? { countPrefix.deadline }

    /// Scrolls the help by `lines` (Up, Down, the wheel while it shows), within `0…maxScroll` (the layout's, for the
    /// window's size).
    public mutating func scrollHelp(by lines: Int, maxScroll: Int) {
        helpScroll = min(max(helpScroll + lines, 0), max(maxScroll, 0))
    }

    /// Closes the help if it shows; returns whether it did (then the key that closed it does nothing else).
    public mutating func closeHelp() -> Bool {
        defer {
            showsHelp = false
            helpScroll = 0
        }
        return showsHelp
    }

    /// Carries out `command` at `time`; returns what the adapter does in the world.
    public mutating func perform(_ command: GalleryCommand, at time: Double) -> [GalleryEffect] {
        if case .grid = screen, let effects = performInGrid(command, at: time) { return effects }
        switch command {
        case .next: return move(.next, at: time)
        case .previous: return move(.previous, at: time)
        case .pageForward: return move(.goTo(page: PageIndex(targetPage.rawValue + Self.pageJump)), at: time)
        case .pageBackward: return move(.goTo(page: PageIndex(targetPage.rawValue - Self.pageJump)), at: time)
        case .first: return move(.first, at: time)
        case .last: return move(.last, at: time)
        case .goToPage(let page): return move(.goTo(page: page), at: time)
        case .goToPhoto(let photo):
            // Outside the feed page p shows photo p; in the feed, the page nearest that shows it.
            let page = screen.isFeed ? feedPages.page(showing: photo, near: currentPage) : PageIndex(photo.rawValue)
            return page.map { move(.goTo(page: $0), at: time) } ?? []
        case .mode(let kind): return switchMode(to: kind, at: time, showing: nil)
        case .quit: quitRequested = true
        case .back: return back(at: time)
        case .reload: return screen.isFeed ? [] : [.reload]
        case .cycleSort: return screen.isFeed ? [] : [.cycleSort]
        case .retry: return retryFeed(at: time)
        case .flipWheel:
            guard case .wheel = screen else { return [] }
            wheelDirection = wheelDirection == .clockwise ? .anticlockwise : .clockwise
        case .open:
            // Enter opens the wheel's row; in a pager, Enter and t open the grid on the photo (nsxiv).
            guard case .wheel(_, let back) = screen else { return switchMode(to: .grid, at: time, showing: nil) }
            return switchMode(to: GalleryMode(back), at: time, showing: currentPhoto)
        case .toggleSlideshow:
            if slideshow.isRunning { slideshow.stop() } else { slideshow.start(at: time) }
            showInfo(at: time)
        case .toggleHelp:
            showsHelp.toggle()
            helpScroll = 0
        case .toggleAnimation: animation?.togglePause(at: time)
        case .nextFrame: animation?.step(1, at: time)
        case .previousFrame: animation?.step(-1, at: time)
        case .toggleInfoPanel: showsInfoPanel.toggle()
        case .toggleStatusBar:
            showsStatusBar.toggle()
            return refitZoom()
        case .toggleFullscreen:
            fullscreenToggles += 1
            isFullscreen.toggle()
        case .zoomIn, .zoomOut, .zoomActualSize, .zoomToFit: return zoomKey(command, at: time)
        case .cycleFitMode: return cycleFitMode(at: time)
        case .toggleGridNames:
            showsGridNames.toggle()
            showNotice(showsGridNames ? "grid: file names shown" : "grid: file names hidden", at: time)
        case .toggleMark:
            guard photoCount > 0 else { return [] }
            // The photo queued key presses are heading for: `Right m` marks the next photo, even mid-slide.
            marks.toggle(targetPhoto)
            showInfo(at: time)
        case .invertMarks:
            marks.invert(photoCount: photoCount)
            showInfo(at: time)
        case .clearMarks:
            marks.removeAll()
            showInfo(at: time)
        case .nextMarked, .previousMarked:
            return goToMarked(forward: command == .nextMarked, at: time)
        case .orient(let change): return orient(change)
        case .pan(let direction): return panOrTurn(direction, at: time)
        case .toggleKeepZoom:
            keepsZoom.toggle()
            carriedZoom = nil
            // Said even without the status bar: the frame itself does not change.
            showNotice(keepsZoom ? "zoom kept over page turns" : "zoom not kept: each photo opens fitted", at: time)
        case .action(let number):
            guard photoCount > 0 else { return [] }
            return [.runAction(number: number, photo: targetPhoto, marked: marks.inOrder)]
        case .trash, .undoTrash, .copyPath, .openWith, .moveTo, .copyTo, .saveTurn:
            return performFileCommand(command, at: time)
        }
        return []
    }

    /// The page the pager is heading for (the grid's selection).
    private var targetPage: PageIndex { pager?.targetPage ?? currentPage }

    /// A page turn of the pager shown.
    private mutating func move(_ command: PagerCommand, at time: Double) -> [GalleryEffect] {
        guard let events = withPager({ $0.handle(.command(command), at: time) }) else { return [] }
        return noteEvents(events, at: time)
    }

    /// The pager's events: the model's own part (the page information on a page change, the zoom left behind on
    /// settling), then the adapter's (the trace, the feed's source, a stand-in).
    mutating func noteEvents(_ events: [PagerEvent], at time: Double) -> [GalleryEffect] {
        // No events, no effect: a frame's step that moved nothing asks for no frame (`GalleryController.advance`).
        var effects: [GalleryEffect] = events.isEmpty ? [] : [.pagerEvents(events)]
        for event in events {
            switch event {
            case .pageChanged: showInfo(at: time)
            case .settled(let page):
                if resetZoomIfLeft(settledOn: page) { effects.append(.sharpen) }
                noteArrival()
                effects += takeCarriedZoom() + takeRememberedZoom() + takeFitMode()
            default: break
            }
        }
        return effects
    }

    /// One frame's step to `time`: the touchpad's virtual finger lifts when its stream went quiet, a typed number
    /// expires, the grid's scroll, the pager, the zoom and the drag down's spring back move on, and a zoom carried over
    /// a page turn goes to the photo arrived at once it is decoded.
    public mutating func advance(to time: Double) -> [GalleryEffect] {
        noteTime(time)
        var effects: [GalleryEffect] = []
        if let release = gestures.touchpad.expire(at: time) { effects += pointer(release.input, at: release.time) }
        expireCount(at: time)
        withGrid { $0.advance(to: time) }
        if let events = withPager({ $0.advance(to: time) }) { effects += noteEvents(events, at: time) }
        effects += advanceZoom(to: time)
        advanceDismiss(to: time)
        return effects + takeCarriedZoom() + takeRememberedZoom() + takeFitMode()
    }

    /// Turns the slideshow's page when it is due, as the Right key would.
    public mutating func advanceSlideshow(to time: Double) -> [GalleryEffect] {
        guard slideshow.shouldAdvance(at: time) else { return [] }
        return perform(.next, at: time)
    }

    /// Whether something moves by itself at `time`: the pager, the grid's scroll, the zoom, a drag down springing
    /// back (frames must follow).
    public func isMoving(at time: Double) -> Bool {
        (pager?.isAnimating ?? false) || gridIsAnimating(at: time) || zoom.isMoving || dismissIsReturning
    }

    /// A click on the page (not on a dot, the feed's retry page or the wheel) at (x, y): carries out what it means
    /// (`tapMeaning`).
    mutating func clickThirds(x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        switch tapMeaning(x: x, y: y, at: time) {
        case .turn(let command)?: perform(command, at: time)
        case .toggleActualSize(let x, let y)?: toggleActualSize(atX: x, y: y, at: time)
        case nil: []
        }
    }

    /// What a click on the page at (x, y) means: the left and right thirds turn the page, each click, however quick;
    /// a double-click in the middle third zooms to 100 % and back; nil for a first click in the middle.
    public mutating func tapMeaning(x: Double, y: Double, at time: Double) -> TapMeaning? {
        let previous = gestures.lastClick
        let side: GalleryCommand? = SceneLayout.turn(atX: x, width: viewport.width).map {
            $0 < 0 ? .previous : .next
        }
        // A click on a side third is never the first half of a double-click.
        gestures.lastClick = side == nil ? (time, x, y) : nil
        if let side { return .turn(side) }
        guard let previous, time - previous.time <= Self.doubleClick.seconds,
            abs(previous.x - x) <= Self.doubleClick.pixels, abs(previous.y - y) <= Self.doubleClick.pixels
        else { return nil }
        gestures.lastClick = nil
        return .toggleActualSize(x: x, y: y)
    }

    /// Says whether the window fills the screen without asking the window to change (`--fullscreen`, a gallery made
    /// again for dropped files), so Escape leaves full screen first.
    public mutating func setFullscreen(_ fills: Bool) {
        isFullscreen = fills
    }

    /// Takes the fullscreen toggles asked for since the last call (F, F11, a double-click): odd means toggle.
    public mutating func takeFullscreenToggle() -> Bool {
        defer { fullscreenToggles = 0 }
        return fullscreenToggles % 2 == 1
    }

    /// The marks as the page information shows them: "marked (3 in all)" when the current photo is marked, "3 marked"
    /// when others are, nil with no marks.
    public var markText: String? {
        guard marks.count > 0 else { return nil }
        return marks.contains(currentPhoto) ? "marked (\(marks.count) in all)" : "\(marks.count) marked"
    }

    /// Moves the clock the model draws by (fades, zoom animations) to `time`, never back.
    public mutating func noteTime(_ time: Double) {
        now = max(now, time)
    }
}
