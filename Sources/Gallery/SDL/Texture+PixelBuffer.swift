import CSDL2

/// Textures made and rewritten straight from a decoder's `PixelBuffer`: its rows are uploaded where they are (a decoder
/// process's shared memory included), with no surface and no copy in between.
extension Texture {
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

extension Renderer {
    /// A static texture holding `pixels`: opaque (copied without blending) when their format is, else blending by
    /// alpha.
    public func makeTexture(from pixels: PixelBuffer) throws(SDLError) -> Texture {
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
}
