/// A page to decode: which page, from where, fitted into which box, for which layout generation.
public struct DecodeRequest: Sendable, Hashable {
    /// The logical page index the result belongs to.
    public var page: Int
    /// Where the picture comes from.
    public var source: PageSource
    /// The box the picture is fitted inside (the page's drawn size).
    public var box: PixelSize
    /// The caller's layout generation, returned with the result so results for an older layout can be dropped.
    public var generation: Int

    /// A request for `page` from `source`, fitted inside `box`, tagged with `generation`.
    public init(page: Int, source: PageSource, box: PixelSize, generation: Int) {
        self.page = page
        self.source = source
        self.box = box
        self.generation = generation
    }
}
