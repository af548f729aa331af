import PagerEngine
import Support

/// The zoomed photo's pan, the gesture arena's second recogniser on a pager screen (`PagerRecogniser.zoomPan`): a
/// press on the zoomed photo at the centre of a strip at rest pans it; a move past the photo's left or right edge
/// presses the strip and hands it the rest of the gesture.
extension PagerScreen {
    /// What the pan makes of `phase` at `time`: `.notTaken` when the phase is not its own (the page drag takes it).
    mutating func zoomPan(_ phase: PointerPhase, at time: Double, context: PagerContext) -> ScreenResponse {
        switch phase {
        case .down(let x, let y):
            let claims = zoom.pointerDown(
                x: x, y: y, at: time, now: context.now, photo: centrePhoto(context), pagerIsIdle: pager.phase == .idle)
            return claims ? .taken : .notTaken
        case .move(let x, let y):
            switch zoom.pointerMove(x: x, y: y, at: time) {
            case .zoom: return .taken
            case .pager, .handedOver: return .notTaken
            case .handOver(let pressX, let pressY):
                let pressed = pager.handle(.pointerDown(x: pressX, y: pressY), at: time)
                return .pagerEvents(pressed + pager.handle(.pointerMove(x: x, y: y), at: time))
            }
        case .up(let x, let y):
            switch zoom.pointerUp(x: x, y: y, at: time, clickSlop: context.clickSlop) {
            case .zoom, .handOver: return .taken
            case .pager, .handedOver: return .notTaken
            }
        case .cancel:
            let (x, y) = (context.viewport.width / 2, context.viewport.height / 2)
            switch zoom.pointerUp(x: x, y: y, at: time) {
            case .zoom, .handOver: return .taken
            case .handedOver: return .pagerEvents(pager.handle(.pointerUp(x: x, y: y), at: time))
            case .pager: return .notTaken
            }
        }
    }
}
