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

    /// Writes a JPEG of `size` at `quality`: `source` (any image file) stretched to that size.
    package static func writeJPEG(to path: String, size: PixelSize, from source: String, quality: Int32 = 90) throws {
        guard let loaded = IMG_Load(source) else {
            throw SDLError(call: "IMG_Load", message: String(cString: gallery_IMG_GetError()))
        }
        let stretched = try Surface(taking: loaded).converted().scaled(to: size)
        try SDLError.check(IMG_SaveJPG(stretched.handle, path, quality), "IMG_SaveJPG")
    }
}
