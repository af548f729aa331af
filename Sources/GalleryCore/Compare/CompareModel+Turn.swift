import PagerEngine
import Support

/// `<` `>` `|` `_` on the compare screen turn and mirror both photos together: a burst is shot one way, so a culler
/// who turns one wants the other turned alike, and the locked zoom keeps comparing the same detail. The turn is each
/// photo's view turn, kept by the gallery as the pager's is (a photo the arrows bring in shows its own).
extension CompareModel {
    /// Turns or mirrors both photos' views by `change`: their sizes as drawn turn at once; the zoom keeps its share of
    /// their own pixels, and the detail at the boxes' centres stays there, turned with the photos. The gallery turns
    /// the photos' views (`CompareResponse.orient`); sizes it measured before the turn are not taken until it measures
    /// again.
    mutating func turn(_ change: ViewOrientation.Change) -> CompareResponse {
        let kept = zoom.map { zoom -> PhotoZoom in
            let pan = Self.turnedPan(x: zoom.panX, y: zoom.panY, by: change)
            return zoom.panned(toX: pan.x, y: pan.y)
        }
        (leftPicture, rightPicture) = (leftPicture?.turned(by: change), rightPicture?.turned(by: change))
        grip = nil
        keep(kept)
        awaitsPictures = true
        return .orient(change)
    }

    /// The pan that keeps the detail at the box's centre there once the photo is turned by `change`: the pan is the
    /// photo's centre from the box's, so it turns (or mirrors) with the photo.
    static func turnedPan(x: Double, y: Double, by change: ViewOrientation.Change) -> (x: Double, y: Double) {
        switch change {
        // A quarter clockwise takes the photo's point right of its centre below it.
        case .turnClockwise: (-y, x)
        case .turnAnticlockwise: (y, -x)
        case .mirrorHorizontally: (-x, y)
        case .mirrorVertically: (x, -y)
        }
    }
}
