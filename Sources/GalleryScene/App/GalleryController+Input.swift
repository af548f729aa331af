import GalleryCore
import PagerEngine
import Support

extension GalleryController {
    /// Applies one input at `time`: pointer gestures, keys and wheel motion, from the window or a script. The model
    /// decides it whole; what comes back is only work in the world.
    public func apply(_ input: GalleryInput, at time: Double) {
        // A press or a move never zooms nor clicks: the facts wait for the release (a fling's moves stay cheap).
        switch input {
        case .pointerDown, .pointerMove, .pointerCancel, .touchpad(.scroll), .touchpad(.hold), .touchpad(.pinch): break
        case .pointerUp, .key, .zoom, .zoomBy, .wheel, .touchpad: refreshFacts(at: time)
        }
        let effects = model.handle(.user(input), at: time)
        carryOut(effects, at: time)
        if !effects.contains(.unchanged) { needsRedraw = true }
        updateResidency()
    }

    /// Carries out a command at `time` (a script's, a test's), as its key would.
    public func perform(_ command: GalleryCommand, at time: Double) {
        refreshFacts(at: time)
        carryOut(model.handle(.command(command), at: time), at: time)
        needsRedraw = true
        updateResidency()
    }

    /// Hands the model what the world reports (`WorldReport`), and carries out what it asks for in turn.
    func report(_ report: WorldReport, at time: Double) {
        carryOut(model.handle(.report(report), at: time), at: time)
    }

    /// Carries out the model's effects at `time`, in order: each is work in the world, none calls the model back. What
    /// the work reports at once (a refusal to say) goes in through the model's door after them.
    func carryOut(_ effects: [GalleryEffect], at time: Double) {
        var reports: [WorldReport] = []
        for effect in effects {
            switch effect {
            case .pagerEvents(let events): record(events, at: time)
            case .screenChanged(let left): screenChanged(from: left, at: time)
            case .sharpen: requestSharpness()
            case .reload: startReload()
            case .cycleSort: cycleSort()
            case .jumpFolder(let photo, let forward, let wraps):
                reports.append(folderJump.outcome(from: photo.rawValue, forward: forward, wraps: wraps).report)
            case .runAction(let number, let photo, let marked):
                if let refusal = runAction(number, photo: photo, marked: marked) { reports.append(refusal) }
            case .trash, .undoTrash, .copyPath, .openWith, .placeFiles, .saveTurn:
                if let refusal = performFileEffect(effect) { reports.append(refusal) }
            case .toggleFullscreen: fullscreenToggles += 1
            case .unchanged: break
            // The photo flies from its cell; the screen change follows.
            case .zoomFromGrid(let photo, let cell):
                drawing.grid.startOpening(
                    photo: photo, cell: cell, thumbnail: thumbnails.texture(for: photo), at: time)
            // The page shown flies into its cell; the screen change follows.
            case .zoomIntoGrid(let photo, let slot, let pose):
                drawing.grid.startClosing(photo: photo, slot: slot, from: pose, at: time, in: frameContext)
            }
        }
        for each in reports { report(each, at: time) }
    }

    /// The library's photos by their paths, for the folder keys: read when a key asks, so the order and the photos are
    /// the ones shown after any sort or reload.
    private var folderJump: FolderJump {
        let library = library
        return FolderJump(count: library.count) { index in
            guard case .file(let path) = library.source(forPhoto: PhotoID(index)) else { return nil }
            return path
        }
    }
}
