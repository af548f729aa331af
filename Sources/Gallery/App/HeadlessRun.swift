import DecoderProcess
import GalleryCore
import GalleryScene
import Imaging
import PagerEngine
import Support

/// A scripted run with no display: software renderer into a surface, a virtual clock at a fixed step,
/// decodes finished before each frame, so one script gives one trace byte for byte (`frame_ms` aside).
@MainActor
public struct HeadlessRun {
    /// The output size.
    public var size: ViewportSize
    /// The input events.
    public var script: Script
    /// Where the trace goes (one JSON object per frame), if anywhere.
    public var tracePath: String?
    /// The folder `shot` events write PNGs into (relative paths resolve against it).
    public var shotsDirectory: String?
    /// Frames per virtual second.
    public var framesPerSecond: Double
    /// Makes the feed's source (given a wake-up callback); `nil` for the simulated default.
    public var feedSource: FeedSourceFactory?
    /// The pager's constants (the key transition).
    public var configuration: PagerConfiguration
    /// Seconds between slides of a slideshow running from the start; `nil` for none.
    public var slideshowInterval: Double?
    /// Decode limits and cache sizes.
    public var images = ImageOptions()
    /// Called with the marked photos' files, in gallery order, when the run ends without an error
    /// (`--output-marked` prints them).
    public var reportMarked: (@MainActor ([String]) throws -> Void)?
    /// The user's actions by number (`--action1` … `--action9`).
    public var actions: [Int: ActionCommand] = [:]
    /// Lists the photos again, in the order given, for `r` and the order key (nil: they do nothing).
    public var relist: (@Sendable (PhotoSort) throws -> PageLibrary)?
    /// The order the photos are listed in (`--sort`).
    public var sort = PhotoSort.name
    /// `--scale`: text, margins, dots, panel and help at this many pixels per point (1 unless given: shots never
    /// depend on the desktop).
    public var scale = 1.0
    /// The page shown first (the photo named when a single file was opened).
    public var startPage = 0
    /// Whether page turns keep the zoom from the start (`--keep-zoom`; `z` toggles it).
    public var keepsZoom = false
    /// What each key does (`[keys]` of the configuration file over `KeyMap`).
    public var keyBindings = KeyBindings.standard
    /// `--remember`: the views read from the state file before the start, and written back at quit.
    public var viewKeeping: ViewKeeping?
    /// Whether the run starts as full screen (`--fullscreen`): there is no window, but Escape leaves it first.
    public var startsFullscreen = false
    /// How each photo first fills the page (`--fit`; `e` cycles it).
    public var fitMode = FitMode.fit
    /// The folders `x` moves photos into (`--move-to`) and `y` copies them into (`--copy-to`), in order.
    public var moveFolders: [String] = []
    /// See `moveFolders`.
    public var copyFolders: [String] = []
    /// Decodes in the run's threads with this decoder instead of in decoder processes (tests, benchmarks, the soak);
    /// nil: in sandboxed `gallery-decoder` processes, as the viewer always does.
    public var inlineDecoding: InlineDecoding?
    /// The folders the trace and shots must stay out of (`main` adds the folders named and watched); the library's
    /// photo folders, and those of photos a feed appends, are always added.
    public var outputPolicy = OutputPolicy()
    /// How long the run may go on after the last event before it stops by itself, in seconds.
    public nonisolated static let settleLimit = 10.0

    /// Creates a run.
    public init(
        size: ViewportSize, script: Script, tracePath: String?, shotsDirectory: String?, framesPerSecond: Double = 60,
        feedSource: FeedSourceFactory? = nil, configuration: PagerConfiguration = .standard,
        slideshowInterval: Double? = nil
    ) {
        self.size = size
        self.script = script
        self.tracePath = tracePath
        self.shotsDirectory = shotsDirectory
        self.framesPerSecond = framesPerSecond
        self.feedSource = feedSource
        self.configuration = configuration
        self.slideshowInterval = slideshowInterval
    }

    /// Runs the script over `library` in `mode`; returns the number of frames rendered.
    @discardableResult
    public func run(library: PageLibrary, mode: GalleryMode) throws -> Int {
        // SDL must outlive every texture, renderer and worker made below, on the error paths too.
        let session = try SDLSession(video: false)
        return try withExtendedLifetime(session) { try runFrames(library: library, mode: mode) }
    }

    /// `run(library:mode:)` for a caller that keeps SDL started itself (a test process, the soak), which must not be
    /// shut down under it.
    package func runFrames(library: PageLibrary, mode: GalleryMode) throws -> Int {
        // Outputs first: a refused one stops the run before anything is drawn or written.
        let policy = outputPolicy.protecting(library.photoFolders)
        if shotsDirectory == nil, let shot = script.events.first(where: { $0.command.isShot }),
            case .shot(let path) = shot.command
        {
            throw OutputError(role: "shot", path: path, problem: .noShotsFolder)
        }
        // The shots folder first: it is created if missing, and the trace may go into it.
        let shotsFolder = try shotsDirectory.map { path throws(OutputError) in
            try OutputFolder.open(path, role: "--shots", policy: policy, creating: true)
        }
        let trace = try tracePath.map { path throws(OutputError) in
            TraceWriter(file: try OutputFile.create(atPath: path, kind: .trace, role: "--trace", policy: policy))
        }
        var target = try Surface(width: size.width, height: size.height, opaque: true)
        var renderer = try Renderer(target: target)
        // One decoder, so pages, thumbnails and zoomed pictures share one memory budget: decoder processes (two at
        // once, two more for thumbnails when asked), or the injected inline decoder.
        let (decoder, pool) = GalleryAssembly.decoding(
            images: images, inline: inlineDecoding, processCount: 4, initialCount: 2)
        defer { pool?.shutdown() }
        let assembly = GalleryAssembly(
            worker: GalleryAssembly.worker(decoder: decoder, displayProfile: nil, threadCount: 1, wake: nil),
            decoder: decoder, wakeEventType: nil, configuration: configuration, slideshowInterval: slideshowInterval,
            images: images, decoderPool: pool)
        defer { assembly.shutdown() }
        // A stop signal abandons a decode in progress: the frame waiting for it goes on at once, and shutting the
        // workers down does not wait for it (the process exit ends it).
        let wake = StopSignal.addWake { [workers = assembly.workers] in
            for each in workers { each.abandonWaits() }
        }
        defer { StopSignal.removeWake(wake) }
        var preferences = ModelPreferences()
        preferences.keepsZoom = keepsZoom
        preferences.keyBindings = keyBindings
        preferences.rememberedViews = viewKeeping?.views(in: library)
        preferences.fullscreen = startsFullscreen
        preferences.fitMode = fitMode
        var services = GalleryServices()
        services.moveFolders = moveFolders
        services.copyFolders = copyFolders
        if !actions.isEmpty { services.actions = ActionRunner(commands: actions) }
        services.relist = relist
        services.sort = sort
        let gallery = try assembly.makeGallery(
            library: library, mode: mode, renderer: renderer, startPage: startPage,
            feedSource: try feedSource?.make({}), preferences: preferences, services: services)
        gallery.scale = DesktopScale.resolve(override: scale)
        defer { gallery.feedSource.stop() }
        /// Draws the frame at `now` as it stands: the decodes it asked for first, so one script gives one picture.
        func draw(at now: Double) throws {
            gallery.advance(to: now)
            // Deterministic decodes: whatever was asked for is ready before the frame is drawn.
            for each in assembly.workers { each.waitUntilIdle() }
            try gallery.receiveDecodes(uploadBudget: nil)
            try gallery.render()
            renderer.present()
        }
        /// Writes the frame on the target as the shot `path`, through the output policy.
        func takeShot(_ path: String) throws {
            guard let shotsFolder else { throw OutputError(role: "shot", path: path, problem: .noShotsFolder) }
            // A feed may have brought photos from other folders since the start: those are protected too.
            shotsFolder.policy = policy.protecting(gallery.library.photoFolders)
            let file = try shotsFolder.createFile(path, kind: .shot, role: "shot")
            try file.write(try ShotPNG.encode(target))
            if let code = file.close() {
                throw OutputError(
                    role: "writing", path: file.path, problem: .system(FileSystem.message(forErrorCode: code)))
            }
        }
        var cursor = ScriptCursor(script: script)
        let lastEventTime = script.events.last?.t ?? 0
        var frame = 0
        var framesRendered = 0
        while true {
            frame += 1
            framesRendered += 1
            let now = Double(frame) / framesPerSecond
            let cpuStart = CPUClock.threadSeconds()
            var shots: [String] = []
            var quit = false
            let events = cursor.takeEvents(dueAt: now)
            for (index, event) in events.enumerated() {
                switch event.command {
                case .down(let x, let y): gallery.apply(.pointerDown(x: x, y: y), at: event.t)
                case .move(let x, let y): gallery.apply(.pointerMove(x: x, y: y), at: event.t)
                case .up(let x, let y): gallery.apply(.pointerUp(x: x, y: y), at: event.t)
                case .key(let name, let isRepeat):
                    // A script names its keys: a name the gallery knows no key for is an unbound key.
                    let key = Key(name: name).map { GalleryKey($0, bindings: keyBindings) } ?? .unbound
                    gallery.apply(.key(key, isRepeat: isRepeat), at: event.t)
                case .wheel(let dx, let dy): gallery.apply(.wheel(dx: dx, dy: dy), at: event.t)
                case .zoom(let scale, let x, let y): gallery.apply(.zoom(scale: scale, x: x, y: y), at: event.t)
                case .touchpad(let gesture): gallery.apply(.touchpad(gesture), at: event.t)
                case .resize(let width, let height):
                    target = try Surface(width: width, height: height, opaque: true)
                    renderer = try Renderer(target: target)
                    try gallery.resize(renderer: renderer, at: event.t)
                case .shot(let path):
                    // Events apply in file order: a shot followed by more events of this frame shows the frame as it
                    // is now, before them, drawn on the spot; otherwise it is taken from the frame drawn below.
                    if events.dropFirst(index + 1).contains(where: { !$0.command.isShot }) {
                        try draw(at: now)
                        try takeShot(path)
                    } else {
                        shots.append(path)
                    }
                case .quit: quit = true
                }
            }
            // A feed fed by a folder or a command answers in real time: this frame waits for it, up to a frame's
            // worth of real time, so the virtual clock never runs ahead of the world by more than that.
            if gallery.waitsOnRealTimeFeed { gallery.waitForFeed(upTo: 1 / framesPerSecond) }
            // So do running actions: the run ends once they have, and re-reads what they changed.
            if gallery.runningActions > 0 { gallery.waitForAction(upTo: 1 / framesPerSecond) }
            // And moves to the Trash and back, and `xdg-open`.
            if gallery.pendingFileJobs > 0 { gallery.waitForFileJob(upTo: 1 / framesPerSecond) }
            // A reload's listing is waited for: the virtual clock does not run past it.
            gallery.waitForReload()
            gallery.waitForDetails()
            try draw(at: now)
            let frameMilliseconds = (CPUClock.threadSeconds() - cpuStart) * 1000
            gallery.noteFrameTime(milliseconds: frameMilliseconds)
            for path in shots { try takeShot(path) }
            try trace?.write(
                gallery.traceRecord(time: now, frameMilliseconds: frameMilliseconds, events: gallery.takeEvents()))
            let finished =
                cursor.isFinished && now >= lastEventTime && !gallery.needsFrame
                && gallery.model.phase == .idle && gallery.pendingDecodes == 0
                && gallery.feedState != .loading
                && gallery.runningActions == 0 && !gallery.isReloading && gallery.pendingFileJobs == 0
            if quit || gallery.quitRequested || finished || now > lastEventTime + Self.settleLimit { break }
            if StopSignal.isStopRequested { break }
            frame = max(frame, Self.lastIdleFrame(before: cursor, gallery: gallery, framesPerSecond: framesPerSecond))
        }
        gallery.finishFileJobs()
        try trace?.close()
        var keeping = viewKeeping
        Self.keepViews(&keeping, of: gallery)
        try reportMarked?(gallery.markedPaths)
        return framesRendered
    }

    /// The frame just before the next event (or the next thing due: a slide, the simulated feed's answer, a fade) when
    /// nothing moves and no decode is on its way, since every frame until then would be the same: the virtual clock
    /// jumps there, so an event far in the future costs nothing. Returns 0 (no jump) otherwise.
    static func lastIdleFrame(before cursor: ScriptCursor, gallery: GalleryController, framesPerSecond: Double) -> Int {
        guard !gallery.needsFrame, gallery.pendingDecodes == 0, !gallery.waitsOnRealTimeFeed,
            gallery.runningActions == 0, gallery.pendingFileJobs == 0,
            let next = [cursor.nextEventTime, gallery.nextWakeTime].compactMap({ $0 }).min()
        else { return 0 }
        // The event applies at the first frame k with k / fps ≥ t (within the cursor's tolerance).
        let eventFrame = ((next - ScriptCursor.timeTolerance) * framesPerSecond).rounded(.up)
        return Int(eventFrame) - 1
    }

    /// Writes the views to keep at quit (`--remember`), saying on standard error when they could not be.
    static func keepViews(_ keeping: inout ViewKeeping?, of gallery: GalleryController) {
        guard
            let note = keeping?.save(
                views: gallery.model.viewsToRemember(), current: gallery.model.currentPhoto, library: gallery.library)
        else { return }
        _ = Array("gallery: \(note)\n".utf8).withUnsafeBytes { FileSystem.writeAll($0, to: 2) }
    }
}
