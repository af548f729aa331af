import PagerEngine

/// One rendered frame as the trace records it (field meanings in docs/FORMATS.md).
public struct TraceRecord: Equatable, Sendable {
    /// The value `slots` holds for a slot that shows no photo: the feed's spinner or retry page, or an empty slot.
    public static let nonPageSlot = -1

    /// Virtual time of the frame, in seconds.
    public var t: Double
    /// The arrangement of pages.
    public var mode: GalleryMode
    /// The logical page at the viewport centre, in `0..<pages`.
    public var page: Int
    /// The logical page coordinate of the viewport centre: reduced into [0, N) in loops, beyond the ends while rubber-banding.
    public var position: Double
    /// The pager's phase: idle, dragging, settling or decelerating.
    public var phase: String
    /// The logical page each slot shows, left to right; `nonPageSlot` for a slot without a photo.
    public var slots: [Int]
    /// Page-content textures alive (not glyphs, pattern tiles or the spinner).
    public var textures: Int
    /// Bytes held by those textures.
    public var textureBytes: Int
    /// Bytes held by decoded page surfaces (waiting for an upload, or kept to refill recycled slots).
    public var decodedBytes: Int
    /// Measured CPU time of the frame in milliseconds: the only field that may differ between runs of one script.
    public var frameMilliseconds: Double
    /// The number of logical pages N (grows in the feed).
    public var pages: Int
    /// The strip's velocity in pixels per second (positive moves towards later pages).
    public var velocity: Double
    /// The strip's scroll offset in pixels: slot position times page extent, before reduction to logical pages.
    public var offsetPixels: Double
    /// Decoded pages resident in the cache.
    public var decoded: Int
    /// Decodes requested and not yet delivered.
    public var pending: Int
    /// What happened during the frame, e.g. "pageChanged:3", "rebased:-12", "needsMorePages", "settled:4".
    public var events: [String]
    /// Page textures created or rewritten since start (cumulative; a three-surface page turn uploads one).
    public var uploads: Int
    /// The photo's zoom relative to fit (1 at fit).
    public var zoom: Double
    /// The zoomed photo's pan: its centre minus the viewport's, in pixels.
    public var panX: Double
    /// See `panX`.
    public var panY: Double
    /// Feed mode only: where the request for more pages stands ("idle", "loading" or "failed").
    public var feedState: String?
    /// Wheel mode only: the logical row at the centre.
    public var row: Int?
    /// While the photo on screen animates: the frame it shows, from 0.
    public var animationFrame: Int?
    /// While the photo on screen animates: the frame its texture holds once this frame is drawn (the frame decoded
    /// ahead and uploaded); equal to `animationFrame` when no frame is late.
    public var animationShown: Int?

    /// Creates a record; the extra fields default to zero and no events.
    public init(
        t: Double,
        mode: GalleryMode,
        page: Int,
        position: Double,
        phase: String,
        slots: [Int],
        textures: Int,
        textureBytes: Int,
        decodedBytes: Int = 0,
        frameMilliseconds: Double,
        pages: Int = 0,
        velocity: Double = 0,
        offsetPixels: Double = 0,
        decoded: Int = 0,
        pending: Int = 0,
        events: [String] = [],
        uploads: Int = 0,
        zoom: Double = 1,
        panX: Double = 0,
        panY: Double = 0,
        feedState: String? = nil,
        row: Int? = nil,
        animationFrame: Int? = nil,
        animationShown: Int? = nil
    ) {
        self.t = t
        self.mode = mode
        self.page = page
        self.position = position
        self.phase = phase
        self.slots = slots
        self.textures = textures
        self.textureBytes = textureBytes
        self.decodedBytes = decodedBytes
        self.frameMilliseconds = frameMilliseconds
        self.pages = pages
        self.velocity = velocity
        self.offsetPixels = offsetPixels
        self.decoded = decoded
        self.pending = pending
        self.events = events
        self.uploads = uploads
        self.zoom = zoom
        self.panX = panX
        self.panY = panY
        self.feedState = feedState
        self.row = row
        self.animationFrame = animationFrame
        self.animationShown = animationShown
    }

    /// The `slots` entry for what a slot shows: the logical page, or `nonPageSlot`.
    public static func slotValue(for content: SlotContent) -> Int {
        switch content {
        case .page(let page): page.rawValue
        case .feedEnd, .empty: nonPageSlot
        }
    }
}
