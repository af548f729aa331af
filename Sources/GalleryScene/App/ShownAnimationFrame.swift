import GalleryCore
import Support

/// Which animation frame a page texture holds.
struct ShownAnimationFrame {
    /// The animated photo.
    var photo: PhotoID
    /// The frame written into its texture.
    var frame: Int
    /// The texture (weak: the store may drop it, and a new one holds the first frame).
    weak var texture: (any CanvasTexture)?
}
