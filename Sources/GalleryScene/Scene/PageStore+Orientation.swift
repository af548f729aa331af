import GalleryCore
import Imaging

extension PageStore {
    /// A page texture of `size` as drawn in `pageBox` turned by `orientation`: sides swapped by a quarter turn, fitted
    /// into the box again when the turned picture no longer fits it (a landscape photo turned upright).
    func shownSize(of size: PixelSize, in pageBox: PixelSize, orientation: ViewOrientation) -> PixelSize {
        let drawn = drawnSize(of: size, in: pageBox)
        guard orientation.swapsSides else { return drawn }
        let turned = PixelSize(width: drawn.height, height: drawn.width)
        let fits = turned.width <= pageBox.width && turned.height <= pageBox.height
        return fits ? turned : turned.fitted(inside: pageBox)
    }
}
