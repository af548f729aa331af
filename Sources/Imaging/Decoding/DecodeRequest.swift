import Support

/// A photo to decode: which photo, from where, fitted into which box, for which layout generation, and for what.
public struct DecodeRequest: Sendable, Hashable {
    /// What the worker does for a request beyond decoding the picture.
    public enum Purpose: Sendable, Hashable {
        /// The picture, nothing more (wheel thumbnails, a zoomed photo's detail).
        case picture
        /// A page: the file's identity (`FileStamp`) and its header's size come back with the picture, and the size
        /// also at once in a `DecodeNote`, so the placeholder takes the photo's shape long before a slow file decodes.
        case page
        /// A page shown again whose drawn decode came from the file with identity `shown` (nil: it could not be
        /// examined then): the worker examines the file and decodes it again, as `.page`, only if it differs now;
        /// otherwise it answers with an `.unchanged` note.
        case revalidate(shown: FileStamp?)
    }

    /// The photo the result belongs to.
    public var photo: PhotoID
    /// Where the picture comes from.
    public var source: PageSource
    /// The box the picture is fitted inside (the page's drawn size).
    public var box: PixelSize
    /// The part of the fitted picture wanted, in its pixels (a zoomed photo's visible region), or nil for all of it.
    public var region: PixelRect?
    /// The caller's layout generation, returned with the result so results for an older layout can be dropped.
    public var generation: Int
    /// What the worker reports besides the picture.
    public var purpose: Purpose

    /// A request for `photo` from `source`, fitted inside `box` (only `region` of it, if given), tagged with
    /// `generation`, for `purpose`.
    public init(
        photo: PhotoID, source: PageSource, box: PixelSize, region: PixelRect? = nil, generation: Int,
        purpose: Purpose = .picture
    ) {
        self.photo = photo
        self.source = source
        self.box = box
        self.region = region
        self.generation = generation
        self.purpose = purpose
    }
}
