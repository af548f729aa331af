import PagerEngine

/// The gallery's state machine without SDL: the pager and the arrangement shown, the feed's pages and request state,
/// the gesture arena (zoom pan, page drag, tap, double-tap) and the zoom, the key commands and the typed number, the slideshow, the wheel's direction, the overlays' state (information
/// fade, panel, help), fullscreen and quit requests.
///
/// Time is always an argument. A step returns the `GalleryEffect`s its adapter carries out in order (the parts that
/// need decoded pictures, the feed's source or the renderer); everything else it changes here, so the model is tested
/// without a renderer. `GalleryController` is its SDL adapter.
public struct GalleryModel: Sendable {
    /// The pager: which page, where, doing what.
    public var pager: Pager
    /// The slideshow's clock and pauses.
    public var slideshow: SlideshowPolicy
    /// Digits typed before G or Enter.
    public private(set) var countPrefix = CountPrefix()
    /// Which way the wheel's arc bulges (D flips it).
    public private(set) var wheelDirection = WheelDirection.clockwise
    /// The pager mode the wheel and the grid open a photo in: the one used before them.
    public var pagerMode: TopologyKind
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
    /// When the last click landed, and where, to recognise a double-click.
    private var lastClick: (time: Double, x: Double, y: Double)?
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
    /// Whether a press and release make a click.
    var tap: TapRecognizer
    /// A touchpad's two-finger scroll as a virtual drag.
    var touchpad: TouchpadScroll
    /// A mouse wheel's notches as page turns.
    var wheelSteps = WheelSteps()
    /// Sideways notches grouped into swipes (SDL on X11 reports a touchpad's sideways swipe as whole notches).
    var notchBurst = NotchBurst()
    /// The latest time seen, for what is drawn as a function of time (the spinner, the information's fade, the zoom).
    public internal(set) var now = 0.0
    /// The animation of the photo on screen, if it animates (`showAnimation`).
    public internal(set) var animation: AnimationPlayback?
    /// Whether the window is hidden or minimised (animations hold still meanwhile).
    var windowHidden = false
    /// The thumbnail grid while it shows (`GalleryModel+Grid`), nil in the other modes.
    public internal(set) var grid: GridModel?
    /// Output pixels per point for the grid's layout (the window's scale).
    var gridScale = 1.0
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
        photoCount: Int, mode: TopologyKind, startPage: Int = 0, viewport: Viewport,
        configuration: PagerConfiguration = .standard, slideshowInterval: Double? = nil
    ) {
        let start = min(max(startPage, 0), max(photoCount - 1, 0))
        self.photoCount = photoCount
        feedPages = FeedPages(initialCount: photoCount)
        let topology: any PageTopology =
            mode == .feed
            ? FeedTopology(pageCount: feedPages.count, startPage: start)
            : mode.makeTopology(pageCount: photoCount, startPage: start)
        pager = Pager(topology: topology, viewport: viewport, configuration: configuration)
        tap = TapRecognizer(slop: configuration.dragSlop)
        touchpad = TouchpadScroll(originX: viewport.width / 2, originY: viewport.height / 2)
        pagerMode = mode == .wheel || mode == .grid ? InitialMode.mode(photoCount: photoCount, requested: nil) : mode
        slideshow = SlideshowPolicy(interval: slideshowInterval ?? Self.defaultSlideshowInterval)
        if slideshowInterval != nil { slideshow.start(at: 0) }
        infoShownAt = 0
        if mode == .grid { openGrid(on: PhotoID(start)) }
    }

    /// The arrangement shown now (the grid, or the pager's).
    public var mode: TopologyKind { grid == nil ? pager.topology.kind : .grid }

    /// The photo (library index) a logical page shows: itself, except in the feed.
    public func photo(ofPage page: PageIndex) -> PhotoID {
        mode == .feed && page.rawValue < feedPages.count ? feedPages.photo(atPage: page) : PhotoID(page.rawValue)
    }

    /// Switches the arrangement at any moment (mid-drag, mid-fling, while the feed loads), opening on `requested`: by
    /// default where queued key presses were heading, else the photo at the centre now. Returns the mode left, or nil
    /// when nothing changed (the same mode, no photo asked for).
    public mutating func switchMode(to kind: TopologyKind, at time: Double, showing requested: PhotoID?)
        -> TopologyKind?
    {
        guard kind != mode || requested != nil else { return nil }
        // With no photos yet (an empty watched folder) only the feed has pages to show: its spinner.
        guard kind == .feed || photoCount > 0 else { return nil }
        let left = mode
        let photo = requested ?? grid?.selection ?? photo(ofPage: pager.commandTargetPage ?? pager.currentPage)
        if left == .feed {
            lastFeedPage = pager.currentPage
            feedStateAside = feedState
        }
        if kind == .wheel || kind == .grid, left != .wheel, left != .grid { pagerMode = left }
        let topology: any PageTopology
        if kind == .feed {
            let page = feedPages.page(showing: photo, near: lastFeedPage) ?? lastFeedPage
            topology = FeedTopology(pageCount: feedPages.count, startPage: page.rawValue, loadState: feedStateAside)
        } else {
            // Outside the feed page p shows photo p.
            topology = kind.makeTopology(pageCount: photoCount, startPage: photo.rawValue)
        }
        pager = Pager(topology: topology, viewport: pager.viewport, configuration: pager.configuration, time: time)
        tap.cancel()
        zoom.reset()
        carriedZoom = nil
        grid = nil
        endDismiss()
        if kind == .grid { openGrid(on: photo) }
        return left
    }

    // MARK: Keys and commands

    /// A key press, with the help closed (`closeHelp()` first): digits make a number that g, G or Enter jumps to
    /// (clamped to the last photo), and do nothing else; any other key forgets the number; a held key's repeats never
    /// queue more than one page beyond the one shown, so letting go stops on the next photo.
    public mutating func key(_ key: GalleryKey, isRepeat: Bool, at time: Double) -> [GalleryEffect] {
        slideshow.noteInteraction(at: time)
        countPrefix.expire(at: time)
        let command: GalleryCommand
        switch key {
        case .digit(let digit):
            if !isRepeat { countPrefix.add(digit: digit, at: time) }
            return []
        case .scroll(let step) where grid != nil:
            countPrefix.clear()
            moveGridSelection(step < 0 ? .up : .down, at: time)
            return []
        case .scroll(let step) where zoom.shown(at: time) != nil:
            // Up and Down pan a zoomed photo (nsxiv); the help, the grid and the wheel took them first.
            command = .pan(step < 0 ? .up : .down)
        case .scroll(let step) where mode == .wheel:
            // The wheel is a vertical list: Up and Down step its rows as Left and Right do.
            command = step < 0 ? .previous : .next
        case .unbound, .scroll:
            countPrefix.clear()
            return []
        case .command(let bound):
            command = bound
        }
        let countKey = command == .first || command == .last || command == .open
        if countKey, let typed = countPrefix.take(at: time) {
            return [.command(.goTo(min(max(typed, 1), max(pager.pageCount, 1)) - 1))]
        }
        countPrefix.clear()
        let turns = [.next, .previous, .pan(.left), .pan(.right)].contains(command)
        if isRepeat, turns, pager.slotsAhead != 0 { return [] }
        return [.command(command)]
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

    /// Carries out `command` at `time` as far as the model goes; returns what the adapter does next.
    public mutating func perform(_ command: GalleryCommand, at time: Double) -> [GalleryEffect] {
        if grid != nil, let effects = performInGrid(command, at: time) { return effects }
        switch command {
        case .next: return move(.next, at: time)
        case .previous: return move(.previous, at: time)
        case .pageForward: return move(.goTo(page: PageIndex(pager.targetPage.rawValue + Self.pageJump)), at: time)
        case .pageBackward: return move(.goTo(page: PageIndex(pager.targetPage.rawValue - Self.pageJump)), at: time)
        case .first: return move(.first, at: time)
        case .last: return move(.last, at: time)
        case .goTo(let page): return move(.goTo(page: PageIndex(page)), at: time)
        case .mode(let kind): return [.switchMode(kind, showing: nil)]
        case .quit: quitRequested = true
        case .back: return back(at: time)
        case .reload: return mode == .feed ? [] : [.reload]
        case .cycleSort: return mode == .feed ? [] : [.cycleSort]
        case .retry: return [.retryFeed]
        case .flipWheel:
            guard mode == .wheel else { return [] }
            wheelDirection = wheelDirection == .clockwise ? .anticlockwise : .clockwise
        case .open:
            // Enter opens the wheel's row; in a pager, Enter and t open the grid on the photo (nsxiv).
            guard mode == .wheel else { return [.switchMode(.grid, showing: nil)] }
            return [.switchMode(pagerMode, showing: photo(ofPage: pager.currentPage))]
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
        case .toggleStatusBar: showsStatusBar.toggle()
        case .toggleFullscreen:
            fullscreenToggles += 1
            isFullscreen.toggle()
        case .zoomIn, .zoomOut, .zoomActualSize, .zoomToFit: return [.zoom(command)]
        case .toggleMark:
            guard photoCount > 0 else { return [] }
            // The photo queued key presses are heading for: `Right m` marks the next photo, even mid-slide.
            marks.toggle(photo(ofPage: pager.commandTargetPage ?? pager.currentPage))
            showInfo(at: time)
        case .invertMarks:
            marks.invert(photoCount: photoCount)
            showInfo(at: time)
        case .clearMarks:
            marks.removeAll()
            showInfo(at: time)
        case .nextMarked, .previousMarked:
            return goToMarked(forward: command == .nextMarked, at: time)
        case .orient(let change): orient(change)
        case .pan(let direction): return panOrTurn(direction, at: time)
        case .toggleKeepZoom:
            keepsZoom.toggle()
            carriedZoom = nil
            showInfo(at: time)
        case .action(let number):
            guard photoCount > 0 else { return [] }
            let current = photo(ofPage: pager.commandTargetPage ?? pager.currentPage)
            return [.runAction(number: number, photo: current, marked: marks.inOrder)]
        case .trash, .undoTrash, .copyPath, .openWith:
            return performFileCommand(command, at: time)
        }
        return []
    }

    private mutating func move(_ command: PagerCommand, at time: Double) -> [GalleryEffect] {
        [.pagerEvents(pager.handle(.command(command), at: time))]
    }

    /// A click on the page (not on a dot, the feed's retry page or the wheel) at (x, y): the left and right thirds turn
    /// the page, each click, however quick; a double-click in the middle third zooms to 100 % and back.
    public mutating func clickThirds(x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        let previous = lastClick
        let side: GalleryCommand? = SceneLayout.turn(atX: x, width: pager.viewport.width).map {
            $0 < 0 ? .previous : .next
        }
        // A click on a side third is never the first half of a double-click.
        lastClick = side == nil ? (time, x, y) : nil
        if let side { return [.command(side)] }
        guard let previous, time - previous.time <= Self.doubleClick.seconds,
            abs(previous.x - x) <= Self.doubleClick.pixels, abs(previous.y - y) <= Self.doubleClick.pixels
        else { return [] }
        lastClick = nil
        return [.toggleActualSize(x: x, y: y)]
    }

    /// A click elsewhere (a dot, the retry page, a wheel row): it still counts as the first of a double-click.
    public mutating func noteClick(x: Double, y: Double, at time: Double) {
        lastClick = (time, x, y)
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
        return marks.contains(photo(ofPage: pager.currentPage))
            ? "marked (\(marks.count) in all)" : "\(marks.count) marked"
    }
}
