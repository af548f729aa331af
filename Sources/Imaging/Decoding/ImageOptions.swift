import Support

/// The image pipeline's limits, from the command line: how large a picture may be decoded, how much memory decodes
/// share, and how many bytes of decoded pages are kept.
public struct ImageOptions: Sendable, Hashable {
    /// The most pixels one decode may allocate (`--max-megapixels`, default 100 MP).
    public var maximumPixelCount: Int
    /// Bytes all decode threads may hold at once (default 512 MB).
    public var decodeBudgetBytes: Int
    /// Bytes of decoded surfaces kept, and separately of page textures (`--cache-mb`, default 64 MB each: about 18
    /// pages at 1280×720).
    public var cacheBytes: Int
    /// Whether `cacheBytes` grows with the window so the current page and both neighbours fit at its size
    /// (`PageBudget.defaultCacheBytes`): when `--cache-mb` is not given.
    public var cacheGrowsWithWindow = false
    /// Whether photos smaller than the window are enlarged to fit it (`--fit`, default), or shown at most at 100 %
    /// (`--fit down`, feh's `--scale-down`).
    public var upscales = true
    /// Whether embedded colour profiles are converted to sRGB (default), or ignored (`--no-color-management`).
    public var managesColour = true
    /// The profile photos are converted to (the display's, `DisplayProfile`), as ICC bytes; nil: sRGB.
    public var outputProfile: [UInt8]?
    /// The shared thumbnail cache's root folder (`ThumbnailCache.defaultRoot`), or nil to leave it untouched
    /// (`--no-thumbnail-cache`, and the default for tests and benchmarks).
    public var thumbnailCacheRoot: String?
    /// The version written into cached thumbnails and naming the fail entries' folder.
    public var thumbnailCacheVersion = "0"
    /// The folders the thumbnail cache must never write into from the start (those named and watched); the photos'
    /// folders are added as they become known.
    public var thumbnailCachePolicy = OutputPolicy()
    /// Sandbox layers the decoder processes leave off, as on a kernel without them (tests only: no option sets it;
    /// the processes answer it only with their test requests on): "landlock", "seccomp" or both, comma-separated.
    public var decoderTestSkippedLayers: String?

    /// The defaults: 100 MP, a 512 MB decode budget, 64 MB caches.
    public init(maximumPixelCount: Int = 100_000_000, decodeBudgetBytes: Int = 512 << 20, cacheBytes: Int = 64 << 20) {
        self.maximumPixelCount = maximumPixelCount
        self.decodeBudgetBytes = decodeBudgetBytes
        self.cacheBytes = cacheBytes
    }

    /// The shared thumbnail cache these options name, or nil.
    public func makeThumbnailCache() -> ThumbnailCache? {
        thumbnailCacheRoot.map {
            ThumbnailCache(root: $0, version: thumbnailCacheVersion, policy: thumbnailCachePolicy)
        }
    }
}
