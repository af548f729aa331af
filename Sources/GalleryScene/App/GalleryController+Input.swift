import GalleryCore
import PagerEngine

extension GalleryController {
    /// Applies one input at `time`: pointer gestures, keys and wheel motion, from the window or a script. The model
    /// decides it whole; what comes back is only work in the world.
    public func apply(_ input: GalleryInput, at time: Double) {
        model.noteTime(time)
        if scrollsHelp(input) {
            needsRedraw = true
            return
        }
        if case .key = input, model.closeHelp() {
            needsRedraw = true  // Any key closes the help, and does nothing else.
            return
        }
        switch input {
        case .key, .pointerMove, .pointerUp, .pointerCancel: break
        case .pointerDown, .zoom, .zoomBy, .wheel, .touchpad: model.interruptCount()
        }
        // A press or a move never zooms nor clicks: the facts wait for the release (a fling's moves stay cheap).
        switch input {
        case .pointerDown, .pointerMove, .pointerCancel, .touchpad(.scroll), .touchpad(.hold), .touchpad(.pinch): break
        case .pointerUp, .key, .zoom, .zoomBy, .wheel, .touchpad: refreshFacts()
        }
        // A key with nothing to do (unbound, a scroll with nowhere to go, a digit, a held key's repeats of one) draws
        // a frame only if the overlay shows a difference (a typed number, or one forgotten): holding it costs the
        // events, not a frame each.
        var changesNothing = false
        let effects: [GalleryEffect]
        switch input {
        case .pointerDown(let x, let y): effects = model.pointerDown(x: x, y: y, at: time)
        case .pointerMove(let x, let y): effects = model.pointerMove(x: x, y: y, at: time)
        case .pointerUp(let x, let y): effects = model.pointerUp(x: x, y: y, at: time)
        case .pointerCancel: effects = model.pointerCancel(at: time)
        case .key(let key, let isRepeat):
            let shown = overlayState
            if let command = model.command(forKey: key, isRepeat: isRepeat, at: time) {
                effects = model.perform(command, at: time)
            } else {
                effects = []
                changesNothing = overlayState == shown
            }
        case .zoom(let scale, let x, let y): effects = model.pinch(to: scale, atX: x, y: y, at: time)
        case .zoomBy(let factor, let x, let y): effects = model.zoom(by: factor, atX: x, y: y, at: time)
        case .wheel(let dx, let dy): effects = model.wheel(dx: dx, dy: dy, at: time)
        case .touchpad(let gesture): effects = model.touchpad(gesture, at: time)
        }
        carryOut(effects, at: time)
        if !changesNothing { needsRedraw = true }
        updateResidency()
    }

    /// Up, Down and the wheel scroll the help while it shows and is longer than the window; whether `input` did.
    private func scrollsHelp(_ input: GalleryInput) -> Bool {
        guard model.showsHelp, let help = sceneLayout(overlayState).help, help.maxScroll > 0 else { return false }
        switch input {
        case .key(.scroll(let step), _): model.scrollHelp(by: step, maxScroll: help.maxScroll)
        case .wheel(_, let dy) where dy != 0: model.scrollHelp(by: dy > 0 ? -3 : 3, maxScroll: help.maxScroll)
        default: return false
        }
        return true
    }

    /// Carries out a command at `time` (a script's, a test's), as its key would.
    public func perform(_ command: GalleryCommand, at time: Double) {
        refreshFacts()
        carryOut(model.perform(command, at: time), at: time)
        needsRedraw = true
        updateResidency()
    }

    /// Carries out the model's effects at `time`, in order: each is work in the world, none calls the model back.
    func carryOut(_ effects: [GalleryEffect], at time: Double) {
        for effect in effects {
            switch effect {
            case .pagerEvents(let events): record(events, at: time)
            case .screenChanged(let left): screenChanged(from: left, at: time)
            case .sharpen: requestSharpness()
            case .reload: startReload()
            case .cycleSort: cycleSort()
            case .runAction(let number, let photo, let marked): runAction(number, photo: photo, marked: marked)
            case .trash, .undoTrash, .copyPath, .openWith, .placeFiles, .saveTurn: performFileEffect(effect, at: time)
            // The photo flies from its cell; the screen change follows.
            case .zoomFromGrid(let photo, let cell): startOpeningZoom(photo: photo, cell: cell, at: time)
            // The page shown flies into its cell; the screen change follows.
            case .zoomIntoGrid(let photo, let slot, let pose):
                startClosingZoom(photo: photo, slot: slot, from: pose, at: time)
            }
        }
    }
}
