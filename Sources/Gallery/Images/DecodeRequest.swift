/// A page to decode: which page, from where, fitted into which box, for which layout generation.
public struct DecodeRequest: Sendable, Hashable {
    /// The logical page index the result belongs to.
    public var page: Int
    /// Where the picture comes from.
    public var source: PageSource
    /// The box the picture is fitted inside (the page's drawn size).
    public var box: PixelSize
    /// The part of the fitted picture wanted, in its pixels (a zoomed photo's visible region), or nil for all of it.
    public var region: PixelRect?
    /// The caller's layout generation, returned with the result so results for an older layout can be dropped.
    public var generation: Int

    /// A request for `page` from `source`, fitted inside `box`, tagged with `generation`.
    public init(page: Int, source: PageSource, box: PixelSize, region: PixelRect? = nil, generation: Int) {
        self.page = page
        self.source = source
        self.box = box
        self.region = region
        self.generation = generation
    }
}
