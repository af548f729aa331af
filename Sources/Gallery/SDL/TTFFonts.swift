import GalleryScene

/// SDL_ttf's fonts, the scene's `FontLibrary`: DejaVu Sans, and DejaVu Sans Mono for monospaced text.
@MainActor
public struct TTFFonts: FontLibrary {
    /// Where to look for the monospaced font, in the order of `TextRenderer.defaultFontPaths`.
    static let monospacedFontPaths = TextRenderer.defaultFontPaths.map {
        $0.replacing("DejaVuSans", with: "DejaVuSansMono")
    }

    /// SDL_ttf's fonts (SDL_ttf must be started: `SDLSession`).
    public init() {}

    /// The proportional font at `pointSize`, or the monospaced one when asked and installed.
    public func font(monospaced: Bool, pointSize: Int) throws(SDLError) -> any CanvasFont {
        let path = monospaced ? Self.monospacedFontPaths.first(where: TextRenderer.isReadable) : nil
        return try TextRenderer(fontPath: path, pointSize: pointSize)
    }
}
