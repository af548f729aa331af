import GalleryCore
import Imaging
import PagerEngine
import Support

/// What a screen's presenter draws with in one frame and asks decodes of: the model as it is, the library, the
/// canvas, the page and thumbnail stores, where the photo is fitted, and the frame's time.
@MainActor
struct FrameContext {
    /// The model this frame shows.
    let model: GalleryModel
    /// The pages shown.
    let library: PageLibrary
    /// The canvas drawn on.
    let renderer: any Canvas
    /// The pages' pictures and textures.
    let store: any PageStore
    /// The grid's and the wheel's thumbnails.
    let thumbnails: ThumbnailStore
    /// Where a photo is fitted (above the status bar when on).
    let photoBox: PixelRect
    /// The thumbnails' share of the cache budget, in bytes.
    let thumbnailBytes: Int

    /// The frame's time.
    var now: Double { model.now }
}
