import ArgumentParser
import Gallery
import GalleryCore
import GalleryScene
import Imaging
import PagerEngine
import Support

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the command line does once its values are valid: builds the library, the feed, the output policy and the
/// decode options from the flags, then runs headless or in a window.
extension GalleryCommandLine {
    /// The pager's constants, with the key transition the flags ask for.
    var pagerConfiguration: PagerConfiguration {
        var configuration = PagerConfiguration()
        if transition == .none { configuration.commandTransition = .instant }
        return configuration
    }

    /// Feed flags: refused as every other flag is (`ValidationError`: one `Error:` line, exit status 2).
    func validateFeed() throws {
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

    /// `--move-to` and `--copy-to`: at most 9 each (`2 x` … `9 x`), each an existing folder.
    func validateCullingFolders() throws {
        for (option, folders) in [("--move-to", moveTo), ("--copy-to", copyTo)] {
            if folders.count > 9 {
                throw ValidationError("\(option) may be given at most 9 times, not \(folders.count)")
            }
            for folder in folders {
                let kind: FileKind
                do { kind = try FileSystem.kind(atPath: folder) } catch {
                    throw ValidationError("\(option) \(folder): \(error.reason)")
                }
                guard kind == .directory else {
                    throw ValidationError(
                        "\(option) \(folder): \(kind == .missing ? "does not exist" : "is not a folder")")
                }
            }
        }
    }

    /// The feed's source as the flags describe it; `nil` for the simulated one with its defaults.
    func feedSourceFactory(photoCount: Int) -> FeedSourceFactory {
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

    mutating func run() throws {
        try run(startup: nil)
    }

    /// Runs with `startup`, what was begun for these options before they were parsed (`EarlyOpening`), and the keys
    /// doing what `keyBindings` say.
    mutating func run(startup: Startup?, keyBindings: KeyBindings = .standard) throws {
        let viewport: ViewportSize
        do { viewport = try ViewportSize(parsing: size) } catch { throw ValidationError("--size: \(error)") }
        if readsStandardInput { paths = try standardInputPaths() + paths }
        // `--sort taken` and the order key read dates taken in decoder processes.
        TakenDateReading.install()
        // Called from top-level code, on the main actor, where the window and headless runs (SDL) must run.
        try MainActor.assumeIsolated { try start(viewport: viewport, startup: startup, keyBindings: keyBindings) }
    }

    /// `-i`: the paths standard input lists, read once, before the window (so `r` lists them again without reading
    /// it twice); the entries skipped are said on standard error, as missing paths are.
    func standardInputPaths() throws -> [String] {
        let list: PathList
        do {
            list = try PathList.read(descriptor: 0, separator: nullSeparated ? .nul : .newline)
        } catch {
            throw ValidationError("-i: \(error)")
        }
        let text = list.skipMessages.map { "gallery: \($0)\n" }.joined()
        _ = Array(text.utf8).withUnsafeBytes { FileSystem.writeAll($0, to: 2) }
        if list.paths.isEmpty, paths.isEmpty { throw ValidationError("-i: standard input names no photo") }
        return list.paths
    }

    /// Runs headless or in a window as the flags say.
    @MainActor
    func start(viewport: ViewportSize, startup: Startup? = nil, keyBindings: KeyBindings = .standard) throws {
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
            run.relist = relist
            run.sort = sort
            run.scale = scale?.value ?? 1
            run.keepsZoom = keepZoom
            run.keyBindings = keyBindings
            run.startsFullscreen = fullscreen
            run.fitMode = fit.mode
            (run.moveFolders, run.copyFolders) = (moveTo, copyTo)
            run.viewKeeping = try viewKeeping()
            run.startPage = Self.startPage(order, keeping: run.viewKeeping)
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
            run.relist = relist
            run.sort = sort
            run.scale = scale?.value
            run.keepsZoom = keepZoom
            run.keyBindings = keyBindings
            run.startsFullscreen = fullscreen
            run.fitMode = fit.mode
            (run.moveFolders, run.copyFolders) = (moveTo, copyTo)
            let (recursive, reverse, rawPairs) = (recursive, reverse, rawPairs)
            run.openDropped = { paths, order in
                let dropped = try PhotoIndex.ordering(
                    paths: paths, recursive: recursive, sort: order, reverse: reverse, rawPairs: rawPairs)
                return (PageLibrary(order: dropped), dropped.startIndex)
            }
            // Listed on the window's opening thread, while SDL starts (unless the start began listing before the parse).
            let command = self
            let keeping = try viewKeeping()
            run.viewKeeping = keeping
            try run.run(startup: startup) { try command.openedLibrary(keeping: keeping) }
        }
    }

    /// What the trace and shots must stay out of: the photos' folders, the folders named and the watched folder.
    func outputPolicy(photoFolders: Set<String>) -> OutputPolicy {
        var folders = photoFolders
        for path in paths {
            switch try? FileSystem.kind(atPath: path) {
            case .directory?: folders.insert(path)
            default: folders.insert(OutputFolder.split(path).folder)
            }
        }
        if let feedWatch { folders.insert(feedWatch) }
        // Photos go there too (x, y).
        folders.formUnion(moveTo + copyTo)
        return OutputPolicy(protecting: folders.sorted())
    }

    /// What prints the marked photos on quit (`-o`, `-0`): standard output carries nothing else (logs go to standard
    /// error), so `gallery -o DIR | xargs cp -t keep/` works. It throws when the list could not be printed whole.
    /// Without -o the marks are not lost silently: standard error lists them.
    var markedReport: (@MainActor ([String]) throws -> Void)? {
        guard outputMarked || (nullSeparated && !readsStandardInput) else {
            return { paths in
                guard !paths.isEmpty else { return }
                let text =
                    "gallery: \(paths.count) marked, not printed without -o:\n" + paths.map { "  \($0)\n" }.joined()
                _ = Array(text.utf8).withUnsafeBytes { FileSystem.writeAll($0, to: 2) }
            }
        }
        let separator: MarkedList.Separator = nullSeparated ? .nul : .newline
        return { paths in
            let list = MarkedList(paths: paths, separator: separator)
            if let code = list.bytes.withUnsafeBytes({ FileSystem.writeAll($0, to: 1) }) {
                throw MarkedListError.notWritten(FileSystem.message(forErrorCode: code))
            }
            if !list.leftOut.isEmpty { throw MarkedListError.namesWithNewlines(count: list.leftOut.count) }
        }
    }

    /// The actions given, by number.
    var actions: [Int: ActionCommand] {
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
    var images: ImageOptions {
        var options = ImageOptions(
            maximumPixelCount: Int(maxMegapixels.value * 1_000_000), cacheBytes: (cacheMb ?? 64) << 20)
        options.cacheGrowsWithWindow = cacheMb == nil
        options.upscales = fit != .down
        options.managesColour = !noColorManagement
        if !noThumbnailCache {
            options.thumbnailCacheRoot = ThumbnailCache.defaultRoot(environment: ProcessInfo.processInfo.environment)
            options.thumbnailCacheVersion = buildVersion
            // The watched folder from the start, before a photo arrives in it (a cache root inside it is refused).
            options.thumbnailCachePolicy = outputPolicy(photoFolders: [])
        }
        return options
    }

    /// The pages to show and the photos' order (nil for synthetic pages), possibly before a large folder is sorted
    /// (`PhotoIndex.ordering`).
    func makeOrderedLibrary() throws -> (PageLibrary, PhotoOrder?) {
        if let synthetic { return (PageLibrary(syntheticCount: synthetic), nil) }
        // An empty watched folder opens on the feed's spinner page, waiting for the photos that arrive.
        let emptyFeedAllowed = paths.isEmpty && feedWatch != nil && (mode ?? .feed) == .feed
        return try Self.orderedLibrary(listing(paths: try photoPaths()), emptyFeedAllowed: emptyFeedAllowed)
    }

    /// What is listed for `paths`, and in which order.
    func listing(paths: [String]) -> EarlyOpening.Listing {
        EarlyOpening.Listing(paths: paths, recursive: recursive, sort: sort, reverse: reverse, rawPairs: rawPairs)
    }

    /// The pages of `listing` and the photos' order (nil for an empty watched folder when `emptyFeedAllowed`); the
    /// paths that do not exist are said on standard error. What the window's run and an early start list with.
    static func orderedLibrary(_ listing: EarlyOpening.Listing, emptyFeedAllowed: Bool) throws -> (
        PageLibrary, PhotoOrder?
    ) {
        let order: PhotoOrder
        do {
            order = try PhotoIndex.ordering(
                paths: listing.paths, recursive: listing.recursive, sort: listing.sort, reverse: listing.reverse,
                rawPairs: listing.rawPairs)
        } catch {
            guard emptyFeedAllowed, case .noImages = error else { throw error }
            return (PageLibrary(photos: PhotoIndex(photos: [])), nil)
        }
        if !order.missing.isEmpty {
            // As feh and nsxiv: the rest opens, and each path skipped is said.
            let text = order.missing.map { "gallery: \($0): no such file or folder (skipped)\n" }.joined()
            _ = Array(text.utf8).withUnsafeBytes { FileSystem.writeAll($0, to: 2) }
        }
        return (PageLibrary(order: order), order)
    }

    /// Whether a real feed is given: it implies the feed mode unless `--mode` says otherwise.
    var feedGiven: Bool { feedWatch != nil || feedCommand != nil }

    /// The paths given, else the watched folder (its photos, then what arrives), else the bundled photos' folder.
    func photoPaths() throws -> [String] {
        guard paths.isEmpty else { return paths }
        if let feedWatch { return [feedWatch] }
        guard let bundled = PhotoIndex.bundledPhotosDirectory() else {
            throw ValidationError("no PATH given and the bundled photos were not found (set GALLERY_PHOTOS)")
        }
        return [bundled]
    }
}
