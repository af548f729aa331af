import Support

/// What turns a request into a picture: the viewer's decoder processes (`ProcessPictureDecoder`, DecoderProcess), or a
/// decoder running on the calling thread (`ImageDecoder`, ImageDecoders), which only tests, benchmarks, the soak and
/// the decoder process itself link. The gallery's workers and thumbnails are built from one of these, so the viewer
/// never links a format library.
public protocol PictureDecoding: Sendable {
    /// The memory all decodes share (closed when the workers shut down).
    var budget: DecodeBudget { get }

    /// This decoder converting to the output profile `profile` (ICC bytes; nil: sRGB) from now on.
    func converting(to profile: [UInt8]?) -> Self

    /// The picture `request` asks for (its region when it names one), fitted inside its box, or why it cannot be
    /// shown. A page (`request.purpose` other than `.picture`) may come with its animation's frames.
    func decode(_ request: DecodeRequest) throws(DecodeFailure) -> DecodedPicture

    /// A page's first picture to show while its full decode runs (a HEIF or AVIF file's embedded thumbnail), or nil.
    func preview(_ request: DecodeRequest) -> DecodedPicture?

    /// The PNG a shared thumbnail cache stores for `source`: its picture fitted inside `side` × `side`, never enlarged,
    /// in sRGB (as other programs expect), with an alpha channel unless it is opaque. Throws when the photo cannot be
    /// decoded; nil when it decoded but could not be encoded.
    func thumbnailPNG(of source: PageSource, side: Int) throws(DecodeFailure) -> [UInt8]?

    /// The size the header of the photo at `path` states (nil: none usable): a page's placeholder until its pixels
    /// come. Decoder processes read it; decoding in this process reads it here.
    func statedSize(ofFile path: String) -> PixelSize?

    /// What the shared thumbnail cache's PNG at `path` states about itself (`ThumbnailFacts`), or nil when it is no
    /// readable PNG. Decoder processes read it; decoding in this process reads it here.
    func thumbnailFacts(ofFileAt path: String) -> ThumbnailFacts?
}

extension PictureDecoding {
    /// The stated size, read in this process (inline decoding, which reads the whole photo here anyway).
    public func statedSize(ofFile path: String) -> PixelSize? {
        DecodeWorker.statedSize(ofFile: path)
    }

    /// The cached thumbnail's facts, read in this process (inline decoding).
    public func thumbnailFacts(ofFileAt path: String) -> ThumbnailFacts? {
        ThumbnailCache.facts(ofFileAt: path)
    }

    /// The picture of `source` fitted inside `box`: a `.picture` request, no region.
    public func decode(_ source: PageSource, fitting box: PixelSize) throws(DecodeFailure) -> DecodedPicture {
        try decode(DecodeRequest(photo: PhotoID(0), source: source, box: box, generation: 0))
    }
}

extension DecodeWorker {
    /// A worker decoding with `decoder` on `threadCount` threads (at least 1), calling `wake` after each batch of
    /// results (nil: nothing, e.g. in headless runs); a HEIF or AVIF page's embedded thumbnail is posted first.
    ///
    /// With `decodesAlone` the threads take one request at a time, and none after the first result, until
    /// `decodeInParallel()`: a window starts that way, so its first photo shares the cores with no neighbour's decode
    /// until it is on screen.
    public convenience init(
        decoder: some PictureDecoding, threadCount: Int = 2, wake: (@Sendable () -> Void)?, decodesAlone: Bool = false
    ) {
        self.init(threadCount: threadCount, wake: wake, budget: decoder.budget, decodesAlone: decodesAlone) {
            request throws(DecodeFailure) in
            try decoder.decode(request)
        } preview: { request in
            decoder.preview(request)
        } statedSize: { path in
            decoder.statedSize(ofFile: path)
        }
    }
}
