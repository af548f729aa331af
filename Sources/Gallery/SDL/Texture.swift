import CSDL2
import Imaging

/// An owned `SDL_Texture` in `Surface.pixelFormat`, scaled with linear filtering. On the main actor, like its renderer.
///
/// A texture holds its renderer strongly: SDL requires textures to be destroyed before their renderer, and this way the
/// renderer cannot go first whatever order the app drops its references in.
@MainActor
public final class Texture {
    /// The wrapped texture; owned by this object.
    let handle: OpaquePointer
    /// The renderer that made this texture and draws it.
    public let renderer: Renderer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// Wraps `handle`, made by `renderer` with the given size.
    init(handle: OpaquePointer, renderer: Renderer, width: Int, height: Int) {
        self.handle = handle
        self.renderer = renderer
        self.width = width
        self.height = height
    }

    // Isolated: the object is destroyed on the main actor even when the last reference goes on another thread.
    isolated deinit {
        SDL_DestroyTexture(handle)
    }

    /// Whether copies blend by alpha (for fades and transparent pictures) or overwrite.
    public func setBlendMode(blending: Bool) throws(SDLError) {
        try SDLError.check(
            SDL_SetTextureBlendMode(handle, blending ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE),
            "SDL_SetTextureBlendMode")
    }

    /// Whether copies blend by alpha now.
    public var isBlending: Bool {
        var mode = SDL_BLENDMODE_NONE
        SDL_GetTextureBlendMode(handle, &mode)
        return mode == SDL_BLENDMODE_BLEND
    }

    /// Multiplies the texture's alpha by `alpha` (0 transparent … 255 as drawn) in later copies.
    public func setAlphaModulation(_ alpha: UInt8) throws(SDLError) {
        try SDLError.check(SDL_SetTextureAlphaMod(handle, alpha), "SDL_SetTextureAlphaMod")
    }

    /// Multiplies the texture's colour by `color` in later copies (white draws it as it is).
    public func setColorModulation(_ color: RGBA) throws(SDLError) {
        try SDLError.check(SDL_SetTextureColorMod(handle, color.r, color.g, color.b), "SDL_SetTextureColorMod")
    }
}
