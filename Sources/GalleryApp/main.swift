import ArgumentParser
import CGlibcMalloc
import Gallery
import GalleryCore
import PagerEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `gallery` command: a paged photo gallery in a window, or headless from a script.
struct GalleryCommandLine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "A horizontally paged photo gallery that drags, flings and snaps like iOS, and never ends.",
        discussion: """
            Drag the photos sideways with the mouse or a touchpad (two-finger scroll), flick to fling; the \
            mouse wheel turns one photo per notch; click the left or right third for the previous or next photo. \
            Keys: F1 in the window, `man gallery` and the README list every key and gesture. With no PATH the \
            bundled photos open.
            """,
        version: LinkedLibrary.versionText(program: "gallery", version: buildVersion))

    @Argument(help: "Photo files or folders (default: the --feed-watch folder, else the bundled photos).")
    var paths: [String] = []

    @Option(
        help: """
            The first mode, in any case, hyphens allowed (default: feed with --feed-watch or --feed-command, else \
            endCaps up to 16 photos, threeSurfaces above).
            """)
    var mode: TopologyKind?

    @Option(help: "Window or headless size, WxH.")
    var size: String = "1280x720"

    @Option(help: "Scale of text, dots, panel and help, 1…4 (default: the desktop's; 1 headless).")
    var scale: ScaleChoice?

    @Flag(help: "Render with no display, from --script, on a virtual clock.")
    var headless = false

    @Option(help: "Headless: the input script (JSON Lines, see docs/FORMATS.md).")
    var script: String?

    @Option(help: "Headless: write one JSON line per frame here.")
    var trace: String?

    @Option(help: "Headless: folder for the PNGs of `shot` events.")
    var shots: String?

    @Option(parsing: .unconditional, help: "Headless: frames per virtual second (1…1000).")
    var fps = TypedNumber(60)

    @Option(
        parsing: .unconditional,
        help: "Show N generated, numbered pages instead of photos (tests, benchmarks; 1…2147483647).")
    var synthetic: Int?

    @Flag(help: "Use SDL's software renderer.")
    var software = false

    @Option(parsing: .unconditional, help: "Start a slideshow, one photo every SECONDS (S starts and stops it).")
    var slideshow: TypedNumber?

    @Option(help: "fit: enlarge small photos to the window (default); down: never beyond 100 % (feh's --scale-down).")
    var fit: FitChoice = .fit

    @Option(help: "How keys turn the page: spring (a quick 0.2 s slide) or none (swap at once, like nsxiv).")
    var transition: TransitionChoice = .spring

    @Option(parsing: .unconditional, help: "Feed: seconds the simulated source takes to answer.")
    var feedDelay = TypedNumber(SimulatedFeedSource.defaultDelay)

    @Option(parsing: .unconditional, help: "Feed: pages each simulated answer appends.")
    var feedBatch: Int = SimulatedFeedSource.defaultBatch

    @Option(parsing: .unconditional, help: "Feed: probability in [0, 1] that a simulated request fails.")
    var feedFailureRate = TypedNumber(0)

    @Option(parsing: .unconditional, help: "Feed: seed of the simulated failures, so a run replays exactly.")
    var feedSeed: UInt64 = 0

    @Option(
        help: """
            Feed: append the photos that appear in this folder after start, instead of simulating (and open its \
            photos when no path is given).
            """)
    var feedWatch: String?

    @Option(help: "Feed: run this shell command for more pages; it prints one photo path per line.")
    var feedCommand: String?

    @Option(parsing: .unconditional, help: "Feed: seconds --feed-command may run before it counts as failed.")
    var feedTimeout = TypedNumber(CommandFeedSource.defaultTimeout)

    @Option(
        parsing: .unconditional,
        help: "Largest picture decoded, in megapixels (larger JPEGs decode at a reduced scale).")
    var maxMegapixels = TypedNumber(100)

    @Option(parsing: .unconditional, help: "Megabytes of decoded pages kept, and as many of page textures.")
    var cacheMb: Int = 64

    @Flag(
        name: .customLong("no-color-management"),
        help: "Show photos as if sRGB, ignoring their embedded colour profiles (to compare).")
    var noColorManagement = false

    @Flag(
        name: .customLong("no-thumbnail-cache"),
        help: "Leave the desktop's shared thumbnail cache (~/.cache/thumbnails) untouched: no reads, no writes.")
    var noThumbnailCache = false

    @Flag(
        name: [.customShort("o"), .customLong("output-marked")],
        help: "On quit, print the marked photos' paths (m marks) on standard output, one per line, in gallery order.")
    var outputMarked = false

    @Flag(
        name: [.customShort("0"), .customLong("null")],
        help: "With -o: separate the paths with NUL instead of newlines (for xargs -0); implies -o.")
    var nullSeparated = false

    @Option(help: "Ctrl+1: run this shell command; %f is the photo, %F the marked ones (feh's --action).")
    var action1: String?
    @Option(help: "Ctrl+2: as --action1.") var action2: String?
    @Option(help: "Ctrl+3: as --action1.") var action3: String?
    @Option(help: "Ctrl+4: as --action1.") var action4: String?
    @Option(help: "Ctrl+5: as --action1.") var action5: String?
    @Option(help: "Ctrl+6: as --action1.") var action6: String?
    @Option(help: "Ctrl+7: as --action1.") var action7: String?
    @Option(help: "Ctrl+8: as --action1.") var action8: String?
    @Option(help: "Ctrl+9: as --action1.") var action9: String?

    @Flag(help: "Include photos in subfolders of the folders given.")
    var recursive = false

    @Option(help: "Order of a folder's photos: name (natural order) or mtime (oldest first).")
    var sort: PhotoSort = .name

    @Option(help: "A camera RAW beside a JPEG of the same name shows once: as the jpeg (default), the raw, or both.")
    var rawPairs: RawPairs = .jpeg

    func validate() throws {
        if headless, script == nil { throw ValidationError("--headless needs --script FILE") }
        if !headless, script != nil || trace != nil || shots != nil {
            throw ValidationError("--script, --trace and --shots go with --headless")
        }
        let pageCounts = PageLibrary.syntheticCountRange
        if let synthetic, !pageCounts.contains(synthetic) {
            throw ValidationError(
                "--synthetic must be between \(pageCounts.lowerBound) and \(pageCounts.upperBound) pages, found \(synthetic)"
            )
        }
        if !(1...1000).contains(fps.value) { throw ValidationError("--fps must be between 1 and 1000, found \(fps)") }
        if !(maxMegapixels.value >= 0.01 && maxMegapixels.value <= 10_000) {
            throw ValidationError("--max-megapixels must be between 0.01 and 10000")
        }
        if !(1...65_536).contains(cacheMb) {
            throw ValidationError("--cache-mb must be between 1 and 65536, found \(cacheMb)")
        }
        if let slideshow, !(slideshow.value >= 0.5 && slideshow.value <= 86_400) {
            throw ValidationError("--slideshow must be between 0.5 and 86400 seconds")
        }
        try validateFeed()
    }

    /// The pager's constants, with the key transition the flags ask for.
    private var pagerConfiguration: PagerConfiguration {
        var configuration = PagerConfiguration()
        if transition == .none { configuration.commandTransition = .instant }
        return configuration
    }

    /// Feed flags: refused as every other flag is (`ValidationError`: one `Error:` line, exit status 2).
    private func validateFeed() throws {
        if feedBatch < 1 || feedBatch > 10_000 {
            throw ValidationError("--feed-batch must be between 1 and 10000, not \(feedBatch)")
        }
        if !(feedDelay.value >= 0 && feedDelay.value <= 3600) {
            throw ValidationError("--feed-delay must be between 0 and 3600 seconds, not \(feedDelay)")
        }
        if !(0...1).contains(feedFailureRate.value) {
            throw ValidationError("--feed-failure-rate must be a probability between 0 and 1, not \(feedFailureRate)")
        }
        if !(feedTimeout.value > 0 && feedTimeout.value <= 3600) {
            throw ValidationError("--feed-timeout must be between 0 and 3600 seconds, not \(feedTimeout)")
        }
        if feedWatch != nil, feedCommand != nil {
            throw ValidationError("--feed-watch and --feed-command cannot go together")
        }
        if let feedCommand, feedCommand.allSatisfy(\.isWhitespace) {
            throw ValidationError(FeedSourceError.emptyCommand.description)
        }
        if let feedWatch {
            let kind: FileKind
            do {
                kind = try FileSystem.kind(atPath: feedWatch)
            } catch {
                throw ValidationError("--feed-watch \(feedWatch): \(error.reason)")
            }
            switch kind {
            case .directory: break
            case .missing: throw ValidationError("--feed-watch \(feedWatch): does not exist")
            case .regular, .special: throw ValidationError("--feed-watch \(feedWatch): is not a folder")
            }
        }
    }

    /// The feed's source as the flags describe it; `nil` for the simulated one with its defaults.
    private func feedSourceFactory(photoCount: Int) -> FeedSourceFactory {
        if let feedWatch {
            return FeedSourceFactory { wake in try FolderWatchFeedSource(folder: feedWatch, wake: wake) }
        }
        if let feedCommand {
            let timeout = feedTimeout.value
            return FeedSourceFactory { wake in try CommandFeedSource(command: feedCommand, timeout: timeout, wake: wake)
            }
        }
        let (delay, batch, rate, seed) = (feedDelay.value, feedBatch, feedFailureRate.value, feedSeed)
        return FeedSourceFactory { _ in
            SimulatedFeedSource(
                photoCount: max(photoCount, 1), delay: delay, batch: batch, failureRate: rate, seed: seed)
        }
    }

    func run() throws {
        let viewport: ViewportSize
        do { viewport = try ViewportSize(parsing: size) } catch { throw ValidationError("--size: \(error)") }
        // ArgumentParser's `run()` is nonisolated, but it is called from this file's top-level code, on the main
        // actor, where the window and headless runs (SDL) must run.
        try MainActor.assumeIsolated { try start(viewport: viewport) }
    }

    /// Runs headless or in a window as the flags say.
    @MainActor
    private func start(viewport: ViewportSize) throws {
        if headless, let script {
            let (library, order) = try makeOrderedLibrary()
            let parsed = try Script.load(path: script)
            if shots == nil, let shot = parsed.events.first(where: { $0.command.typeName == "shot" }) {
                throw ValidationError("\(script): the script takes a shot at t = \(shot.t); give --shots DIR for it")
            }
            var run = HeadlessRun(
                size: viewport, script: parsed, tracePath: trace, shotsDirectory: shots, framesPerSecond: fps.value,
                feedSource: feedSourceFactory(photoCount: library.count), configuration: pagerConfiguration,
                slideshowInterval: slideshow?.value)
            run.images = images
            run.reportMarked = markedReport
            run.actions = actions
            run.scale = scale?.value ?? 1
            run.startPage = order?.startIndex ?? 0
            run.outputPolicy = outputPolicy(photoFolders: order?.folders ?? [])
            try run.run(
                library: library,
                mode: InitialMode.mode(photoCount: library.count, requested: mode, feedGiven: feedGiven))
        } else {
            var run = WindowRun(
                size: viewport, softwareRenderer: software, configuration: pagerConfiguration,
                slideshowInterval: slideshow?.value)
            run.images = images
            run.reportMarked = markedReport
            run.actions = actions
            run.scale = scale?.value
            // Photos with a profile are converted to the display's when X11 publishes one (never headless: shots
            // and traces stay independent of the machine).
            if !noColorManagement { run.images.outputProfile = DisplayProfile.read() }
            let (recursive, order, rawPairs) = (recursive, sort, rawPairs)
            run.openDropped = { paths in
                let dropped = try PhotoIndex.ordering(
                    paths: paths, recursive: recursive, sort: order, rawPairs: rawPairs)
                return (PageLibrary(order: dropped), dropped.startIndex)
            }
            // Listed on the window's opening thread, while SDL starts.
            let command = self
            try run.run(opening: {
                let (library, order) = try command.makeOrderedLibrary()
                return OpenedLibrary(
                    library: library, startPage: order?.startIndex ?? 0,
                    mode: InitialMode.mode(photoCount: library.count, requested: mode, feedGiven: feedGiven),
                    feedSource: command.feedSourceFactory(photoCount: library.count))
            })
        }
    }

    /// What the trace and shots must stay out of: the photos' folders, the folders named and the watched folder.
    private func outputPolicy(photoFolders: Set<String>) -> OutputPolicy {
        var folders = photoFolders
        for path in paths {
            switch try? FileSystem.kind(atPath: path) {
            case .directory?: folders.insert(path)
            default: folders.insert(OutputFolder.split(path).folder)
            }
        }
        if let feedWatch { folders.insert(feedWatch) }
        return OutputPolicy(protecting: folders.sorted())
    }

    /// What prints the marked photos on quit (`-o`, `-0`): standard output carries nothing else (logs go to standard
    /// error), so `gallery -o DIR | xargs cp -t keep/` works.
    private var markedReport: (@MainActor ([String]) -> Void)? {
        guard outputMarked || nullSeparated else { return nil }
        let separator = nullSeparated ? "\0" : "\n"
        return { paths in
            let text = paths.map { $0 + separator }.joined()
            _ = Array(text.utf8).withUnsafeBytes { FileSystem.writeAll($0, to: 1) }
        }
    }

    /// The actions given, by number.
    private var actions: [Int: ActionCommand] {
        let given = [action1, action2, action3, action4, action5, action6, action7, action8, action9]
        var actions: [Int: ActionCommand] = [:]
        for (index, template) in given.enumerated() {
            if let template, !template.allSatisfy(\.isWhitespace) {
                actions[index + 1] = ActionCommand(template: template)
            }
        }
        return actions
    }

    /// The image pipeline's limits from the options.
    private var images: ImageOptions {
        var options = ImageOptions(maximumPixelCount: Int(maxMegapixels.value * 1_000_000), cacheBytes: cacheMb << 20)
        options.upscales = fit == .fit
        options.managesColour = !noColorManagement
        if !noThumbnailCache {
            options.thumbnailCacheRoot = ThumbnailCache.defaultRoot(environment: ProcessInfo.processInfo.environment)
            options.thumbnailCacheVersion = buildVersion
        }
        return options
    }

    /// The pages to show and the photos' order (nil for synthetic pages), possibly before a large folder is sorted
    /// (`PhotoIndex.ordering`).
    private func makeOrderedLibrary() throws -> (PageLibrary, PhotoOrder?) {
        if let synthetic { return (PageLibrary(syntheticCount: synthetic), nil) }
        let order = try PhotoIndex.ordering(
            paths: try photoPaths(), recursive: recursive, sort: sort, rawPairs: rawPairs)
        return (PageLibrary(order: order), order)
    }

    /// Whether a real feed is given: it implies the feed mode unless `--mode` says otherwise.
    private var feedGiven: Bool { feedWatch != nil || feedCommand != nil }

    /// The paths given, else the watched folder (its photos, then what arrives), else the bundled photos' folder.
    private func photoPaths() throws -> [String] {
        guard paths.isEmpty else { return paths }
        if let feedWatch { return [feedWatch] }
        guard let bundled = PhotoIndex.bundledPhotosDirectory() else {
            throw ValidationError("no PATH given and the bundled photos were not found (set GALLERY_PHOTOS)")
        }
        return [bundled]
    }
}

// Before any thread starts (StopSignal's, the decoders'): glibc reads these options once per arena.
// M_MMAP_THRESHOLD fixed at 128 KB: otherwise glibc raises the threshold to the size of each freed mmap'd block, so
// after the first decoded photo is freed every later 1–4 MB decode buffer comes from the heap, which is rarely
// returned to the system. M_ARENA_MAX 2: one arena per decode thread (and per other thread) each keeps its own free
// memory. Measured with `make bench-peers RUNS=5 PAGES=100` (docs/PERFORMANCE.md, item 5), medians with and
// without: RSS at first paint 45.4 vs 46.3 MB, peak in the start run 57.8 vs 64.2 MB, peak paging 100 photos
// 61.9 vs 74.9 MB.
_ = mallopt(M_MMAP_THRESHOLD, 128 * 1024)
_ = mallopt(M_ARENA_MAX, 2)
GalleryCommandLine.mainReportingBadInput()
