import CSDL2
import GalleryScene
import Imaging

/// The renderer is the scene's `Canvas`: its drawing calls are the canvas's, its fonts SDL_ttf's, and the textures it
/// is handed back are its own.
extension Renderer: Canvas {
    /// SDL_ttf's fonts (`TTFFonts`).
    public var fonts: any FontLibrary { TTFFonts() }

    /// A static texture holding `pixels` (uploaded where they are, a decoder process's shared memory included): opaque
    /// (copied without blending) when their format is, else blending by alpha.
    public func makeTexture(from pixels: PixelBuffer) throws(SDLError) -> any CanvasTexture {
        let opaque = pixels.format.isOpaque
        let texture = try makeTexture(
            size: pixels.size, access: SDL_TEXTUREACCESS_STATIC,
            format: opaque ? opaqueTextureFormat : Renderer.pixelFormat)
        try SDLError.check(
            SDL_SetTextureBlendMode(texture.handle, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND),
            "SDL_SetTextureBlendMode")
        try texture.update(from: pixels)
        return texture
    }

    /// The SDL texture of `texture`, which a renderer made: the one place a canvas texture is taken back as a `Texture`.
    static func handle(of texture: any CanvasTexture) -> OpaquePointer {
        guard let texture = texture as? Texture else {
            preconditionFailure("\(type(of: texture)) was not made by a Renderer")
        }
        return texture.handle
    }
}
