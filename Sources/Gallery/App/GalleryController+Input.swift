import GalleryCore
import PagerEngine

extension GalleryController {
    /// Applies one input at `time`: pointer gestures, keys and wheel motion, from the window or a script.
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
        case .pointerDown, .zoom, .zoomBy, .wheel: model.interruptCount()
        }
        switch input {
        case .pointerDown(let x, let y): carryOut(model.pointerDown(x: x, y: y, at: time), at: time)
        case .pointerMove(let x, let y): carryOut(model.pointerMove(x: x, y: y, at: time), at: time)
        case .pointerUp(let x, let y): carryOut(model.pointerUp(x: x, y: y, at: time), at: time)
        case .pointerCancel: carryOut(model.pointerCancel(at: time), at: time)
        case .key(let key, let isRepeat):
            carryOut(model.key(key, isRepeat: isRepeat, at: time), at: time)
        case .zoom(let scale, let x, let y):
            if model.grid == nil { zoom(to: scale, atX: x, y: y, at: time, animated: false) }
        case .zoomBy(let factor, let x, let y):
            if !model.zoomGrid(by: factor) { zoom(to: zoomScale * factor, atX: x, y: y, at: time, animated: false) }
        case .wheel(let dx, let dy): carryOut(model.wheel(dx: dx, dy: dy, at: time), at: time)
        }
        needsRedraw = true
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

    /// Carries out a command at `time`: the model's part, then the effects it asks for.
    public func perform(_ command: GalleryCommand, at time: Double) {
        carryOut(model.perform(command, at: time), at: time)
        if command == .toggleStatusBar { refitZoom() }
        if case .orient = command { zoomDetail.clear() }
        needsRedraw = true
        updateResidency()
    }

    /// Carries out the model's effects at `time`, in order.
    func carryOut(_ effects: [GalleryEffect], at time: Double) {
        for effect in effects {
            switch effect {
            case .command(let command): perform(command, at: time)
            case .input(let input): apply(input, at: time)
            case .pagerEvents(let events): record(events, at: time)
            case .switchMode(let kind, let photo): switchMode(to: kind, at: time, showing: photo)
            case .zoom(let command): performZoom(command, at: time)
            case .click(let x, let y): click(x: x, y: y, at: time)
            case .toggleActualSize(let x, let y): toggleActualSize(atX: x, y: y, at: time)
            case .retryFeed: retryFeed(at: time)
            case .reload: startReload()
            case .cycleSort: cycleSort()
            case .runAction(let number, let photo, let marked): runAction(number, photo: photo, marked: marked)
            case .trash, .undoTrash, .copyPath, .openWith: performFileEffect(effect, at: time)
            // The photo flies from its cell; the mode switch follows.
            case .zoomFromGrid(let photo, let cell): startOpeningZoom(photo: photo, cell: cell, at: time)
            // The photo flies into its cell from where the drag down let go of it; the mode switch follows.
            case .zoomIntoGrid(let pose): dismissedRect = dismissedRect(pose)
            }
        }
    }

    /// A click: on a page dot it goes there; in the pagers the left and right thirds turn the page and a double-click
    /// in the middle zooms to 100 % and back; on the feed's retry page it retries; on a wheel row it opens that photo.
    private func click(x: Double, y: Double, at time: Double) {
        let layout = sceneLayout(overlayState)
        if let dot = layout.dot(atX: Int(x), y: Int(y)) {
            model.noteClick(x: x, y: y, at: time)
            perform(.goTo(dot), at: time)
            return
        }
        switch mode {
        case .feed:
            let slot = pager.visibleSlots().first { $0.origin <= x && x < $0.origin + $0.extent }
            if slot?.content == .feedEnd {
                model.noteClick(x: x, y: y, at: time)
                retryFeed(at: time)
                return
            }
            carryOut(model.clickThirds(x: x, y: y, at: time), at: time)
        case .wheel:
            model.noteClick(x: x, y: y, at: time)
            if let row = layout.wheelRow(atX: Int(x), y: Int(y)) {
                // The wheel lists the whole library in order: row r shows photo r.
                switchMode(to: model.pagerMode, at: time, showing: PhotoID(row))
            }
        case .bounded, .endCaps, .threeSurfaces, .grid:
            carryOut(model.clickThirds(x: x, y: y, at: time), at: time)
        }
    }

    /// Shows the page information, which fades after a moment.
    func showInfo(at time: Double) {
        model.showInfo(at: time)
        needsRedraw = true
    }
}
