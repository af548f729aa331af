import CSDL2
import GalleryScene
import Imaging

/// An owned `SDL_Renderer` drawing into a window or into a surface. On the main actor, like every SDL render call.
///
/// The renderer keeps its window or target surface alive; textures keep the renderer alive (see `Texture`), so SDL's
/// required destruction order (textures, then renderer, then window) follows from the references.
/// Drawing is queued by SDL and runs at `present()` or `readPixels()`.
@MainActor
public final class Renderer {
    /// The pixel format of every texture this renderer makes and of `readPixels()`.
    public static let pixelFormat = Surface.pixelFormat

    /// The wrapped renderer; owned by this object.
    let handle: OpaquePointer
    /// The window or surface drawn into, held so it outlives the renderer.
    private let output: AnyObject
    /// Whether the next present is the window's first with vsync asked for: that one goes out at once (below).
    private var firstVsyncPresent = false
    /// The format of opaque textures: the output's own when it is XRGB8888 (an X11 window), so the software
    /// renderer's per-frame copies are plain same-format copies; ARGB8888 otherwise. Opaque ARGB8888 pixels have
    /// the same bytes as XRGB8888 ones, so uploads convert nothing either way.
    let opaqueTextureFormat: UInt32
    /// Why the software renderer was chosen without `--software` (see `RendererChoice`), e.g. "OpenGL here is
    /// llvmpipe (LLVM 15.0.6, 256 bits)", for the HUD; nil otherwise.
    public internal(set) var softwareReason: String?

    /// A renderer for `window`: SDL's software renderer when `software`, else the best accelerated one
    /// (`SDL_RENDER_DRIVER`, when set, overrides both: SDL obeys it first).
    public init(window: Window, software: Bool, vsync: Bool) throws(SDLError) {
        var flags = software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
        if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        handle = try SDLError.nonNull(SDL_CreateRenderer(window.handle, -1, flags), "SDL_CreateRenderer")
        output = window
        firstVsyncPresent = vsync && !Renderer.isSoftware(handle)
        let windowFormat = SDL_GetWindowPixelFormat(window.handle)
        opaqueTextureFormat =
            Renderer.isSoftware(handle) && windowFormat == SDL_PIXELFORMAT_RGB888.rawValue
            ? windowFormat : Renderer.pixelFormat
    }

    /// A software renderer drawing into `target` (headless mode and tests: no window or display needed).
    public init(target: Surface) throws(SDLError) {
        handle = try SDLError.nonNull(SDL_CreateSoftwareRenderer(target.handle), "SDL_CreateSoftwareRenderer")
        output = target
        opaqueTextureFormat = Renderer.pixelFormat
    }

    // Isolated: the object is destroyed on the main actor even when the last reference goes on another thread.
    isolated deinit {
        SDL_DestroyRenderer(handle)
    }

    /// SDL's name for this renderer: "software", "opengl", "opengles2", …
    public var name: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(handle, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// The longest texture side this renderer takes (`SDL_RendererInfo`'s max_texture_width and _height), or nil
    /// when it states none (the software renderer reports 0: any size that fits in memory).
    public var maximumTextureSide: Int? {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(handle, &info) == 0 else { return nil }
        let side = Int(min(info.max_texture_width, info.max_texture_height))
        return side > 0 ? side : nil
    }

    /// Whether this is SDL's software renderer (drawing on the CPU into the window's framebuffer).
    var isSoftware: Bool { Renderer.isSoftware(handle) }

    private static func isSoftware(_ handle: OpaquePointer) -> Bool {
        var info = SDL_RendererInfo()
        return SDL_GetRendererInfo(handle, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }

    /// Size in pixels of what the renderer draws into.
    public var outputSize: PixelSize {
        get throws(SDLError) {
            var width: Int32 = 0
            var height: Int32 = 0
            try SDLError.check(SDL_GetRendererOutputSize(handle, &width, &height), "SDL_GetRendererOutputSize")
            return PixelSize(width: Int(width), height: Int(height))
        }
    }

    /// Sets the colour used by `clear`, `fill` and `drawLine`.
    public func setDrawColor(_ color: RGBA) throws(SDLError) {
        try SDLError.check(SDL_SetRenderDrawColor(handle, color.r, color.g, color.b, color.a), "SDL_SetRenderDrawColor")
    }

    /// Fills the whole output (ignoring the clip rectangle) with the draw colour.
    public func clear() throws(SDLError) {
        try SDLError.check(SDL_RenderClear(handle), "SDL_RenderClear")
    }

    /// Fills `rect` with the draw colour.
    public func fill(_ rect: PixelRect) throws(SDLError) {
        var sdlRect = rect.sdlRect
        try SDLError.check(SDL_RenderFillRect(handle, &sdlRect), "SDL_RenderFillRect")
    }

    /// Fills each of `rects` with the draw colour, in one call.
    public func fill(rects: [PixelRect]) throws(SDLError) {
        guard !rects.isEmpty else { return }
        let sdlRects = rects.map(\.sdlRect)
        try SDLError.check(
            SDL_RenderFillRects(handle, sdlRects, Int32(clamping: sdlRects.count)), "SDL_RenderFillRects")
    }

    /// Draws a one-pixel line from `start` to `end`, both ends included, in the draw colour.
    public func drawLine(from start: PixelPoint, to end: PixelPoint) throws(SDLError) {
        try SDLError.check(
            SDL_RenderDrawLine(
                handle, Int32(clamping: start.x), Int32(clamping: start.y),
                Int32(clamping: end.x), Int32(clamping: end.y)),
            "SDL_RenderDrawLine")
    }

    /// Copies `source` of `texture` (all of it when nil) into `destination`, scaling if the sizes differ.
    public func copy(
        _ texture: any CanvasTexture, from source: PixelRect? = nil, to destination: PixelRect
    ) throws(SDLError) {
        // Only the part within the output is handed to SDL (see `ScaledCopy`).
        let bounds = PixelRect(size: try outputSize)
        guard
            let copy = ScaledCopy.visiblePart(
                of: source ?? PixelRect(size: texture.size), in: destination, within: bounds)
        else { return }
        var sourceRect = copy.source.sdlRect
        var destinationRect = copy.destination.sdlRect
        try SDLError.check(
            SDL_RenderCopy(handle, Self.handle(of: texture), &sourceRect, &destinationRect), "SDL_RenderCopy")
    }

    /// Copies all of `texture` into `destination`, turned `degrees` clockwise about the destination's centre.
    public func copy(
        _ texture: any CanvasTexture, to destination: PixelRect, rotatedBy degrees: Double
    ) throws(SDLError) {
        var destinationRect = destination.sdlRect
        try SDLError.check(
            SDL_RenderCopyEx(handle, Self.handle(of: texture), nil, &destinationRect, degrees, nil, SDL_FLIP_NONE),
            "SDL_RenderCopyEx")
    }

    /// Copies all of `texture` into `destination` mirrored left to right first when `mirrored`, then turned `degrees`
    /// clockwise about the destination's centre (SDL's order).
    public func copy(
        _ texture: any CanvasTexture, to destination: PixelRect, rotatedBy degrees: Double, mirrored: Bool
    ) throws(SDLError) {
        var destinationRect = destination.sdlRect
        try SDLError.check(
            SDL_RenderCopyEx(
                handle, Self.handle(of: texture), nil, &destinationRect, degrees, nil,
                mirrored ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE),
            "SDL_RenderCopyEx")
    }

    /// Fills `rect` with `color` blended over what is drawn (its alpha says how much), then draws opaque again.
    public func blend(_ rect: PixelRect, color: RGBA) throws(SDLError) {
        try SDLError.check(SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
        defer { SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE) }
        try setDrawColor(color)
        try fill(rect)
    }

    /// Restricts drawing to `rect`, or lifts the restriction when nil.
    public func setClip(_ rect: PixelRect?) throws(SDLError) {
        if var sdlRect = rect?.sdlRect {
            try SDLError.check(SDL_RenderSetClipRect(handle, &sdlRect), "SDL_RenderSetClipRect")
        } else {
            try SDLError.check(SDL_RenderSetClipRect(handle, nil), "SDL_RenderSetClipRect")
        }
    }

    /// Shows what was drawn (a window renderer flips, with vsync if asked; a surface renderer finishes drawing).
    public func present() {
        guard firstVsyncPresent else { return SDL_RenderPresent(handle) }
        // The first frame goes out without waiting for vsync: on Wayland a window not yet shown gets no frame
        // callback, and SDL 2.26's vsync'd swap waited 200–230 ms for one before the first photo reached the screen
        // (25–80 ms without). Every later frame waits for vsync as asked.
        firstVsyncPresent = false
        _ = SDL_RenderSetVSync(handle, 0)
        SDL_RenderPresent(handle)
        _ = SDL_RenderSetVSync(handle, 1)
    }

    /// Clears and presents once, when this is SDL's software renderer: the first present of a software window touches
    /// every page of its X shared-memory image for the first time, 10.5 ms against 1.6 ms for the next (`perf probe`
    /// on SDL_RenderPresent, a 1280×720 window). Done while the first photo decodes, that cost leaves the frame that
    /// shows it, and the window shows its background meanwhile. Does nothing for an accelerated renderer, whose
    /// present may wait for a display refresh.
    public func warmUp() {
        guard Self.isSoftware(handle), (try? clear()) != nil else { return }
        SDL_RenderPresent(handle)
    }

    /// A copy of the output's pixels in `Renderer.pixelFormat` (for shots and tests); runs queued drawing first.
    public func readPixels() throws(SDLError) -> Surface {
        let size = try outputSize
        let surface = try Surface(width: size.width, height: size.height)
        try SDLError.check(
            SDL_RenderReadPixels(
                handle, nil, Renderer.pixelFormat,
                surface.handle.pointee.pixels, surface.handle.pointee.pitch),
            "SDL_RenderReadPixels")
        return surface
    }

    /// An opaque texture of `width` × `height` meant to be rewritten often with `Texture.update(from:)`.
    public func makeStreamingTexture(width: Int, height: Int) throws(SDLError) -> Texture {
        let texture = try makeTexture(
            size: PixelSize(width: width, height: height), access: SDL_TEXTUREACCESS_STREAMING,
            format: opaqueTextureFormat)
        try SDLError.check(SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE), "SDL_SetTextureBlendMode")
        return texture
    }

    /// A texture in `format` (ARGB8888 or XRGB8888) with linear scaling.
    func makeTexture(size: PixelSize, access: SDL_TextureAccess, format: UInt32) throws(SDLError) -> Texture {
        let handle = try SDLError.nonNull(
            SDL_CreateTexture(
                self.handle, format, Int32(access.rawValue),
                Int32(clamping: size.width), Int32(clamping: size.height)),
            "SDL_CreateTexture")
        let texture = Texture(handle: handle, renderer: self, width: size.width, height: size.height)
        try SDLError.check(SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear), "SDL_SetTextureScaleMode")
        return texture
    }
}
