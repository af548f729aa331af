import ArgumentParser
import CLinux
import Gallery
import GalleryCore
import GalleryScene
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
            Drag the photos sideways with the mouse, flick to fling; on a touchpad two fingers move the photo and \
            flick it on Wayland (on X11 a two-finger swipe turns one photo), and a pinch zooms; the mouse wheel \
            turns one photo per notch; click the left or right third for the previous or next photo. Keys: F1 in \
            the window, `man gallery` and the README list every key and gesture. With no PATH the bundled photos \
            open. Animated GIF, WebP, PNG (APNG), JPEG XL and AVIF (image sequences) play every frame for its own \
            duration.
            """,
        // The libraries' line is added by `--version` itself (`mainReportingBadInput`): made here, it would make the
        // parse wait for SDL's load.
        version: LinkedLibrary.versionText(program: "gallery", version: buildVersion, libraries: []))

    @Argument(help: "Photo files or folders (default: the --feed-watch folder, else the bundled photos).")
    var paths: [String] = []

    @Option(
        help: """
            The first mode, in any case, hyphens allowed (default: feed with --feed-watch or --feed-command, else \
            endCaps up to 16 photos, threeSurfaces above).
            """)
    var mode: GalleryMode?

    @Option(help: "Window or headless size, WxH.")
    var size: String = "1280x720"

    @Option(help: "Scale of text, dots, panel and help, 1…4 (default: the desktop's; 1 headless).")
    var scale: ScaleChoice?

    @Flag(help: "Render with no display, from --script, on a virtual clock.")
    var headless = false

    @Option(help: "Headless: the input script (JSON Lines, see FORMATS.md in share/doc/gallery).")
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

    @Option(
        help: """
            fit: enlarge small photos to the window (default); down: never beyond 100 % (feh's --scale-down); width: \
            as wide as the window, from the top; fill: cover the window, cropped. e cycles fit, width, fill.
            """)
    var fit: FitChoice = .fit

    @Option(help: "How keys turn the page: spring (a quick 0.2 s slide) or none (swap at once, like nsxiv).")
    var transition: TransitionChoice = .spring

    @Flag(help: "Keep the zoom over page turns from the start, as `z` toggles it (feh's --keep-zoom-vp).")
    var keepZoom = false

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

    @Option(
        parsing: .unconditional,
        help:
            "Megabytes of decoded pages kept, and as many of page textures (default: 64, more for a window over 4 megapixels, to keep three photos at its size)."
    )
    var cacheMb: Int?

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
        help: """
            With -o: separate the paths with NUL instead of newlines (for xargs -0); implies -o, except with -i, whose \
            input it separates (find -print0).
            """)
    var nullSeparated = false

    @Flag(
        name: [.customShort("i"), .customLong("stdin")],
        help: """
            Read photo paths from standard input, one a line (NUL-separated with -0), before any PATH (nsxiv's -i); \
            an entry over 4096 bytes, with a control character or not UTF-8 is skipped and said.
            """)
    var readsStandardInput = false

    @Option(
        help: ArgumentHelp(
            """
            x moves the photo (or the marked ones) into DIR and shows the next; repeatable, 2 x for the second DIR; \
            Ctrl+Z moves it back. Never replaces a file (a taken name gets a number); across volumes it copies, \
            flushes and compares before removing.
            """, valueName: "DIR"))
    var moveTo: [String] = []

    @Option(
        help: ArgumentHelp(
            "y copies the photo (or the marked ones) into DIR, as --move-to without removing it; repeatable.",
            valueName: "DIR"))
    var copyTo: [String] = []

    @Flag(help: "Start full screen (F, F11 or Escape leave it).")
    var fullscreen = false

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

    @Flag(
        help:
            "Include photos in subfolders of the folders given; } and { (Ctrl+PageDown, Ctrl+PageUp) go to the next and previous folder's first photo."
    )
    var recursive = false

    @Option(
        help: """
            Order of a folder's photos: name (natural order), mtime (oldest first), taken (EXIF date taken, oldest \
            first; the modification time for files without one), size (smallest first), shuffle (random, seeded \
            from the clock, or GALLERY_SHUFFLE_SEED). O cycles them.
            """)
    var sort: PhotoSort = .name

    @Flag(help: "Reverse the --sort order: newest or largest first, names Z to A.")
    var reverse = false

    @Option(help: "A camera RAW beside a JPEG of the same name shows once: as the jpeg (default), the raw, or both.")
    var rawPairs: RawPairs = .jpeg

    @Flag(
        help: """
            Remember each photo's zoom, pan and turn across restarts (the last 1000 photos, in \
            $XDG_STATE_HOME/gallery/views), and reopen a folder on the photo last seen there.
            """)
    var remember = false

    @Option(
        help: ArgumentHelp(
            """
            Read the configuration from FILE instead of $XDG_CONFIG_HOME/gallery/gallery.conf \
            (~/.config/gallery/gallery.conf): options and key bindings, the command line winning.
            """, valueName: "FILE"))
    var config: String?

    @Flag(help: "Read no configuration file.")
    var noConfig = false

    @Flag(
        help: "Print the configuration in effect (the file's, then the command line's) in the file's format, and exit.")
    var printConfig = false

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
        if config != nil, noConfig { throw ValidationError("--config and --no-config cannot go together") }
        do { _ = try ViewportSize(parsing: size) } catch { throw ValidationError("--size: \(error)") }
        if !(1...1000).contains(fps.value) { throw ValidationError("--fps must be between 1 and 1000, found \(fps)") }
        if let scale, !DesktopScale.range.contains(scale.value) {
            let (lowest, highest) = (
                TypedNumber(DesktopScale.range.lowerBound), TypedNumber(DesktopScale.range.upperBound)
            )
            throw ValidationError("--scale must be between \(lowest) and \(highest), found \(scale.text)")
        }
        if !(maxMegapixels.value >= 0.01 && maxMegapixels.value <= 10_000) {
            throw ValidationError("--max-megapixels must be between 0.01 and 10000")
        }
        if let cacheMb, !(1...65_536).contains(cacheMb) {
            throw ValidationError("--cache-mb must be between 1 and 65536, found \(cacheMb)")
        }
        if let slideshow, !(slideshow.value >= 0.5 && slideshow.value <= 86_400) {
            throw ValidationError("--slideshow must be between 0.5 and 86400 seconds")
        }
        try validateFeed()
        try validateCullingFolders()
    }
}

// Before any thread starts (StopSignal's, the decoders'): glibc reads these options once per arena.
// M_MMAP_THRESHOLD fixed at 128 KB: otherwise glibc raises the threshold to the size of each freed mmap'd block, so
// after the first decoded photo is freed every later 1–4 MB decode buffer comes from the heap, which is rarely
// returned to the system. M_ARENA_MAX 2: one arena per decode thread (and per other thread) each keeps its own free
// memory. Measured with `make bench-peers RUNS=5 PAGES=100` (docs/PERFORMANCE.md, "Give freed buffers back"),
// medians with and without: RSS at first paint 45.4 vs 46.3 MB, peak in the start run 57.8 vs 64.2 MB, peak paging 100
// photos 61.9 vs 74.9 MB.
_ = mallopt(M_MMAP_THRESHOLD, 128 * 1024)
_ = mallopt(M_ARENA_MAX, 2)
GalleryCommandLine.mainReportingBadInput()
