import ArgumentParser
import Gallery
import GalleryCore
import PagerEngine

/// The `gallery` command: a paged photo gallery in a window, or headless from a script.
struct GalleryCommandLine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "A horizontally paged photo gallery that drags, flings and snaps like iOS, and never ends.",
        discussion: """
            Keys: Left/Right, N/P, Space/Backspace, PageUp/PageDown to page; Home/End; \
            0 bounded, 1 loop with end caps, 2 loop with three surfaces; Q or Escape to quit.
            With no PATH the bundled photos open.
            """)

    @Argument(help: "Photo files or folders (default: the bundled photos).")
    var paths: [String] = []

    @Option(help: "bounded, endCaps or threeSurfaces (default: endCaps up to 16 photos, threeSurfaces above).")
    var mode: String?

    @Option(help: "Window or headless size, WxH.")
    var size: String = "1280x720"

    @Flag(help: "Render with no display, from --script, on a virtual clock.")
    var headless = false

    @Option(help: "Headless: the input script (JSON Lines, see docs/FORMATS.md).")
    var script: String?

    @Option(help: "Headless: write one JSON line per frame here.")
    var trace: String?

    @Option(help: "Headless: folder for the PNGs of `shot` events.")
    var shots: String?

    @Option(help: "Headless: frames per virtual second.")
    var fps: Double = 60

    @Option(help: "Show N generated, numbered pages instead of photos (tests, benchmarks).")
    var synthetic: Int?

    @Flag(help: "Use SDL's software renderer.")
    var software = false

    @Option(help: "Largest picture decoded, in megapixels (larger JPEGs decode at a reduced scale).")
    var maxMegapixels: Double = 100

    @Option(help: "Megabytes of decoded pages kept, and as many of page textures.")
    var cacheMb: Int = 64

    @Flag(help: "Include photos in subfolders of the folders given.")
    var recursive = false

    @Option(help: "Order of a folder's photos: name (natural order) or mtime (oldest first).")
    var sort: PhotoSort = .name

    func validate() throws {
        if headless, script == nil { throw ValidationError("--headless needs --script FILE") }
        if !headless, script != nil || trace != nil || shots != nil {
            throw ValidationError("--script, --trace and --shots go with --headless")
        }
        if let synthetic, synthetic < 1 { throw ValidationError("--synthetic needs at least 1 page") }
        if !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be between 0 and 1000") }
        if !(maxMegapixels >= 0.01 && maxMegapixels <= 10_000) {
            throw ValidationError("--max-megapixels must be between 0.01 and 10000")
        }
        if !(1...65_536).contains(cacheMb) { throw ValidationError("--cache-mb must be between 1 and 65536") }
    }

    func run() throws {
        let viewport: ViewportSize
        do { viewport = try ViewportSize(parsing: size) } catch { throw ValidationError("--size: \(error)") }
        let requested: TopologyKind?
        if let mode {
            guard let kind = TopologyKind(rawValue: mode), GalleryController.availableModes.contains(kind) else {
                let names = GalleryController.availableModes.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--mode must be one of \(names)")
            }
            requested = kind
        } else {
            requested = nil
        }
        let (library, photos) = try makeLibrary()
        if let shots { try ShotsFolder.check(shots, photos: photos ?? PhotoIndex(photos: [])) }
        let initialMode = InitialMode.mode(photoCount: library.count, requested: requested)
        if headless, let script {
            let parsed = try Script.load(path: script)
            var run = HeadlessRun(
                size: viewport, script: parsed, tracePath: trace, shotsDirectory: shots, framesPerSecond: fps)
            run.images = images
            run.startPage = photos?.startIndex ?? 0
            try run.run(library: library, mode: initialMode)
        } else {
            var run = WindowRun(size: viewport, softwareRenderer: software)
            run.images = images
            run.startPage = photos?.startIndex ?? 0
            let (recursive, order) = (recursive, sort)
            run.openDropped = { paths in
                let dropped = try PhotoIndex(paths: paths, recursive: recursive, sort: order)
                return (PageLibrary(photos: dropped), dropped.startIndex)
            }
            try run.run(library: library, mode: initialMode)
        }
    }

    /// The image pipeline's limits from the options.
    private var images: ImageOptions {
        ImageOptions(maximumPixelCount: Int(maxMegapixels * 1_000_000), cacheBytes: cacheMb << 20)
    }

    /// The pages to show, and the photo index they come from (nil for synthetic pages).
    private func makeLibrary() throws -> (PageLibrary, PhotoIndex?) {
        if let synthetic { return (PageLibrary(syntheticCount: synthetic), nil) }
        var paths = self.paths
        if paths.isEmpty {
            guard let bundled = PhotoIndex.bundledPhotosDirectory() else {
                throw ValidationError("no PATH given and the bundled photos were not found (set GALLERY_PHOTOS)")
            }
            paths = [bundled]
        }
        let photos = try PhotoIndex(paths: paths, recursive: recursive, sort: sort)
        return (PageLibrary(photos: photos), photos)
    }
}

GalleryCommandLine.main()
