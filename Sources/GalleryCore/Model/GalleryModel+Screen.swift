import PagerEngine
import Support

/// The screens that handle their own input (the grid, compare, the wheel's keys and taps, a pager's page commands):
/// the model offers each input to the screen shown first (`Screen.take`) and carries out what it answers; what it
/// leaves goes on to the gesture arena and the commands common to every screen.
extension GalleryModel {
    /// Offers `input` to the screen shown at `time` and carries out its answer: a photo opened in the pager mode the
    /// screen came from, a mark, the wheel flipped or stepped, the strip's events noted, a refusal said. Nil when the
    /// screen left the input to the gallery's common handling.
    mutating func offer(_ input: ScreenInput, at time: Double) -> [GalleryEffect]? {
        syncCompare()
        return tell(input, at: time)
    }

    /// Tells the screen shown at `time` what happened to its photo's view or its feed (`ScreenInput.view`, `.feed`), or
    /// hands the zoomed photo's pan its phase (`.zoomPan`), and carries out its answer; nil when the screen ignored it.
    /// Compare ignores these, so its layout is left as the last input or facts set it (`offer` brings it up to date).
    @discardableResult
    mutating func tell(_ input: ScreenInput, at time: Double) -> [GalleryEffect]? {
        let context = pagerContext
        return carryOut(
            screen.take(input, at: time, settings: &settings, views: &views, context: context), at: time)
    }

    /// What a pager screen reads of the gallery now: the feed's pages, the fits and the page box, the window, the
    /// clock, the click slop.
    var pagerContext: PagerContext {
        PagerContext(
            feedPages: feed.pages, fits: facts.fits, showsStatusBar: overlays.showsStatusBar, viewport: viewport,
            now: now,
            clickSlop: gestures.tap.slop)
    }

    /// Carries out what the screen answered at `time`; nil when it left the input to the gallery.
    mutating func carryOut(_ response: ScreenResponse, at time: Double) -> [GalleryEffect]? {
        switch response {
        case .notTaken: return nil
        case .taken: break
        case .sharpen: return [.sharpen]
        case .showsOtherPhotos: showInfo(at: time)
        case .open(let photo, let cell):
            guard photoCount > 0 else { return [] }
            let flight: [GalleryEffect] = cell.map { [.zoomFromGrid(photo: photo, cell: $0)] } ?? []
            return flight + switchMode(to: GalleryMode(pagerMode), at: time, showing: photo, droppedAt: nil)
        case .toggleMark(let photo):
            marks.toggle(photo)
            showInfo(at: time)
        case .orient(let photos, let change):
            for photo in photos {
                let next = orientation(of: photo).applying(change)
                views.orientations[photo] = next == .upright ? nil : next
            }
            return [.sharpen]
        case .flipWheel:
            settings.wheelDirection = settings.wheelDirection == .clockwise ? .anticlockwise : .clockwise
        case .step(let command): return perform(command, at: time)
        case .pagerEvents(let events): return noteEvents(events, at: time)
        case .leftZoom(let photo, let zoom): return noteZoomLeft(photo, at: zoom)
        case .notice(let text): showNotice(text, at: time)
        case .dropIntoGrid(let photo, let pose):
            return switchMode(to: .grid, at: time, showing: photo, droppedAt: pose)
        }
        return []
    }
}
