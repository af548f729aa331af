import GalleryCore
import Imaging
import PagerEngine
import Support

/// What the compare screen tells the window's overlays and the frame step (its drawing and decoding are
/// `ComparePresenter`'s): where its photos are drawn, the right-hand photo's name, and the status bar's facts.
extension GalleryController {
    /// Where the compare screen draws its photos, as the model places them (a side not measured yet: -1); empty outside
    /// compare.
    var comparedFrames: [Double] {
        guard let compare = model.compare else { return [] }
        return CompareSide.allCases.flatMap { side in
            compare.frame(of: side).map { [$0.x, $0.y, $0.width, $0.height] } ?? [-1]
        }
    }

    /// The right-hand photo's name, for the information line and the status bar; empty outside compare.
    var comparedName: String {
        guard let photo = model.compare?.right, photo.rawValue < library.count else { return "" }
        return library.name(forPhoto: photo)
    }

    /// The status bar's facts in compare: the left-hand photo's own pixels and the share of them both are shown at.
    var compareFacts: (size: (width: Int, height: Int)?, zoomPercent: Int?)? {
        guard let compare = model.compare else { return nil }
        let picture = compare.picture(on: .left)
        return (
            picture.map { (Int($0.width), Int($0.height)) },
            compare.imageScale(of: .left).map { Int(($0 * 100).rounded()) }
        )
    }
}
