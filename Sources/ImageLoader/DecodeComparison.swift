import CSDLImage
import Imaging

/// What `make bench` compares TurboJPEG's scaled decoding against: SDL_image's full-size decode then a downscale (the
/// gallery's JPEG path before TurboJPEG), and a way to make large JPEG test files. Benchmarks only.
package enum DecodeComparison {
    /// Why SDL_image could not do it.
    package struct Failure: Error, CustomStringConvertible {
        /// SDL_image's message.
        package let description: String
    }

    /// Decodes `path` at full size with SDL_image, converts it and scales it to fit `box`; returns the fitted size.
    package static func fullDecode(path: String, fitting box: PixelSize) throws -> PixelSize {
        try loaded(path).scaled(toFit: box).size
    }

    /// Writes a JPEG of `size` at `quality`: `source` (any image file) tiled over it, so it has a photo's detail
    /// (and entropy) everywhere rather than a stretched photo's smoothness.
    package static func writeJPEG(to path: String, size: PixelSize, from source: String, quality: Int32 = 92) throws {
        let canvas = try loaded(source).tiled(to: size)
        guard
            let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                canvas.storage.bytes, Int32(size.width), Int32(size.height), 32, Int32(canvas.stride),
                SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw Failure(description: String(cString: SDL_GetError())) }
        defer { SDL_FreeSurface(surface) }
        guard IMG_SaveJPG(surface, path, quality) == 0 else {
            throw Failure(description: String(cString: gallery_loader_IMG_GetError()))
        }
    }

    /// The picture at `path`, decoded by SDL_image at full size.
    private static func loaded(_ path: String) throws -> PixelBuffer {
        guard let surface = IMG_Load(path) else {
            throw Failure(description: String(cString: gallery_loader_IMG_GetError()))
        }
        defer { SDL_FreeSurface(surface) }
        return try ImageLoader.pixels(of: surface)
    }
}
