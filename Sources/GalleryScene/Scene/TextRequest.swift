import Imaging

/// One text as a painter draws it: what `TextCache.prepare(_:renderer:)` makes a texture of before painting and
/// `TextCache.texture(_:)` finds while painting.
struct TextRequest: Hashable {
    /// The text, before any cut.
    var text: String
    /// The font size in points.
    var pointSize: Int
    /// The colour of the glyphs.
    var color: RGBA
    /// DejaVu Sans Mono rather than DejaVu Sans.
    var monospaced = false
    /// The width in pixels the text is cut to with an ellipsis when wider (`TextCache.elided`); nil: never cut.
    var fitting: Int?
}
