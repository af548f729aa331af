import CSDL2
import Glibc
import Imaging

/// One TrueType font at one size, rendering text into surfaces. On the main actor: FreeType is not thread-safe.
@MainActor
public final class TextRenderer {
    /// Where to look for the default font (DejaVu Sans), in order: Debian/Ubuntu, Fedora, Arch, then local installs.
    public static let defaultFontPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/local/share/fonts/DejaVuSans.ttf",
        "/Library/Fonts/DejaVuSans.ttf",
    ]

    /// The font file in use.
    public let fontPath: String
    /// The size the font was opened at, in points (pixels at SDL_ttf's default 72 dpi).
    public let pointSize: Int
    /// The wrapped `TTF_Font`; owned by this object.
    private let font: OpaquePointer

    /// Opens `fontPath`, or the first readable file of `defaultFontPaths` when nil, at `pointSize`.
    public init(fontPath: String? = nil, pointSize: Int) throws(SDLError) {
        guard let path = fontPath ?? TextRenderer.defaultFontPaths.first(where: { access($0, R_OK) == 0 }) else {
            throw SDLError(
                call: "TTF_OpenFont",
                message: "no font found; looked in \(TextRenderer.defaultFontPaths.joined(separator: ", "))")
        }
        font = try SDLError.nonNull(TTF_OpenFont(path, Int32(clamping: pointSize)), "TTF_OpenFont")
        self.fontPath = path
        self.pointSize = pointSize
    }

    // Isolated: the object is destroyed on the main actor even when the last reference goes on another thread.
    isolated deinit {
        TTF_CloseFont(font)
    }

    /// Whether the file at `path` can be read (to pick the first installed font of a list).
    public static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// The height of one line of text in pixels.
    public var lineHeight: Int { Int(TTF_FontHeight(font)) }

    /// The size `text` renders at: its advance width and the line height.
    public func size(of text: String) throws(SDLError) -> PixelSize {
        var width: Int32 = 0
        var height: Int32 = 0
        try SDLError.check(TTF_SizeUTF8(font, text, &width, &height), "TTF_SizeUTF8")
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// `text` anti-aliased in `color` on a transparent background, in `Surface.pixelFormat`.
    ///
    /// Text that renders to nothing (empty, or only zero-width characters such as U+200B or U+202E, which SDL_ttf
    /// refuses with "Text has zero width") gives a transparent 1-pixel-wide surface one line high, so callers need no
    /// special case and a file name or EXIF field of them draws nothing.
    public func render(_ text: String, color: RGBA) throws(SDLError) -> Surface {
        guard !text.isEmpty, try size(of: text).width > 0 else {
            return try Surface(width: 1, height: max(lineHeight, 1))
        }
        let rendered = Surface(
            taking: try SDLError.nonNull(
                TTF_RenderUTF8_Blended(font, text, SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)),
                "TTF_RenderUTF8_Blended"))
        return rendered.hasStandardFormat ? rendered : try rendered.converted()
    }
}
