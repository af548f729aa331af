import PagerEngine
import Support

extension Screen {
    /// Moves the screen's own motion to `time` (the pager's strip and its drag down's spring back, the wheel's strip,
    /// the grid's scroll); returns the strip's events.
    mutating func advance(to time: Double) -> [PagerEvent] {
        switch self {
        case .pager(var pages):
            let events = pages.advance(to: time)
            self = .pager(pages)
            return events
        case .wheel: return withPager { $0.advance(to: time) } ?? []
        case .grid(var grid, let back):
            grid.advance(to: time)
            self = .grid(grid, returnTo: back)
            return []
        case .compare: return []
        }
    }

    /// Whether the screen moves by itself at `time`, so frames must follow: a pager's strip, its zoom or a drag down
    /// springing back, the wheel's rows, the grid's scroll; compare never.
    func isMoving(at time: Double) -> Bool {
        switch self {
        case .pager(let pages): pages.isMoving
        case .wheel(let wheel): wheel.rows.isAnimating
        case .grid(let grid, _): grid.isAnimating(at: time)
        case .compare: false
        }
    }

    /// Lays the screen out in `viewport` at `time`; returns the strip's events.
    mutating func resize(to viewport: Viewport, at time: Double) -> [PagerEvent] {
        switch self {
        case .pager(var pages):
            let events = pages.resize(to: viewport, at: time)
            self = .pager(pages)
            return events
        case .wheel: return withPager { $0.handle(.resize(viewport), at: time) } ?? []
        case .grid(var grid, let back):
            grid.resize(width: Int(viewport.width), height: Int(viewport.height), scale: viewport.scale)
            self = .grid(grid, returnTo: back)
            return []
        case .compare: return []
        }
    }

    /// The page drag of the strip shown (a pager's, the wheel's rows'), the arena's last recogniser: it takes every
    /// phase it is offered; nil in the grid and in compare, which have no strip.
    mutating func drag(_ phase: PointerPhase, at time: Double) -> [PagerEvent]? {
        let input: PagerInput =
            switch phase {
            case .down(let x, let y): .pointerDown(x: x, y: y)
            case .move(let x, let y): .pointerMove(x: x, y: y)
            case .up(let x, let y): .pointerUp(x: x, y: y)
            case .cancel: .pointerCancel
            }
        return withPager { $0.handle(input, at: time) }
    }

    /// Offers `input` to the screen shown at `time`: the grid and compare take their input themselves, the wheel gives
    /// its keys and taps their meaning, a pager its page commands, its zoom, the feed's end page, what happened to its
    /// photo's view and the feed's answers (`context`: what it reads of the gallery; `views`: the gallery's policy
    /// across page turns, whose offered zooms a pager takes). The grid's thumbnail size is kept in `settings` for the
    /// next visit.
    mutating func take(
        _ input: ScreenInput, at time: Double, settings: inout ScreenSettings, views: inout PhotoViews,
        context: PagerContext
    ) -> ScreenResponse {
        switch self {
        case .pager(var pages):
            let response = pages.take(input, at: time, views: &views, context: context)
            self = .pager(pages)
            return response
        case .wheel(var wheel):
            let response = wheel.take(input, at: time)
            self = .wheel(wheel)
            return response
        case .grid(var grid, let back):
            let response = grid.take(input, at: time)
            self = .grid(grid, returnTo: back)
            settings.gridSizeStep = grid.layout.sizeStep
            return response
        case .compare(var compare, let back):
            let shown = (compare.left, compare.right)
            let response = compare.take(input)
            self = .compare(compare, returnTo: back)
            guard response == .taken, shown != (compare.left, compare.right) else { return response }
            return .showsOtherPhotos
        }
    }
}

extension WheelScreen {
    /// The wheel's meaning of `input`: its commands (`response(to:)`, the page commands turning its rows) and a tap
    /// on a row; the rows' drag, the wheel and the rest are the gallery's.
    fileprivate mutating func take(_ input: ScreenInput, at time: Double) -> ScreenResponse {
        switch input {
        case .command(let command):
            switch response(to: command) {
            case .open(let photo)?: return .open(photo, cell: nil)
            case .flip?: return .flipWheel
            case .step(let command)?: return .step(command)
            case nil: return turn(command, at: time).map { .pagerEvents($0) } ?? .notTaken
            }
        case .tap(let x, let y, let layout):
            // A tap between rows does nothing, but it is the wheel's.
            return photo(tappedAtX: x, y: y, layout: layout).map { .open($0, cell: nil) } ?? .taken
        // The rows zoom no photo and show no feed.
        case .pointer, .notches, .zoomTo, .zoomBy, .pinchBegin, .pinch, .pinchEnd, .fingersDown, .view, .feed,
            .zoomPan:
            return .notTaken
        }
    }
}

extension GridModel {
    /// The grid takes every input but a command of every screen (`perform`): a notch scrolls a row, the selection
    /// staying put; a zoom steps the thumbnail size; a pinch steps it as the fingers spread.
    fileprivate mutating func take(_ input: ScreenInput, at time: Double) -> ScreenResponse {
        let response: GridResponse
        switch input {
        case .pointer(let phase): response = pointer(phase, at: time)
        case .command(let command): response = perform(command, at: time)
        case .notches(let notches):
            scroll(rows: -notches, at: time)
            return .taken
        case .zoomBy(let factor, _, _):
            zoom(by: factor)
            return .taken
        case .pinchBegin:
            beginPinch()
            return .taken
        case .pinch(let spread, _, _):
            pinch(spread: spread)
            return .taken
        case .pinchEnd:
            endPinch()
            return .taken
        case .fingersDown:
            cancelClick()
            return .taken
        case .tap, .zoomTo: return .taken
        // A feed's append while the grid shows: more cells, the place kept.
        case .feed(.appended(_, let photoCount)):
            setPhotoCount(photoCount, at: time)
            return .taken
        // The grid's scroll is its own recogniser (`pointer`); it zooms no photo.
        case .feed(.failed), .view, .zoomPan: return .notTaken
        }
        switch response {
        case .notTaken: return .notTaken
        case .taken: return .taken
        case .open(let photo, let cell): return .open(photo, cell: cell)
        }
    }
}

extension CompareModel {
    /// Compare takes its pointer, its commands (`perform`), the wheel and every zoom: a notch zooms both photos (away
    /// from the user: in).
    fileprivate mutating func take(_ input: ScreenInput) -> ScreenResponse {
        let response: CompareResponse
        switch input {
        case .pointer(let phase): response = pointer(phase)
        case .command(let command): response = perform(command)
        case .notches(let notches):
            zoom(notches: notches)
            return .taken
        case .zoomTo(let scale, let x, let y):
            zoom(to: scale, atX: x, y: y)
            return .taken
        case .zoomBy(let factor, let x, let y):
            zoom(by: factor, atX: x, y: y)
            return .taken
        case .pinchBegin(let x, let y):
            beginPinch(atX: x, y: y)
            return .taken
        case .pinch(let spread, _, _):
            pinch(spread: spread)
            return .taken
        case .pinchEnd:
            endPinch()
            return .taken
        case .tap, .fingersDown: return .taken
        // Compare zooms its photos itself and shows no feed.
        case .view, .feed, .zoomPan: return .notTaken
        }
        switch response {
        case .notTaken: return .notTaken
        case .taken: return .taken
        case .close(let photo): return .open(photo, cell: nil)
        case .toggleMark(let photo): return .toggleMark(photo)
        case .orient(let change):
            return .orient(left == right ? [left] : [left, right], change)
        }
    }
}
