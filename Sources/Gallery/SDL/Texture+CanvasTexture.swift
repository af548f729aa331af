import CSDL2
import GalleryScene
import Imaging

/// A texture is the scene's `CanvasTexture`, rewritten straight from a decoder's `PixelBuffer`: its rows are uploaded
/// where they are (a decoder process's shared memory included), with no surface and no copy in between.
extension Texture: CanvasTexture {
    /// The renderer that made it.
    public var canvas: any Canvas { renderer }

    /// Replaces all pixels with those of `pixels`, which must have the texture's size.
    public func update(from pixels: PixelBuffer) throws(SDLError) {
        guard pixels.size == size else {
            throw SDLError(call: "SDL_UpdateTexture", message: "pixels \(pixels.size) do not match texture \(size)")
        }
        guard let pitch = Int32(exactly: pixels.stride) else {
            throw SDLError(call: "SDL_UpdateTexture", message: "stride \(pixels.stride) too large")
        }
        try SDLError.check(SDL_UpdateTexture(handle, nil, pixels.storage.bytes, pitch), "SDL_UpdateTexture")
    }
}
