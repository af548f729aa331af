import Foundation
import GalleryCore
import PagerEngine

/// A scripted run with no display: software renderer into a surface, a virtual clock at a fixed step,
/// decodes finished before each frame, so one script gives one trace byte for byte (`frame_ms` aside).
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
    /// Decode limits and cache sizes.
    public var images = ImageOptions()
    /// The page shown first (the photo named when a single file was opened).
    public var startPage = 0
    /// How long the run may go on after the last event before it stops by itself, in seconds.
    public static let settleLimit = 10.0

    /// Creates a run.
    public init(size: ViewportSize, script: Script, tracePath: String?, shotsDirectory: String?, framesPerSecond: Double = 60) {
        self.size = size
        self.script = script
        self.tracePath = tracePath
        self.shotsDirectory = shotsDirectory
        self.framesPerSecond = framesPerSecond
    }

    /// Runs the script over `library` in `mode`; returns the number of frames rendered.
    @discardableResult
    public func run(library: PageLibrary, mode: TopologyKind) throws -> Int {
        // SDL must outlive every texture, renderer and worker made below, on the error paths too.
        let session = try SDLSession(video: false)
        return try withExtendedLifetime(session) { try runFrames(library: library, mode: mode) }
    }

    private func runFrames(library: PageLibrary, mode: TopologyKind) throws -> Int {
        var target = try Surface(width: size.width, height: size.height, opaque: true)
        var renderer = try Renderer(target: target)
        let worker = DecodeWorker(decoder: images.makeDecoder(), threadCount: 1, wakeEventType: nil)
        defer { worker.shutdown() }
        let gallery = try GalleryController(
            library: library, mode: mode, renderer: renderer, worker: worker, startPage: startPage,
            cacheBytes: images.cacheBytes)
        if let tracePath {
            let folder = URL(fileURLWithPath: tracePath).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let trace = try tracePath.map { path throws(TraceError) in try TraceWriter(path: path) }
        if let shotsDirectory {
            try FileManager.default.createDirectory(atPath: shotsDirectory, withIntermediateDirectories: true)
        }
        var cursor = ScriptCursor(script: script)
        var wheel = WheelSteps()
        let lastEventTime = script.events.last?.t ?? 0
        var frame = 0
        while true {
            frame += 1
            let now = Double(frame) / framesPerSecond
            let cpuStart = CPUClock.threadSeconds()
            var shots: [String] = []
            var quit = false
            for event in cursor.takeEvents(dueAt: now) {
                switch event.command {
                case .down(let x, let y): gallery.handle(.pointerDown(x: x, y: y), at: event.t)
                case .move(let x, let y): gallery.handle(.pointerMove(x: x, y: y), at: event.t)
                case .up(let x, let y): gallery.handle(.pointerUp(x: x, y: y), at: event.t)
                case .key(let name):
                    if let command = KeyMap.command(forKeyName: name) { gallery.perform(command, at: event.t) }
                case .wheel(let dx, let dy):
                    for command in wheel.add(dx: dx, dy: dy) { gallery.perform(command, at: event.t) }
                case .resize(let width, let height):
                    target = try Surface(width: width, height: height, opaque: true)
                    renderer = try Renderer(target: target)
                    try gallery.resize(renderer: renderer, at: event.t)
                case .shot(let path): shots.append(path)
                case .quit: quit = true
                }
            }
            gallery.advance(to: now)
            // Deterministic decodes: whatever was asked for is ready before the frame is drawn.
            worker.waitUntilIdle()
            try gallery.receiveDecodes(uploadBudget: nil)
            try gallery.render()
            renderer.present()
            let frameMilliseconds = (CPUClock.threadSeconds() - cpuStart) * 1000
            for path in shots {
                let url = URL(fileURLWithPath: path, relativeTo: shotsDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) })
                try target.saveOpaquePNG(to: url.path)
            }
            try trace?.write(
                gallery.traceRecord(time: now, frameMilliseconds: frameMilliseconds, events: gallery.takeEvents()))
            let finished = cursor.isFinished && now >= lastEventTime && !gallery.needsFrame
                && gallery.pager.phase == .idle && gallery.pendingDecodes == 0
            if quit || gallery.quitRequested || finished || now > lastEventTime + Self.settleLimit { break }
        }
        try trace?.close()
        return frame
    }
}
