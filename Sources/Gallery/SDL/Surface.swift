import CSDL2
import Glibc
import Imaging

/// An owned `SDL_Surface`: pixels in CPU memory, freed when the last reference goes.
///
/// Surfaces made here are ARGB8888 (`Surface.pixelFormat`), the one format every surface and texture of the app uses,
/// so copies between them never convert (SDL's cross-format blits cost 2–8×).
///
/// Decoded pictures are `PixelBuffer`s, not surfaces: a surface is what SDL itself draws into or makes (text glyphs,
/// headless frames and shots).
///
/// `@unchecked Sendable` because a surface changes hands whole: whoever fills it hands it on and keeps no reference.
/// SDL surfaces have no thread affinity; the wrapper itself holds only the pointer, so nothing is shared while two
/// threads could race. Do not draw into a surface from two threads at once.
public final class Surface: @unchecked Sendable {
    /// ARGB8888 as an `SDL_PixelFormatEnum` raw value: the pixel format of every surface and texture made here.
    public static let pixelFormat: UInt32 = SDL_PIXELFORMAT_ARGB8888.rawValue

    /// The wrapped surface; owned by this object.
    let handle: UnsafeMutablePointer<SDL_Surface>
    /// The memory of the pixel buffer this surface was made over (`init(wrapping:)`), kept alive as long as the
    /// surface; nil when SDL owns the pixels.
    private let storage: PixelStorage?

    /// A new ARGB8888 surface of `width` × `height`, filled with transparent black.
    ///
    /// An `opaque` surface copies without alpha blending (a plain copy is several times faster in the software
    /// renderer); the blend mode carries over to converted and scaled copies and to textures made from it.
    public init(width: Int, height: Int, opaque: Bool = false) throws(SDLError) {
        guard width > 0, height > 0, let width32 = Int32(exactly: width), let height32 = Int32(exactly: height) else {
            throw SDLError(call: "SDL_CreateRGBSurfaceWithFormat", message: "invalid surface size \(width)×\(height)")
        }
        handle = try SDLError.nonNull(
            SDL_CreateRGBSurfaceWithFormat(0, width32, height32, 32, Surface.pixelFormat),
            "SDL_CreateRGBSurfaceWithFormat")
        storage = nil
        if opaque {
            SDL_SetSurfaceBlendMode(handle, SDL_BLENDMODE_NONE)
        }
    }

    /// A new ARGB8888 surface of `width` × `height` whose pixels are not initialised: for a caller that writes every
    /// pixel next (a decoder, a scaler, a rotation).
    ///
    /// `SDL_CreateRGBSurfaceWithFormat` zero-fills its pixels, which for a decode target is a whole extra pass over
    /// ~3 MB per photo (and the page faults, taken in the memset rather than in the decoder): 54 of 527 samples of the
    /// start in docs/PERFORMANCE.md. Large blocks come from `mmap` (see `mallopt` in GalleryApp/main.swift), so the
    /// pages are only touched, once, by the writer.
    public static func uninitialized(width: Int, height: Int, opaque: Bool = false) throws(SDLError) -> Surface {
        try Surface(
            wrapping: Surface.bridged { () throws(PixelBufferError) in
                try PixelBuffer(width: width, height: height, format: opaque ? .xrgb8888 : .argb8888)
            })
    }

    /// A surface over `buffer`'s pixels, without a copy: the surface keeps the buffer's memory alive. An opaque buffer
    /// (`PixelFormat.xrgb8888`) makes an opaque surface, copied without blending.
    public init(wrapping buffer: PixelBuffer) throws(SDLError) {
        guard let width = Int32(exactly: buffer.width), let height = Int32(exactly: buffer.height),
            let pitch = Int32(exactly: buffer.stride)
        else {
            throw SDLError(call: "SDL_CreateRGBSurfaceWithFormatFrom", message: "invalid surface size \(buffer.size)")
        }
        handle = try SDLError.nonNull(
            SDL_CreateRGBSurfaceWithFormatFrom(buffer.storage.bytes, width, height, 32, pitch, Surface.pixelFormat),
            "SDL_CreateRGBSurfaceWithFormatFrom")
        storage = buffer.storage
        if buffer.format.isOpaque {
            SDL_SetSurfaceBlendMode(handle, SDL_BLENDMODE_NONE)
        }
    }

    /// The pixels as a `PixelBuffer` over the same memory (no copy) when the surface was made over one and is in
    /// `Surface.pixelFormat`; otherwise a copy in that format.
    public func pixelBuffer() throws(SDLError) -> PixelBuffer {
        let format: PixelFormat = isOpaque ? .xrgb8888 : .argb8888
        if let storage, hasStandardFormat {
            let pitch = Int(handle.pointee.pitch)
            return try Surface.bridged { () throws(PixelBufferError) in
                try PixelBuffer(width: width, height: height, stride: pitch, format: format, storage: storage)
            }
        }
        let source = hasStandardFormat ? self : try converted()
        let copy = try Surface.bridged { () throws(PixelBufferError) in
            try PixelBuffer(width: width, height: height, format: format)
        }
        let pitch = Int(source.handle.pointee.pitch)
        source.withLockedPixels { pixels in
            for y in 0..<height { memcpy(copy.row(y), pixels + y * pitch, width * 4) }
        }
        return copy
    }

    /// Takes ownership of a surface returned by SDL (any pixel format); it is freed with this object.
    public convenience init(taking handle: UnsafeMutablePointer<SDL_Surface>) {
        self.init(taking: handle, storage: nil)
    }

    /// Takes ownership of `handle`, made over `storage` when not nil.
    private init(taking handle: UnsafeMutablePointer<SDL_Surface>, storage: PixelStorage?) {
        self.handle = handle
        self.storage = storage
    }

    deinit {
        // The surface goes first; the storage it was made over is released after this body.
        SDL_FreeSurface(handle)
    }

    /// Width in pixels.
    public var width: Int { Int(handle.pointee.w) }

    /// Height in pixels.
    public var height: Int { Int(handle.pointee.h) }

    /// Width and height in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Bytes of pixel memory (`pitch · height`; `width · height · 4` for ARGB8888).
    public var byteCount: Int { Int(handle.pointee.pitch) * height }

    /// Whether the pixels are in `Surface.pixelFormat`.
    public var hasStandardFormat: Bool { handle.pointee.format.pointee.format == Surface.pixelFormat }

    /// Whether copies of this surface ignore alpha (blend mode none) rather than blend.
    public var isOpaque: Bool {
        var mode = SDL_BLENDMODE_NONE
        SDL_GetSurfaceBlendMode(handle, &mode)
        return mode == SDL_BLENDMODE_NONE
    }

    /// The colour at (`x`, `y`) of a 32-bit surface (any channel order). Meant for tests and shots, not per-pixel loops.
    public func pixel(x: Int, y: Int) -> RGBA {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(size)")
        let format = handle.pointee.format!
        precondition(format.pointee.BytesPerPixel == 4, "pixel(x:y:) reads 32-bit surfaces only")
        let value = withLockedPixels { pixels in
            pixels.load(fromByteOffset: y * Int(handle.pointee.pitch) + x * 4, as: UInt32.self)
        }
        var color = RGBA.clear
        SDL_GetRGBA(value, format, &color.r, &color.g, &color.b, &color.a)
        return color
    }

    /// Fills `rect` (the whole surface when nil) with `color`, replacing what was there (no blending).
    public func fill(_ rect: PixelRect?, color: RGBA) throws(SDLError) {
        let mapped = SDL_MapRGBA(handle.pointee.format, color.r, color.g, color.b, color.a)
        if var sdlRect = rect?.sdlRect {
            try SDLError.check(SDL_FillRect(handle, &sdlRect, mapped), "SDL_FillRect")
        } else {
            try SDLError.check(SDL_FillRect(handle, nil, mapped), "SDL_FillRect")
        }
    }

    /// Fills every rectangle of `rects` with `color`, replacing what was there.
    public func fill(rects: [PixelRect], color: RGBA) throws(SDLError) {
        guard !rects.isEmpty else { return }
        let mapped = SDL_MapRGBA(handle.pointee.format, color.r, color.g, color.b, color.a)
        let sdlRects = rects.map(\.sdlRect)
        try SDLError.check(SDL_FillRects(handle, sdlRects, Int32(clamping: sdlRects.count), mapped), "SDL_FillRects")
    }

    /// Writes the surface to `path` as a PNG (alpha kept).
    public func savePNG(to path: String) throws(SDLError) {
        try write(try png(opaque: false), to: path)
    }

    /// Writes the surface to `path` as an opaque PNG (RGB, no alpha channel: alpha 255 everywhere when read back).
    public func saveOpaquePNG(to path: String) throws(SDLError) {
        try write(try png(opaque: true), to: path)
    }

    /// The PNG bytes of the surface (RGB when `opaque`, else RGBA).
    func png(opaque: Bool) throws(SDLError) -> [UInt8] {
        let pixels = try pixelBuffer()
        do throws(PixelBufferError) { return try PNGEncoder.png(of: pixels, opaque: opaque) } catch {
            throw SDLError(call: "PNGEncoder", message: error.description)
        }
    }

    /// Writes `bytes` to a new file at `path` (replacing one there).
    private func write(_ bytes: [UInt8], to path: String) throws(SDLError) {
        guard let file = fopen(path, "wb") else {
            throw SDLError(call: "IMG_SavePNG", message: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard fclose(file) == 0, written == bytes.count else {
            throw SDLError(call: "IMG_SavePNG", message: "cannot write \(path)")
        }
    }

    /// A copy in `Surface.pixelFormat`, keeping transparency and the blend mode.
    ///
    /// A source without an alpha channel (a JPEG, say) becomes an opaque surface; colour-keyed pixels become transparent.
    public func converted() throws(SDLError) -> Surface {
        let copy = Surface(
            taking: try SDLError.nonNull(
                SDL_ConvertSurfaceFormat(handle, Surface.pixelFormat, 0), "SDL_ConvertSurfaceFormat"))
        return copy
    }

    /// A copy scaled to exactly `size` with linear filtering, in `Surface.pixelFormat`, keeping the blend mode.
    ///
    /// Large reductions go through repeated halvings first: one bilinear step reads only 2×2 source pixels per output
    /// pixel, so shrinking by more than 2× in one step would skip most of the image and alias, while an exact halving
    /// averages each 2×2 block.
    ///
    /// Enlargements of 2× or more are made of whole pixels first: each source pixel becomes an n×n block (nearest
    /// neighbour, n the whole part of the enlargement), and only the rest, less than 2×, is linear. A small picture
    /// enlarged to the window shows its pixels as sharp squares with at most a pixel of blend at their edges, rather
    /// than a blur (the "sharp bilinear" of pixel-art scalers).
    public func scaled(to size: PixelSize) throws(SDLError) -> Surface {
        let source = try pixelBuffer()
        let target = try Surface(
            wrapping: Surface.bridged { () throws(PixelBufferError) in try source.scaled(to: size) })
        var mode = SDL_BLENDMODE_NONE
        SDL_GetSurfaceBlendMode(handle, &mode)
        SDL_SetSurfaceBlendMode(target.handle, mode)
        return target
    }

    /// A copy scaled with linear filtering to the largest size that keeps the aspect ratio and fits inside `box`.
    public func scaled(toFit box: PixelSize) throws(SDLError) -> Surface {
        try scaled(to: size.fitted(inside: box))
    }

    /// `body`'s pixel buffer, its failure as an `SDLError`.
    static func bridged<Result>(_ body: () throws(PixelBufferError) -> Result) throws(SDLError) -> Result {
        do { return try body() } catch { throw SDLError(call: "PixelBuffer", message: error.description) }
    }

    /// Runs `body` with the pixel memory, locking the surface when SDL requires it (RLE surfaces).
    func withLockedPixels<Result>(_ body: (UnsafeMutableRawPointer) -> Result) -> Result {
        let mustLock = gallery_SDL_MUSTLOCK(handle) != 0
        if mustLock {
            SDL_LockSurface(handle)
        }
        defer {
            if mustLock {
                SDL_UnlockSurface(handle)
            }
        }
        return body(handle.pointee.pixels)
    }
}
