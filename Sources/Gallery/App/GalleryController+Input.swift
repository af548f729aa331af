import GalleryCore
import PagerEngine

extension GalleryController {
    /// Applies one input at `time`: pointer gestures, keys and wheel motion, from the window or a script.
    public func apply(_ input: GalleryInput, at time: Double) {
        now = max(now, time)
        if showsHelp, case .key = input {
            showsHelp = false  // Any key closes the help, and does nothing else.
            needsRedraw = true
            return
        }
        switch input {
        case .pointerDown(let x, let y):
            tap.pointerDown(x: x, y: y, contentWasMoving: pager.isAnimating || zoomIsMoving)
            slideshow.setDragging(true, at: time)
            if !zoomPointerDown(x: x, y: y, at: time) {
                record(pager.handle(.pointerDown(x: x, y: y), at: time), at: time)
            }
        case .pointerMove(let x, let y):
            tap.pointerMove(x: x, y: y)
            if !zoomPointerMove(x: x, y: y, at: time) {
                record(pager.handle(.pointerMove(x: x, y: y), at: time), at: time)
            }
        case .pointerUp(let x, let y):
            let clicked = tap.pointerUp(x: x, y: y)
            slideshow.setDragging(false, at: time)
            if !zoomPointerUp(x: x, y: y, at: time) {
                record(pager.handle(.pointerUp(x: x, y: y), at: time), at: time)
            }
            if clicked { click(x: x, y: y, at: time) }
        case .pointerCancel:
            tap.cancel()
            slideshow.setDragging(false, at: time)
            if !zoomPointerUp(x: pager.viewport.width / 2, y: pager.viewport.height / 2, at: time) {
                record(pager.handle(.pointerCancel, at: time), at: time)
            }
        case .key(let name, let isRepeat):
            key(name, isRepeat: isRepeat, at: time)
        case .zoom(let scale, let x, let y):
            zoom(to: scale, atX: x, y: y, at: time, animated: false)
        case .zoomBy(let factor, let x, let y):
            zoom(to: zoomScale * factor, atX: x, y: y, at: time, animated: false)
        case .wheel(let dx, let dy):
            slideshow.noteInteraction(at: time)
            if touchpad.isTouchpad(dx: dx, dy: dy) {
                for pointer in touchpad.add(dx: dx, dy: dy, at: time) { apply(pointer, at: time) }
            } else {
                for command in wheelSteps.add(dx: dx, dy: dy) { perform(command, at: time) }
            }
        }
        needsRedraw = true
        updateResidency()
    }

    /// A key: a digit both switches the mode and adds to a number that G or Enter jumps to; a held key's repeats
    /// never queue more than one page beyond the one shown, so letting go stops on the next photo.
    private func key(_ name: String, isRepeat: Bool, at time: Double) {
        slideshow.noteInteraction(at: time)
        if name.count == 1, let digit = Int(name) {
            countPrefix.add(digit: digit, at: time, mode: mode.rawValue)
            if let command = KeyMap.command(forKeyName: name) { perform(command, at: time) }
            return
        }
        guard let command = KeyMap.command(forKeyName: name) else {
            countPrefix.clear()
            return
        }
        if command == .goToTypedNumber || (command == .open && countPrefix.value != nil) {
            if let typed = countPrefix.take(at: time) {
                if let kind = TopologyKind(rawValue: typed.modeBefore), kind != mode { switchMode(to: kind, at: time) }
                perform(.goTo(typed.number - 1), at: time)
            }
            return
        }
        countPrefix.clear()
        if isRepeat, command == .next || command == .previous, pager.slotsAhead != 0 { return }
        perform(command, at: time)
    }

    /// Carries out a command at `time`.
    public func perform(_ command: GalleryCommand, at time: Double) {
        switch command {
        case .next: move(.next, at: time)
        case .previous: move(.previous, at: time)
        case .pageForward: move(.goTo(page: pager.targetPage + Self.pageJump), at: time)
        case .pageBackward: move(.goTo(page: pager.targetPage - Self.pageJump), at: time)
        case .first: move(.first, at: time)
        case .last: move(.last, at: time)
        case .goTo(let page): move(.goTo(page: page), at: time)
        case .goToTypedNumber: break  // Handled with the digits typed before it.
        case .mode(let kind): switchMode(to: kind, at: time)
        case .quit: quitRequested = true
        case .retry: retryFeed(at: time)
        case .flipWheel:
            guard mode == .wheel else { return }
            wheelDirection = wheelDirection == .clockwise ? .anticlockwise : .clockwise
        case .open:
            guard mode == .wheel else { return }
            switchMode(to: pagerMode, at: time, showing: pager.currentPage)
        case .toggleSlideshow:
            if slideshow.isRunning { slideshow.stop() } else { slideshow.start(at: time) }
            showInfo(at: time)
        case .toggleHelp: showsHelp.toggle()
        case .toggleInfoPanel: showsInfoPanel.toggle()
        case .toggleFullscreen: fullscreenToggles += 1
        case .zoomIn, .zoomOut, .zoomActualSize, .zoomToFit: performZoom(command, at: time)
        }
        needsRedraw = true
        updateResidency()
    }

    private func move(_ command: PagerCommand, at time: Double) {
        record(pager.handle(.command(command), at: time), at: time)
    }

    /// A click: on a page dot it goes there; in the pagers the left and right thirds turn the page and a double-click
    /// in the middle zooms to 100 % and back; on the feed's retry page it retries; on a wheel row it opens that photo.
    private func click(x: Double, y: Double, at time: Double) {
        let previous = lastClick
        lastClick = (time, x, y)
        if let dot = overlayPainter.dot(at: PixelPoint(x: Int(x), y: Int(y)), state: overlayState) {
            perform(.goTo(dot), at: time)
            return
        }
        switch mode {
        case .feed:
            let slot = pager.visibleSlots().first { $0.origin <= x && x < $0.origin + $0.extent }
            if slot?.content == .feedEnd {
                retryFeed(at: time)
                return
            }
            clickThirds(x: x, y: y, at: time, previous: previous)
        case .wheel:
            let layout = WheelPainter.layout(for: pager, direction: wheelDirection)
            let hit = layout.rows(atSlotPosition: pager.slotPosition, topology: pager.topology).first { row in
                WheelPainter.cardRect(of: row, layout: layout).contains(PixelPoint(x: Int(x), y: Int(y)))
            }
            if let hit { switchMode(to: pagerMode, at: time, showing: hit.row) }
        case .bounded, .endCaps, .threeSurfaces:
            clickThirds(x: x, y: y, at: time, previous: previous)
        }
    }

    private func clickThirds(x: Double, y: Double, at time: Double, previous: (time: Double, x: Double, y: Double)?) {
        let width = pager.viewport.width
        if x < width / 3 {
            perform(.previous, at: time)
        } else if x >= width * 2 / 3 {
            perform(.next, at: time)
        } else if let previous, time - previous.time <= Self.doubleClick.seconds,
            abs(previous.x - x) <= Self.doubleClick.pixels, abs(previous.y - y) <= Self.doubleClick.pixels
        {
            lastClick = nil
            toggleActualSize(atX: x, y: y, at: time)
        }
    }

    /// Shows the page information, which fades after a moment.
    func showInfo(at time: Double) {
        infoShownAt = time
        needsRedraw = true
    }
}
