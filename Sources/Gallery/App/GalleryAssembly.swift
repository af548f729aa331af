import DecoderProcess
import GalleryCore
import GalleryScene
import Imaging
import PagerEngine
import Support

/// Makes the decoder a run decodes with in its own threads instead of in decoder processes, from the run's limits:
/// how tests, benchmarks and the soak inject `ImageDecoder` (ImageDecoders), which the viewer does not link.
public typealias InlineDecoding = @Sendable (ImageOptions) -> any PictureDecoding

/// How every run builds a gallery: the page worker with a thumbnail and a zoom-detail worker on the same decoder (one
/// memory budget for all three; in the viewer, one pool of decoder processes), and the controller over them. The thumbnail worker goes through the shared
/// thumbnail cache when the options name one (`ThumbnailMaker`). The window and headless runs differ only in the page
/// worker they pass (threads, whether it decodes alone at first) and the event their workers wake the loop with.
@MainActor
final class GalleryAssembly {
    /// Decodes pages.
    let worker: DecodeWorker
    /// Decodes the wheel's thumbnails.
    let thumbnailWorker: DecodeWorker
    /// Decodes the visible region of a zoomed photo.
    let detailWorker: DecodeWorker
    /// The pager's constants (the key transition).
    let configuration: PagerConfiguration
    /// Seconds between slides of a slideshow running from the start; `nil` for none.
    let slideshowInterval: Double?
    /// Decode limits and cache sizes.
    let images: ImageOptions
    /// The desktop's shared thumbnail cache the wheel reads and fills, or nil.
    let thumbnailCache: ThumbnailCache?
    /// The decoder processes the workers decode in, or nil: they decode in their threads (an injected decoder).
    let decoderPool: DecoderPool?
    /// What the workers decode with (Ctrl+C's picture too: `PictureClipboard`).
    let decoder: any PictureDecoding

    /// An assembly over `worker`, whose thumbnail (two threads) and detail (one) workers decode with `decoder`, to
    /// `displayProfile` when given (the window's), and wake the loop with `wakeEventType` (nil: no events, headless).
    /// `decoderPool` is the pool `decoder` decodes in, if it does (its sandbox status shows in the panel).
    init<Decoder: PictureDecoding>(
        worker: DecodeWorker, decoder: Decoder, displayProfile: DisplayProfile? = nil, wakeEventType: UInt32?,
        configuration: PagerConfiguration, slideshowInterval: Double?, images: ImageOptions,
        decoderPool: DecoderPool? = nil
    ) {
        self.worker = worker
        let cache = images.makeThumbnailCache()
        thumbnailCache = cache
        let maker = ThumbnailMaker(decoder: decoder, cache: cache)
        // Two threads: a grid's cells read from a warm cache (or decoded cold) on both cores.
        thumbnailWorker = DecodeWorker(threadCount: 2, wakeEventType: wakeEventType, budget: decoder.budget) {
            request throws(DecodeFailure) in
            guard let displayProfile else { return try maker.thumbnail(request) }
            return try displayProfile.decode(with: decoder) { decoder throws(DecodeFailure) in
                try ThumbnailMaker(decoder: decoder, cache: cache).thumbnail(request)
            }
        } statedSize: { path in
            decoder.statedSize(ofFile: path)
        }
        detailWorker = Self.worker(
            decoder: decoder, displayProfile: displayProfile, threadCount: 1,
            wake: wakeEventType.map(DecodeWorker.pushing))
        self.decoderPool = decoderPool
        self.decoder = decoder
        self.configuration = configuration
        self.slideshowInterval = slideshowInterval
        self.images = images
    }

    /// What the gallery decodes with: `inline`'s decoder when given (tests, benchmarks, the soak), else decoder
    /// processes within `images`' limits, `initialCount` of them started now (they load while the window opens) and
    /// up to `processCount` (one per decode thread); the pool, if any, to shut down last.
    nonisolated static func decoding(
        images: ImageOptions, inline: InlineDecoding?, processCount: Int, initialCount: Int
    ) -> (decoder: any PictureDecoding, pool: DecoderPool?) {
        if let inline { return (inline(images), nil) }
        let pool = ProcessDecoding.makePool(options: images, processCount: processCount, initialCount: initialCount)
        return (ProcessPictureDecoder(pool: pool, budget: DecodeBudget(totalBytes: images.decodeBudgetBytes)), pool)
    }

    /// A worker decoding pages (or regions) with `decoder` on `threadCount` threads, to `displayProfile` when given,
    /// calling `wake` after each batch of results (nil: nothing, headless).
    nonisolated static func worker(
        decoder: some PictureDecoding, displayProfile: DisplayProfile?, threadCount: Int = 2,
        wake: (@Sendable () -> Void)?, decodesAlone: Bool = false
    ) -> DecodeWorker {
        guard let displayProfile else {
            return DecodeWorker(decoder: decoder, threadCount: threadCount, wake: wake, decodesAlone: decodesAlone)
        }
        return DecodeWorker(
            threadCount: threadCount, wake: wake, budget: decoder.budget, decodesAlone: decodesAlone
        ) { request throws(DecodeFailure) in
            try displayProfile.decode(with: decoder) { decoder throws(DecodeFailure) in try decoder.decode(request) }
        } preview: { request in
            // A page's first picture (a HEIF thumbnail), in the display's colours as its sharp picture will be.
            guard request.region == nil else { return nil }
            return try? displayProfile.decode(with: decoder) { decoder throws(DecodeFailure) -> DecodedPicture? in
                decoder.preview(request)
            }
        } statedSize: { path in
            decoder.statedSize(ofFile: path)
        }
    }

    /// The three workers.
    var workers: [DecodeWorker] { [worker, thumbnailWorker, detailWorker] }

    /// A gallery of `library` in `mode` on `renderer`, showing `startPage`, its feed asking `feedSource` (nil: the
    /// simulated network); `headStart` is a page request already submitted to `worker`, `thumbnailHeadStart` the
    /// grid's first thumbnails already submitted to `thumbnailWorker`.
    func makeGallery(
        library: PageLibrary, mode: GalleryMode, renderer: Renderer, startPage: Int, feedSource: (any FeedSource)?,
        headStart: DecodeRequest? = nil, thumbnailHeadStart: [DecodeRequest] = [],
        preferences: ModelPreferences = ModelPreferences(), services: GalleryServices = GalleryServices()
    ) throws -> GalleryController {
        // The cache never writes into a folder the photos come from (a cache folder inside one is refused).
        thumbnailCache?.protect(library.photoFolders)
        var services = services
        // And into the folder of any photo a feed brings later, before the next thumbnail is written.
        if let cache = thumbnailCache { services.protectFolders = { cache.protect($0) } }
        services.decoderSandbox = decoderPool.map { DecoderSandboxStatus(pool: $0) }
        // The panel's EXIF is parsed in a decoder process, as photos are.
        if let pool = decoderPool {
            services.readDetails = { ProcessDecoding.details(path: $0, pool: pool) }
            // So is Ctrl+S's orientation tag: the viewer copies the file and writes the tag's bytes where told.
            services.locateOrientationTag = { ProcessDecoding.orientationTag(descriptor: $0, path: $1, pool: pool) }
        }
        return try GalleryController(
            library: library, mode: mode, renderer: renderer, worker: worker, thumbnailWorker: thumbnailWorker,
            detailWorker: detailWorker, feedSource: feedSource, configuration: configuration,
            slideshowInterval: slideshowInterval, startPage: startPage, cacheBytes: images.cacheBytes,
            cacheGrowsWithWindow: images.cacheGrowsWithWindow, headStart: headStart,
            thumbnailHeadStart: thumbnailHeadStart, preferences: preferences, services: services)
    }

    /// Stops the three workers, then the decoder processes (again does nothing).
    func shutdown() {
        for each in workers { each.shutdown() }
        decoderPool?.shutdown()
    }
}
