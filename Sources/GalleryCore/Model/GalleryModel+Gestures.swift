import PagerEngine
import Support

/// The gesture arena, in one place: every pointer phase goes to the current screen's recognisers in turn. The grid
/// has one (its scroll, with the tap that opens a cell). A pager screen asks the drag down to the grid, then the
/// zoomed photo's pan (both its own: `PagerScreen`), then the strip's page drag (`PagerRecogniser`; the wheel's rows
/// have only the last), the first that takes a phase ending the asking; the
/// tap watches alongside, and a release within the drag slop that no drag down took is a click, hit-tested here
/// against the layout of the last frame (`facts.layout`) and the first half of a double-click.
extension GalleryModel {
    /// The left button (or a finger) went down at (x, y).
    mutating func pointerDown(x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        arena(.down(x: x, y: y), at: time)
    }

    /// The pointer moved to (x, y) with the button down.
    mutating func pointerMove(x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        arena(.move(x: x, y: y), at: time)
    }

    /// The button went up at (x, y): the gesture ends, and a press that stayed within the slop clicks.
    mutating func pointerUp(x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        arena(.up(x: x, y: y), at: time)
    }

    /// The gesture was taken away (the window lost focus): a pan stops where it is, a page drag is released.
    mutating func pointerCancel(at time: Double) -> [GalleryEffect] {
        arena(.cancel, at: time)
    }

    /// A pointer input, from the window, a script or a touchpad's virtual drag; other inputs do nothing here.
    mutating func pointer(_ input: GalleryInput, at time: Double) -> [GalleryEffect] {
        switch input {
        case .pointerDown(let x, let y): arena(.down(x: x, y: y), at: time)
        case .pointerMove(let x, let y): arena(.move(x: x, y: y), at: time)
        case .pointerUp(let x, let y): arena(.up(x: x, y: y), at: time)
        case .pointerCancel: arena(.cancel, at: time)
        case .key, .wheel, .zoom, .zoomBy, .touchpad: []
        }
    }

    /// The arena: the screen's recognisers asked in turn, the tap watching.
    private mutating func arena(_ phase: PointerPhase, at time: Double) -> [GalleryEffect] {
        if let effects = offer(.pointer(phase), at: time) { return effects }
        let clicked = watchTap(phase, at: time)
        for recogniser in PagerRecogniser.allCases {
            guard let effects = offer(phase, to: recogniser, at: time) else { continue }
            guard clicked, recogniser != .dragDown, case .up(let x, let y) = phase else { return effects }
            return effects + click(x: x, y: y, at: time)
        }
        return []
    }

    /// The tap and the slideshow watch every gesture on a pager screen; returns whether a release clicked.
    private mutating func watchTap(_ phase: PointerPhase, at time: Double) -> Bool {
        switch phase {
        case .down(let x, let y):
            // A press that stops a fling is not a click; one during a key's or click's page turn is (quick clicks on
            // a side third each turn a page, as keys do).
            let flinging = pager.map { $0.isAnimating && $0.commandTargetPage == nil } ?? false
            gestures.tap.pointerDown(x: x, y: y, contentWasMoving: flinging || zoomIsMoving)
            slideshow.setDragging(true, at: time)
        case .move(let x, let y):
            gestures.tap.pointerMove(x: x, y: y)
        case .up(let x, let y):
            slideshow.setDragging(false, at: time)
            return gestures.tap.pointerUp(x: x, y: y)
        case .cancel:
            gestures.tap.cancel()
            slideshow.setDragging(false, at: time)
        }
        return false
    }

    /// Offers `phase` to `recogniser`: its effects when it takes the phase, nil to ask the next.
    private mutating func offer(_ phase: PointerPhase, to recogniser: PagerRecogniser, at time: Double)
        -> [GalleryEffect]?
    {
        switch recogniser {
        case .dragDown: return dragDown(phase, at: time)
        case .zoomPan: return zoomPan(phase, at: time)
        case .pageDrag: return pageDrag(phase, at: time)
        }
    }

    /// The zoomed photo's pan, the pager screen's (`PagerScreen.zoomPan`), offered the phase as its input: nil when the
    /// phase is not its own (or no pager shows).
    private mutating func zoomPan(_ phase: PointerPhase, at time: Double) -> [GalleryEffect]? {
        tell(.zoomPan(phase), at: time)
    }

    /// The strip's page drag (`Screen.drag`): takes every phase it is offered.
    private mutating func pageDrag(_ phase: PointerPhase, at time: Double) -> [GalleryEffect] {
        guard let events = screen.drag(phase, at: time) else { return [] }
        return noteEvents(events, at: time)
    }

    /// A tap on a pager screen: on a page dot it goes there; on the feed's retry page it retries; on a wheel row it
    /// opens that photo in the pager mode the wheel came from; elsewhere the left and right thirds turn the page and a
    /// double-click in the middle zooms to 100 % and back.
    private mutating func click(x: Double, y: Double, at time: Double) -> [GalleryEffect] {
        let layout = facts.layout
        if let dot = layout?.dot(atX: Int(x), y: Int(y)) {
            gestures.lastClick = (time, x, y)
            return perform(.goToPage(PageIndex(dot)), at: time)
        }
        if let effects = offer(.tap(x: x, y: y, layout: layout), at: time) {
            gestures.lastClick = (time, x, y)
            return effects
        }
        return clickThirds(x: x, y: y, at: time)
    }

    /// Wheel motion: a touchpad's gesture becomes a virtual drag of at most one page in the pagers (through the arena,
    /// as a pointer would), a mouse's notches turn pages; in the pagers a burst of sideways notches (a touchpad's
    /// swipe as SDL on X11 reports it) turns one page; in the grid a notch scrolls a row.
    mutating func wheel(dx: Double, dy: Double, at time: Double) -> [GalleryEffect] {
        slideshow.noteInteraction(at: time)
        let reach = screen.swipeReach
        if gestures.touchpad.isTouchpad(dx: dx, dy: dy, at: time) {
            return gestures.touchpad.add(dx: dx, dy: dy, at: time, reach: reach).flatMap { pointer($0, at: time) }
        }
        if reach != nil, abs(dx) > abs(dy), !gestures.notchBurst.begins(dx: dx, at: time) { return [] }
        guard let turn = gestures.wheelSteps.add(dx: dx, dy: dy) else { return [] }
        // Notches away from the user turn back: in the grid they scroll rows up, in compare they zoom in.
        let notches = turn.command == .previous ? turn.count : -turn.count
        if let effects = offer(.notches(notches), at: time) { return effects }
        return (0..<turn.count).flatMap { _ in perform(turn.command, at: time) }
    }

    /// When a touchpad stream under way will count as ended, if one is.
    public var touchpadReleaseTime: Double? { gestures.touchpad.releaseTime }
}
