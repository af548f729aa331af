/// Where a `Canvas`'s fonts come from: the proportional font, or the monospaced one for text that changes every frame.
@MainActor
public protocol FontLibrary {
    /// The font at `pointSize`, monospaced when asked and installed (else the proportional one); throws when none is.
    func font(monospaced: Bool, pointSize: Int) throws -> any CanvasFont
}
