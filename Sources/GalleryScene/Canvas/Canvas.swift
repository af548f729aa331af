import Imaging

/// What the gallery draws on: the seam between the scene (controller, stores, painters) and a renderer, so this module
/// needs no SDL. `Gallery`'s `Renderer` is the one canvas; it takes back only textures it made (`makeTexture(from:)`).
///
/// Drawing is queued and runs when the renderer presents. On the main actor, like every SDL render call.
@MainActor
public protocol Canvas: AnyObject {
    /// The renderer's name ("software", "opengl", …), for the information panel.
    var name: String { get }
    /// Size in pixels of what is drawn into.
    var outputSize: PixelSize { get throws }
    /// The longest texture side the canvas takes, or nil when it states none.
    var maximumTextureSide: Int? { get }
    /// The fonts text is rasterised with.
    var fonts: any FontLibrary { get }
    /// Sets the colour used by `clear` and `fill` (`blend` sets its own and leaves it set).
    func setDrawColor(_ color: RGBA) throws
    /// Fills the whole output (ignoring the clip rectangle) with the draw colour.
    func clear() throws
    /// Fills `rect` with the draw colour.
    func fill(_ rect: PixelRect) throws
    /// Fills each of `rects` with the draw colour, in one call.
    func fill(rects: [PixelRect]) throws
    /// Copies `source` of `texture` (all of it when nil) into `destination`, scaling if the sizes differ.
    func copy(_ texture: any CanvasTexture, from source: PixelRect?, to destination: PixelRect) throws
    /// Copies all of `texture` into `destination`, turned `degrees` clockwise about the destination's centre.
    func copy(_ texture: any CanvasTexture, to destination: PixelRect, rotatedBy degrees: Double) throws
    /// Copies all of `texture` into `destination` mirrored left to right first when `mirrored`, then turned `degrees`
    /// clockwise about the destination's centre.
    func copy(_ texture: any CanvasTexture, to destination: PixelRect, rotatedBy degrees: Double, mirrored: Bool) throws
    /// Fills `rect` with `color` blended over what is drawn (its alpha says how much), then draws opaque again.
    func blend(_ rect: PixelRect, color: RGBA) throws
    /// Restricts drawing to `rect`, or lifts the restriction when nil.
    func setClip(_ rect: PixelRect?) throws
    /// A static texture holding `pixels`: opaque when their format is, else blending by alpha.
    func makeTexture(from pixels: PixelBuffer) throws -> any CanvasTexture
}

extension Canvas {
    /// Copies all of `texture` into `destination`, scaling if the sizes differ.
    public func copy(_ texture: any CanvasTexture, to destination: PixelRect) throws {
        try copy(texture, from: nil, to: destination)
    }
}
