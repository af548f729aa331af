import PagerEngine
import Support

/// The gallery's state machine without SDL: the screen shown (a pager, the wheel or the grid, `Screen`), the feed's
/// pages and request state, the gesture arena (the zoom is the pager screen's), the key commands and the typed number, the slideshow, the
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
    /// How the screens are built: the pager's physics, the wheel's bulge, the grid's size and names.
    public internal(set) var settings: ScreenSettings
    /// What the adapter knows this frame: decoded photos' fits, where the last frame drew what a click can hit.
    public private(set) var facts = FrameFacts()
    /// The slideshow's clock and pauses.
    public internal(set) var slideshow: SlideshowPolicy
    /// Digits typed before G or Enter.
    public internal(set) var countPrefix = CountPrefix()
    /// The page information's fade and notice, the panel, the status bar and the help.
    public internal(set) var overlays = Overlays()
    /// The photos marked (`m`), by photo: their count is `marks.count`.
    public internal(set) var marks = PhotoMarks()
    /// What the model asks of the window: fullscreen, quitting; and whether it is hidden.
    public internal(set) var window = WindowRequests()
    /// Photos in the library: the opened ones, then the files a feed added.
    public internal(set) var photoCount: Int
    /// The feed's pages and request state, kept while other modes show.
    public internal(set) var feed: FeedMemory
    /// How each photo is shown when arrived at: turns, fit mode, carried and remembered zooms, the animation.
    public internal(set) var views = PhotoViews()
    /// The gesture arena's recognisers: the tap, the touchpad, the wheel's notches.
    var gestures: GestureRecognisers
    /// The latest time seen, for what is drawn as a function of time (the spinner, the information's fade, the zoom).
    public internal(set) var now = 0.0

    /// Seconds between slides when S starts a slideshow without `--slideshow`.
    public static let defaultSlideshowInterval = 5.0
    /// Photos a PageUp or PageDown jumps (nsxiv's `[` and `]`).
    public static let pageJump = 10
    /// Seconds and pixels within which two clicks make a double-click.
    public static let doubleClick = (seconds: 0.4, pixels: 6.0)
    /// Page dots show for galleries up to this many pages.
    public static let maxDots = 20

    /// A model of `photoCount` photos in `mode` on `viewport`, showing `startPage` (clamped into range), as
    /// `preferences` ask; a slideshow of `slideshowInterval` seconds runs from the start when given. The page
    /// information shows from time 0.
    public init(
        photoCount: Int, mode: GalleryMode, startPage: Int = 0, viewport: Viewport,
        configuration: PagerConfiguration = .standard, slideshowInterval: Double? = nil,
        preferences: ModelPreferences = ModelPreferences()
    ) {
        let start = min(max(startPage, 0), max(photoCount - 1, 0))
        self.photoCount = photoCount
        self.viewport = viewport
        settings = ScreenSettings(configuration: configuration)
        feed = FeedMemory(photoCount: photoCount)
        gestures = GestureRecognisers(
            tap: TapRecognizer(slop: settings.configuration.dragSlop),
            touchpad: TouchpadScroll(originX: viewport.width / 2, originY: viewport.height / 2),
            fingers: TouchpadFingers(originX: viewport.width / 2, originY: viewport.height / 2))
        slideshow = SlideshowPolicy(interval: slideshowInterval ?? Self.defaultSlideshowInterval)
        let grid = { photo in
            Self.grid(
                on: photo, viewport: viewport, sizeStep: GridLayout.defaultSizeStep, photoCount: photoCount,
                clickSlop: configuration.dragSlop)
        }
        screen = Screen(
            mode, start: start, photoCount: photoCount, feedPages: photoCount,
            returnTo: InitialMode.mode(photoCount: photoCount).topology ?? .bounded, viewport: viewport,
            configuration: configuration, time: 0, grid: grid)
        if slideshowInterval != nil { slideshow.start(at: 0) }
        if !screen.playsSlideshow { slideshow.stop() }
        overlays.infoShownAt = 0
        views.keepsZoom = preferences.keepsZoom
        setKeyBindings(preferences.keyBindings)
        if let remembered = preferences.rememberedViews { setRememberedViews(remembered) }
        window.isFullscreen = preferences.fullscreen
        views.fitMode = preferences.fitMode
        feed.waitingNote = preferences.feedWaitingNote
    }

    // MARK: Reading

    /// The mode shown now.
    public var mode: GalleryMode { screen.mode }

    /// The pager shown (the pager modes and the wheel); nil in the grid, which has none.
    public var pager: Pager? { screen.pager }

    /// The pager mode the wheel and the grid open a photo in: the one used before them; the pager's own in a pager.
    public var pagerMode: TopologyKind { screen.returnTo }

    /// The logical page at the centre: the pager's, or in the grid the selected photo's number.
    public var currentPage: PageIndex { screen.currentPage }

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
        screen.photo(ofPage: page, feedPages: feed.pages)
    }

    // MARK: The door

    /// Takes one input at `time`, the only way in besides `advance(to:)`: the user's, a command by name, a mode asked
    /// for, or what the world reports back. Returns the work for the adapter to carry out in the world.
    public mutating func handle(_ input: ModelInput, at time: Double) -> [GalleryEffect] {
        noteTime(time)
        switch input {
        case .user(let input): return handle(input, at: time)
        case .command(let command): return perform(command, at: time)
        case .show(let mode, let photo): return switchMode(to: mode, at: time, showing: photo, droppedAt: nil)
        case .report(let report): return handle(report, at: time)
        }
    }

    /// The user's input: the help takes the scroll keys and the wheel while it shows and closes on any other key;
    /// input other than a key forgets a typed number.
    private mutating func handle(_ input: GalleryInput, at time: Double) -> [GalleryEffect] {
        if scrollHelp(for: input) { return [] }
        if case .key = input, closeHelp() { return [] }
        switch input {
        case .key, .pointerMove, .pointerUp, .pointerCancel: break
        case .pointerDown, .zoom, .zoomBy, .wheel, .touchpad: countPrefix.clear()
        }
        switch input {
        case .pointerDown(let x, let y): return pointerDown(x: x, y: y, at: time)
        case .pointerMove(let x, let y): return pointerMove(x: x, y: y, at: time)
        case .pointerUp(let x, let y): return pointerUp(x: x, y: y, at: time)
        case .pointerCancel: return pointerCancel(at: time)
        case .key(let key, let isRepeat):
            let prompt = countPrompt
            guard let command = command(forKey: key, isRepeat: isRepeat, at: time) else {
                // A key with nothing to do (unbound, a scroll with nowhere to go, a digit, a held key's repeats of
                // one) changes the screen only by the typed number's prompt: holding it costs the events, not frames.
                return countPrompt == prompt ? [.unchanged] : []
            }
            return perform(command, at: time)
        case .zoom(let scale, let x, let y): return pinch(to: scale, atX: x, y: y, at: time)
        case .zoomBy(let factor, let x, let y): return zoom(by: factor, atX: x, y: y, at: time)
        case .wheel(let dx, let dy): return wheel(dx: dx, dy: dy, at: time)
        case .touchpad(let gesture): return touchpad(gesture, at: time)
        }
    }

    /// What the world reports: facts for the next input, a resize, a feed's answer, outcomes of file work.
    private mutating func handle(_ report: WorldReport, at time: Double) -> [GalleryEffect] {
        switch report {
        case .facts(let facts):
            self.facts = facts
            syncCompare(freshFacts: true)
        case .resized(let viewport): return resize(to: viewport, at: time)
        case .canvasReset: return resetZoom()
        case .windowHidden(let hidden): setWindowHidden(hidden, at: time)
        case .animation(let clock, let photo): showAnimation(clock, ofPhoto: photo, at: time)
        case .feedAppended(let photos, let photoCount): return feedAppended(photos, photoCount: photoCount, at: time)
        case .feedFailed(let reason): return feedFailed(reason: reason, at: time)
        case .renumbered(let count, let moves, let photo, let note):
            renumberPhotos(count: count, renumbered: { moves[$0] }, showing: photo, note: note, at: time)
        case .notice(let text): showNotice(text, at: time)
        case .folderReached(let photo, let note):
            let effects = perform(.goToPhoto(photo), at: time)
            showNotice(note, at: time)
            return effects
        case .markRestored(let photo): restoreMark(of: photo)
        case .turnSaved(let photo): resetOrientation(of: photo)
        }
        return []
    }

    /// One frame's step to `time`, the door for time: the touchpad's virtual finger lifts when its stream went quiet, a
    /// typed number expires, the screen (the grid's scroll, the pager and its drag down's spring back) and the zoom
    /// move on, a zoom carried over a page turn goes to the photo arrived at once it is decoded, the slideshow turns
    /// its page when due and the information goes once faded.
    public mutating func advance(to time: Double) -> [GalleryEffect] {
        noteTime(time)
        var effects: [GalleryEffect] = []
        if let release = gestures.touchpad.expire(at: time) { effects += pointer(release.input, at: release.time) }
        expireCount(at: time)
        effects += noteEvents(screen.advance(to: time), at: time)
        effects += tell(.view(.frame), at: time) ?? []
        effects += takeArrivalZoom()
        if slideshow.shouldAdvance(at: time) { effects += perform(.next, at: time) }
        advanceInfo(to: time)
        return effects
    }

    /// Whether something moves by itself at `time`: the screen's answer (the pager, its zoom, a drag down springing
    /// back, the wheel's rows, the grid's scroll); frames must follow.
    public func isMoving(at time: Double) -> Bool {
        screen.isMoving(at: time)
    }

    /// The marks as the page information shows them: "marked (3 in all)" when the current photo is marked, "3 marked"
    /// when others are, nil with no marks.
    public var markText: String? {
        guard marks.count > 0 else { return nil }
        return marks.contains(currentPhoto) ? "marked (\(marks.count) in all)" : "\(marks.count) marked"
    }

    /// Moves the clock the model draws by (fades, zoom animations) to `time`, never back.
    mutating func noteTime(_ time: Double) {
        now = max(now, time)
    }
}
