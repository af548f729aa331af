import Imaging

/// One font at one size, measuring text and rasterising it into pixels. On the main actor, like the canvas.
@MainActor
public protocol CanvasFont: AnyObject {
    /// The height of one line of text in pixels.
    var lineHeight: Int { get }
    /// The size `text` renders at: its advance width and the line height.
    func size(of text: String) throws -> PixelSize
    /// `text` anti-aliased in `color` on a transparent background (empty text: one transparent pixel wide, one line
    /// high).
    func pixels(of text: String, color: RGBA) throws -> PixelBuffer
}
