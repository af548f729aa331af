import GalleryScene
import Imaging

/// A TrueType font is the scene's `CanvasFont`.
extension TextRenderer: CanvasFont {
    /// `text` rendered (`render(_:color:)`) as a pixel buffer in `Surface.pixelFormat`.
    public func pixels(of text: String, color: RGBA) throws(SDLError) -> PixelBuffer {
        try render(text, color: color).pixelBuffer()
    }
}
