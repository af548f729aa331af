import Imaging

/// A picture held by a `Canvas`, made by it and drawn only on it (`Canvas.copy`). On the main actor, like its canvas.
@MainActor
public protocol CanvasTexture: AnyObject {
    /// Width in pixels.
    var width: Int { get }
    /// Height in pixels.
    var height: Int { get }
    /// The canvas that made this texture and draws it.
    var canvas: any Canvas { get }
    /// Whether copies blend by alpha now.
    var isBlending: Bool { get }
    /// Whether copies blend by alpha (for fades and transparent pictures) or overwrite.
    func setBlendMode(blending: Bool) throws
    /// Multiplies the texture's alpha by `alpha` (0 transparent … 255 as drawn) in later copies.
    func setAlphaModulation(_ alpha: UInt8) throws
    /// Multiplies the texture's colour by `color` in later copies (white draws it as it is).
    func setColorModulation(_ color: RGBA) throws
    /// Replaces all pixels with those of `pixels`, which must have the texture's size.
    func update(from pixels: PixelBuffer) throws
}

extension CanvasTexture {
    /// Width and height in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Bytes of pixel memory (`width · height · 4`): what the texture budget counts.
    public var byteCount: Int { width * height * 4 }
}
