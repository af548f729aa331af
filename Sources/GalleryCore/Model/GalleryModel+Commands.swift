import PagerEngine
import Support

/// Carrying out a command, from its key, a click, the slideshow or a script.
extension GalleryModel {
    /// Carries out `command` at `time`; returns what the adapter does in the world.
    mutating func perform(_ command: GalleryCommand, at time: Double) -> [GalleryEffect] {
        if let effects = offer(.command(command), at: time) { return effects }
        switch command {
        // Each screen took its page commands: a pager's strip and the wheel's rows turn (`PagerScreen`, `WheelScreen`),
        // the grid's selection and compare's right-hand photo move.
        case .next, .previous, .pageForward, .pageBackward, .first, .last, .goToPage, .goToPhoto: break
        case .mode(let kind): return switchMode(to: kind, at: time, showing: nil)
        case .quit: window.quitRequested = true
        case .back: return back(at: time)
        // The feed refused these (`PagerScreen`).
        case .reload: return [.reload]
        case .cycleSort: return [.cycleSort]
        // The feed took R (`PagerScreen`); elsewhere it does nothing.
        case .retry: return []
        // D flips the wheel only (`WheelScreen`).
        case .flipWheel: return []
        // In a pager, Enter and t open the grid on the photo (nsxiv); the wheel opens its row (`WheelScreen`).
        case .open: return switchMode(to: .grid, at: time, showing: nil)
        case .toggleSlideshow:
            if slideshow.isRunning { slideshow.stop() } else { slideshow.start(at: time) }
            showInfo(at: time)
        case .toggleHelp:
            overlays.showsHelp.toggle()
            overlays.helpScroll = 0
        case .toggleAnimation: views.animation?.togglePause(at: time)
        case .nextFrame: views.animation?.step(1, at: time)
        case .previousFrame: views.animation?.step(-1, at: time)
        case .toggleInfoPanel: overlays.showsInfoPanel.toggle()
        case .toggleStatusBar:
            overlays.showsStatusBar.toggle()
            return refitZoom()
        case .toggleFullscreen:
            window.isFullscreen.toggle()
            return [.toggleFullscreen]
        // A pager screen zooms its photo, compare both of its own; the wheel's rows and the grid do not zoom.
        case .zoomIn, .zoomOut, .zoomActualSize, .zoomToFit: break
        case .cycleFitMode: return cycleFitMode(at: time)
        case .toggleGridNames:
            settings.showsGridNames.toggle()
            showNotice(settings.showsGridNames ? "grid: file names shown" : "grid: file names hidden", at: time)
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
        case .nextFolder, .previousFolder:
            // The feed refused them (its pages come from its source, not from folders in an order: `PagerScreen`).
            guard photoCount > 0 else { return [] }
            // Only the adapter knows the photos' paths: it reports the photo (`folderReached`) or why not. In compare
            // the right-hand photo moves, as with the other moving keys; the jumps wrap where the pages do.
            let from = compare?.right ?? targetPhoto
            return [.jumpFolder(from: from, forward: command == .nextFolder, wraps: screen.mode.wraps)]
        case .orient(let change): return orient(change)
        // A pager screen pans its zoomed photo, the grid and compare theirs; else Left and Right turn the page.
        case .pan(let direction): return direction.turn.map { perform($0, at: time) } ?? []
        case .toggleKeepZoom:
            views.keepsZoom.toggle()
            views.carriedZoom = nil
            // Said even without the status bar: the frame itself does not change.
            showNotice(
                views.keepsZoom ? "zoom kept over page turns" : "zoom not kept: each photo opens fitted", at: time)
        case .action(let number):
            guard photoCount > 0 else { return [] }
            return [.runAction(number: number, photo: targetPhoto, marked: marks.inOrder)]
        case .trash, .undoTrash, .copyPath, .openWith, .moveTo, .copyTo, .saveTurn:
            return performFileCommand(command, at: time)
        case .compare(.toggle): return openCompare(at: time)
        // The layout and the sides are the compare screen's, which took them when it shows.
        case .compare(.layout), .compare(.swap): break
        }
        return []
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
                effects += tell(.view(.settled(page)), at: time) ?? []
                noteArrival()
                effects += takeArrivalZoom()
            default: break
            }
        }
        return effects
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
    mutating func tapMeaning(x: Double, y: Double, at time: Double) -> TapMeaning? {
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
}
