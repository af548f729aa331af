import PagerEngine
import Support

/// The wheel mode (F4), whose keys and taps `WheelScreen` gives their meaning: the model carries out its response.
extension GalleryModel {
    /// Carries out what the wheel answered: a row opened in the pager mode used before the wheel, the arc flipped,
    /// the rows stepped.
    mutating func inWheel(_ response: WheelResponse, at time: Double) -> [GalleryEffect] {
        switch response {
        case .open(let photo): return switchMode(to: GalleryMode(pagerMode), at: time, showing: photo)
        case .flip: settings.wheelDirection = settings.wheelDirection == .clockwise ? .anticlockwise : .clockwise
        case .step(let command): return perform(command, at: time)
        }
        return []
    }
}
