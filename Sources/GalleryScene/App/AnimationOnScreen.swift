import GalleryCore
import Imaging
import Support

/// The animation of the photo on screen as the canvas plays it: the stream decoding its frames, and the frame last
/// written into its page texture.
struct AnimationOnScreen {
    /// The animation whose frames are being decoded: stopped, its memory let go, when it leaves the screen.
    var playing: (photo: PhotoID, stream: AnimationStream, failed: Bool)?
    /// The animation frame last written into a page texture, so a frame is uploaded once.
    var shownFrame: ShownAnimationFrame?
}
