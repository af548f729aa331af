import CSDL2

extension Surface {
    /// A copy in `Surface.pixelFormat` of a surface whose two bytes a pixel are grey then alpha, whatever format SDL
    /// labels it with (SDL_image 2.6 calls such PNG surfaces RGB565: see `PNGTransparency`), blending with its alpha.
    func expandingGreyAlpha() throws(SDLError) -> Surface {
        precondition(handle.pointee.format.pointee.BytesPerPixel == 2, "grey + alpha surfaces have 2 bytes a pixel")
        let result = try Surface.uninitialized(width: width, height: height)
        SDL_SetSurfaceBlendMode(result.handle, SDL_BLENDMODE_BLEND)
        let sourcePitch = Int(handle.pointee.pitch)
        let targetPitch = Int(result.handle.pointee.pitch)
        let mustLock = gallery_SDL_MUSTLOCK(handle) != 0
        if mustLock { SDL_LockSurface(handle) }
        defer { if mustLock { SDL_UnlockSurface(handle) } }
        let source = UnsafeRawPointer(handle.pointee.pixels!)
        let target = result.handle.pointee.pixels!
        for y in 0..<height {
            let row = source + y * sourcePitch
            let out = (target + y * targetPitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let grey = UInt32(row.load(fromByteOffset: 2 * x, as: UInt8.self))
                let alpha = UInt32(row.load(fromByteOffset: 2 * x + 1, as: UInt8.self))
                out[x] = alpha << 24 | grey << 16 | grey << 8 | grey
            }
        }
        return result
    }
}
