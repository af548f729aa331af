import CSDLImage
import Glibc
import Imaging

/// SDL_image's loaders, behind one small door: a file's bytes in, a `PixelBuffer` out. The only code that links
/// SDL_image (and SDL's core, for its surfaces and streams; never its video), so the imaging module and the viewer's
/// drawing need neither.
public enum ImageLoader {
    /// SDL_image's format libraries (JPEG, PNG, TIFF, WebP), loaded now: before a sandbox closes the file system, and
    /// once rather than at the first photo of each format. Returns whether JPEG and PNG are there.
    @discardableResult
    public static func prepare() -> Bool {
        let required = Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue)
        let wanted = required | Int32(IMG_INIT_TIF.rawValue | IMG_INIT_WEBP.rawValue)
        return IMG_Init(wanted) & required == required
    }

    /// SDL_image's version as loaded now, e.g. "2.6.3".
    public static var linkedVersion: String {
        guard FormatLibraries.load(.imageLoader) == nil, let version = IMG_Linked_Version() else {
            return "unavailable"
        }
        return "\(version.pointee.major).\(version.pointee.minor).\(version.pointee.patch)"
    }

    /// The picture in the file at `path`, in whatever format SDL_image finds there, at full size: for tests and
    /// benchmarks reading shots and fixtures (the gallery's own decodes check the header first, `load(_:_:)`).
    package static func load(path: String) throws(DecodeFailure.Reason) -> PixelBuffer {
        try FormatLibraries.require(.imageLoader)
        guard let surface = IMG_Load(path) else {
            throw .corrupt(format: "image", detail: String(cString: gallery_loader_IMG_GetError()))
        }
        defer { SDL_FreeSurface(surface) }
        return try pixels(of: surface)
    }

    /// The picture in `bytes` (a whole file of `format`, checked by its header) decoded by SDL_image's loader for that
    /// format, in `PixelFormat.argb8888` (`.xrgb8888` when it has no transparency). A PNG's transparency is repaired
    /// where SDL_image 2.6 gets it wrong (`PNGTransparency`).
    package static func load(_ format: ImageHeader.Format, _ bytes: UnsafeRawBufferPointer) throws(DecodeFailure.Reason)
        -> PixelBuffer
    {
        try FormatLibraries.require(.imageLoader)
        guard let stream = SDL_RWFromConstMem(bytes.baseAddress, Int32(clamping: bytes.count)) else {
            throw .processingFailed(String(cString: SDL_GetError()))
        }
        defer { SDL_RWclose(stream) }
        guard let loaded = loader(format, stream) else {
            throw .corrupt(format: format.rawValue, detail: String(cString: gallery_loader_IMG_GetError()))
        }
        defer { SDL_FreeSurface(loaded) }
        if format == .png, let png = PNGTransparency(bytes: bytes) {
            if let expanded = try png.expandedGreyAlpha(loaded) { return expanded }
            png.rekey(loaded)
        }
        return try pixels(of: loaded)
    }

    /// An animated GIF's frames in `bytes`, composited by SDL_image (disposal and transparency applied), with each
    /// frame's delay in milliseconds; nil when SDL_image finds no animation.
    public static func gifAnimation(_ bytes: UnsafeRawBufferPointer) throws(DecodeFailure.Reason)
        -> (frames: [PixelBuffer], delays: [Int])?
    {
        try FormatLibraries.require(.imageLoader)
        guard let stream = SDL_RWFromConstMem(bytes.baseAddress, Int32(clamping: bytes.count)) else {
            throw .processingFailed(String(cString: SDL_GetError()))
        }
        defer { SDL_RWclose(stream) }
        guard let animation = IMG_LoadGIFAnimation_RW(stream) else { return nil }
        defer { IMG_FreeAnimation(animation) }
        let count = Int(animation.pointee.count)
        guard count > 0, let frames = animation.pointee.frames, let delays = animation.pointee.delays else {
            return nil
        }
        var buffers: [PixelBuffer] = []
        buffers.reserveCapacity(count)
        for index in 0..<count {
            guard let frame = frames[index] else { throw .processingFailed("SDL_image gave no frame \(index)") }
            buffers.append(try pixels(of: frame))
        }
        return (buffers, (0..<count).map { Int(delays[$0]) })
    }

    /// The PNG bytes of `pixels`, encoded in memory: RGB when `opaque`, else RGBA (a cached thumbnail keeps its alpha).
    public static func png(of pixels: PixelBuffer, opaque: Bool) throws(DecodeFailure.Reason) -> [UInt8] {
        try FormatLibraries.require(.imageLoader)
        guard
            let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                pixels.storage.bytes, Int32(pixels.width), Int32(pixels.height), 32, Int32(pixels.stride),
                SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw .processingFailed(String(cString: SDL_GetError())) }
        defer { SDL_FreeSurface(surface) }
        let format = opaque ? SDL_PIXELFORMAT_RGB24 : SDL_PIXELFORMAT_RGBA32
        guard let converted = SDL_ConvertSurfaceFormat(surface, format.rawValue, 0) else {
            throw .processingFailed(String(cString: SDL_GetError()))
        }
        defer { SDL_FreeSurface(converted) }
        guard let stream = SDL_AllocRW() else { throw .processingFailed(String(cString: SDL_GetError())) }
        defer { SDL_FreeRW(stream) }
        let sink = Sink()
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
        let saved = withExtendedLifetime(sink) { IMG_SavePNG_RW(converted, stream, 0) }
        guard saved == 0 else { throw .processingFailed(String(cString: gallery_loader_IMG_GetError())) }
        return sink.bytes
    }

    /// Collects what SDL_image writes.
    private final class Sink {
        var bytes: [UInt8] = []
    }

    /// A copy of `surface` (any pixel format) in ARGB8888: opaque (`xrgb8888`) when the converted copy blends with
    /// nothing, as a format without alpha and without a colour key does.
    static func pixels(of surface: UnsafeMutablePointer<SDL_Surface>) throws(DecodeFailure.Reason) -> PixelBuffer {
        guard let converted = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw .processingFailed(String(cString: SDL_GetError()))
        }
        defer { SDL_FreeSurface(converted) }
        var mode = SDL_BLENDMODE_NONE
        SDL_GetSurfaceBlendMode(converted, &mode)
        let width = Int(converted.pointee.w), height = Int(converted.pointee.h)
        let buffer: PixelBuffer
        do {
            buffer = try PixelBuffer(
                width: width, height: height, format: mode == SDL_BLENDMODE_NONE ? .xrgb8888 : .argb8888)
        } catch {
            throw .processingFailed(error.description)
        }
        let pitch = Int(converted.pointee.pitch)
        let source = UnsafeRawPointer(converted.pointee.pixels!)
        for y in 0..<height { memcpy(buffer.row(y), source + y * pitch, width * 4) }
        return buffer
    }

    /// SDL_image's loader for `format` (the one the header was checked for, whatever SDL_image would guess).
    private static func loader(
        _ format: ImageHeader.Format, _ stream: UnsafeMutablePointer<SDL_RWops>
    ) -> UnsafeMutablePointer<SDL_Surface>? {
        switch format {
        case .jpeg: IMG_LoadJPG_RW(stream)
        case .png: IMG_LoadPNG_RW(stream)
        case .gif: IMG_LoadGIF_RW(stream)
        case .bmp: IMG_LoadBMP_RW(stream)
        case .webp: IMG_LoadWEBP_RW(stream)
        case .tiff: IMG_LoadTIF_RW(stream)
        case .tga: IMG_LoadTGA_RW(stream)
        case .qoi: IMG_LoadQOI_RW(stream)
        case .pnm: IMG_LoadPNM_RW(stream)
        case .heif, .avif, .jxl, .raw, .svg: nil  // decoded by libheif, libjxl, LibRaw and librsvg, never by SDL_image
        }
    }
}
