import CSDL2

/// What `make bench` compares TurboJPEG's scaled decoding against: SDL_image's full-size decode then a downscale (the
/// gallery's JPEG path before TurboJPEG), and a way to make large JPEG test files. Benchmarks only.
package enum DecodeComparison {
    /// Decodes `path` at full size with SDL_image, converts it and scales it to fit `box`; returns the fitted size.
    package static func fullDecode(path: String, fitting box: PixelSize) throws -> PixelSize {
        guard let loaded = IMG_Load(path) else {
            throw SDLError(call: "IMG_Load", message: String(cString: gallery_IMG_GetError()))
        }
        let image = try Surface(taking: loaded).converted()
        return try image.scaled(toFit: box).size
    }

    /// Writes a JPEG of `size` at `quality`: `source` (any image file) tiled over it, so it has a photo's detail
    /// (and entropy) everywhere rather than a stretched photo's smoothness.
    package static func writeJPEG(to path: String, size: PixelSize, from source: String, quality: Int32 = 92) throws {
        guard let loaded = IMG_Load(source) else {
            throw SDLError(call: "IMG_Load", message: String(cString: gallery_IMG_GetError()))
        }
        let tile = try Surface(taking: loaded).converted()
        let canvas = try Surface(width: size.width, height: size.height, opaque: true)
        for y in stride(from: 0, to: size.height, by: tile.height) {
            for x in stride(from: 0, to: size.width, by: tile.width) {
                var destination = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(tile.width), h: Int32(tile.height))
                try SDLError.check(
                    gallery_SDL_BlitSurface(tile.handle, nil, canvas.handle, &destination), "SDL_BlitSurface")
            }
        }
        try SDLError.check(IMG_SaveJPG(canvas.handle, path, quality), "IMG_SaveJPG")
    }
}
