import Foundation
import Gallery
import GalleryCore
import GalleryScene
import GalleryTesting
import ImageDecoders
import ImageLoader
import Imaging
import PagerEngine

/// A 10 s script of everything at once: slow drags, flings both ways, bursts of five keys, a mode's worth of
/// Home/End jumps, at 1280×720.
func busyScript() -> Script {
    var events: [ScriptEvent] = []
    var t = 0.2
    for round in 0..<4 {
        // A slow drag that settles back, then a fling.
        events.append(ScriptEvent(t: t, command: .down(x: 700, y: 360)))
        for step in 1...30 {
            events.append(ScriptEvent(t: t + Double(step) / 60, command: .move(x: 700 - Double(step) * 8, y: 360)))
        }
        events.append(ScriptEvent(t: t + 0.55, command: .up(x: 460, y: 360)))
        t += 0.9
        let (from, to) = round % 2 == 0 ? (900.0, 500.0) : (400.0, 800.0)
        events.append(ScriptEvent(t: t, command: .down(x: from, y: 360)))
        for step in 1...6 {
            events.append(
                ScriptEvent(
                    t: t + Double(step) * 0.012, command: .move(x: from + (to - from) * Double(step) / 6, y: 360)))
        }
        events.append(ScriptEvent(t: t + 0.08, command: .up(x: to, y: 360)))
        t += 0.7
        for press in 0..<5 {
            events.append(ScriptEvent(t: t + Double(press) * 0.05, command: .key(round % 2 == 0 ? "Right" : "Left")))
        }
        t += 0.9
    }
    events.append(ScriptEvent(t: t, command: .key("End")))
    events.append(ScriptEvent(t: t + 0.6, command: .key("Home")))
    return Script(events: events)
}

/// Prints main-thread CPU per frame while the pages are 24 MP JPEGs, in each mode: the frames that upload a freshly
/// decoded page are in it. Headless runs wait for each decode before the frame (so they replay exactly); in the window
/// decodes run on their own threads, and the main thread's work per frame is the same.
@MainActor
func busyFrameBenchmark(in folder: URL, bundledPhotos: [String]) throws {
    let photos = folder.appendingPathComponent("24mp-photos")
    try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
    let session = try SDLSession(video: false)
    for (index, source) in bundledPhotos.prefix(4).enumerated() {
        try DecodeComparison.writeJPEG(
            to: photos.appendingPathComponent("photo-\(index).jpg").path, size: PixelSize(width: 6000, height: 4000),
            from: source)
    }
    withExtendedLifetime(session) {}
    for copy in 4..<12 {
        try FileManager.default.linkItem(
            atPath: photos.appendingPathComponent("photo-\(copy % 4).jpg").path,
            toPath: photos.appendingPathComponent("photo-\(copy).jpg").path)
    }
    print("")
    print(
        "## Frames while every page is a 24 MP JPEG: 12 photos, 10 s of drags, flings and key bursts, 1280×720, software"
    )
    print("| mode | frames | p50 ms | p99 ms | max ms | frames over 16.7 ms |")
    print("|---|---|---|---|---|---|")
    for mode in GalleryMode.allCases {
        let tracePath = folder.appendingPathComponent("busy-\(mode.rawValue).jsonl").path
        var run = HeadlessRun(
            size: try ViewportSize(width: 1280, height: 720), script: busyScript(), tracePath: tracePath,
            shotsDirectory: nil)
        run.inlineDecoding = InlineDecoders.decoding
        try run.run(library: PageLibrary(photos: try PhotoIndex(paths: [photos.path])), mode: mode)
        let times = try TraceReader.records(inFile: tracePath).map(\.frameMilliseconds)
        let sorted = times.sorted()
        print(
            "| \(mode.rawValue) | \(times.count) | \(format(percentile(sorted, 0.5))) | \(format(percentile(sorted, 0.99))) "
                + "| \(format(sorted.last ?? 0)) | \(times.filter { $0 > 1000.0 / 60 }.count) |")
    }
}
