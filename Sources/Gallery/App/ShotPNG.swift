import CSDL2
import GalleryCore

/// A frame as the bytes of a headless shot: an opaque RGB PNG carrying the gallery's mark (`ShotMark`), encoded in
/// memory so that it is written through `OutputFile` (the output policy), never by SDL opening a path itself. Cached
/// thumbnails are encoded here too (`ThumbnailMaker`), and written by `ThumbnailCache`.
enum ShotPNG {
    /// The PNG bytes of `surface`, marked.
    static func encode(_ surface: Surface) throws(SDLError) -> [UInt8] {
        guard let marked = ShotMark.marking(try png(of: surface, opaque: true)) else {
            throw SDLError(call: "IMG_SavePNG_RW", message: "the encoder wrote no PNG header")
        }
        return marked
    }

    /// The PNG bytes of `surface`, unmarked: RGB when `opaque`, else RGBA (a cached thumbnail keeps its alpha).
    static func png(of surface: Surface, opaque: Bool) throws(SDLError) -> [UInt8] {
        let format = opaque ? SDL_PIXELFORMAT_RGB24 : SDL_PIXELFORMAT_RGBA32
        let rgb = try SDLError.nonNull(
            SDL_ConvertSurfaceFormat(surface.handle, format.rawValue, 0), "SDL_ConvertSurfaceFormat")
        defer { SDL_FreeSurface(rgb) }
        let sink = Sink()
        let stream = try SDLError.nonNull(SDL_AllocRW(), "SDL_AllocRW")
        defer { SDL_FreeRW(stream) }
        stream.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
        stream.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(sink).toOpaque()
        stream.pointee.size = { _ in -1 }
        stream.pointee.seek = { _, _, _ in -1 }
        stream.pointee.read = { _, _, _, _ in 0 }
        stream.pointee.close = { _ in 0 }
        stream.pointee.write = { stream, bytes, size, count in
            guard let stream, let bytes, let context = stream.pointee.hidden.unknown.data1 else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: size * count))
            return count
        }
        try withExtendedLifetime(sink) { () throws(SDLError) in
            try SDLError.check(IMG_SavePNG_RW(rgb, stream, 0), "IMG_SavePNG_RW")
        }
        return sink.bytes
    }

    /// Collects what SDL_image writes.
    private final class Sink {
        var bytes: [UInt8] = []
    }
}
