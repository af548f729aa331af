// Benchmarks: what the engine costs per frame, and what a headless frame costs on the main thread.
// Prints numbers; asserts nothing (tests do that). Run with `make bench` (release build).
import Foundation
import Gallery
import GalleryCore
import GalleryScene
import GalleryTesting
import Glibc
import PagerEngine

if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "decode-once" {
    try runDecodeOnce(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
// `gallery-bench formats-fixtures DIR`: the 12 MP fixtures of `formats`, kept in DIR; `gallery-bench formats-time DIR
// RUNS [OUT]`: their first pictures and sharp pages timed (OUT: the pages written as PPMs).
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "formats-fixtures" {
    let folder = URL(fileURLWithPath: CommandLine.arguments[2])
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bundledPhoto = (PhotoIndex.bundledPhotosDirectory() ?? "Assets/Photos") + "/02-coffee.jpg"
    for row in try writeFormatFixtures(in: folder, bundledPhoto: bundledPhoto) { print(row.path) }
    exit(0)
}
if (4...5).contains(CommandLine.arguments.count), CommandLine.arguments[1] == "formats-time" {
    try formatTimings(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
// `gallery-bench thumbnails`: only the shared thumbnail cache's cold and warm fill.
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "thumbnails" {
    do {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-thumbs-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // before exit, which skips pending defers
        try thumbnailCacheBenchmark(
            in: folder, bundledPhoto: (PhotoIndex.bundledPhotosDirectory() ?? "Assets/Photos") + "/02-coffee.jpg")
    }
    exit(0)
}
// `gallery-bench decoder-hop`: only the decoder process hop's cost per photo.
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "decoder-hop" {
    do {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-hop-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // before exit, which skips pending defers
        try decoderHopBenchmark(
            in: folder, bundledPhoto: (PhotoIndex.bundledPhotosDirectory() ?? "Assets/Photos") + "/02-coffee.jpg")
    }
    exit(0)
}
// `gallery-bench grid`: only the 100,000-photo grid's fling, through the model and painted.
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "grid" {
    gridFlingBenchmark()
    try gridPaintedFlingBenchmark()
    exit(0)
}
// `gallery-bench formats`: only the 12 MP HEIC, AVIF and JPEG XL rows (the encoders take a minute), the animated GIF and
// colour management (`gallery-bench colour`, `gallery-bench animation`: that alone).
if CommandLine.arguments.count == 2, ["formats", "colour", "animation"].contains(CommandLine.arguments[1]) {
    do {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-formats-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // before exit, which skips pending defers
        let bundledPhoto = (PhotoIndex.bundledPhotosDirectory() ?? "Assets/Photos") + "/02-coffee.jpg"
        if CommandLine.arguments[1] == "formats" { try modernFormatBenchmark(in: folder, bundledPhoto: bundledPhoto) }
        if CommandLine.arguments[1] != "colour" { try animationBenchmark(in: folder) }
        if CommandLine.arguments[1] != "animation" {
            try colourManagementBenchmark(in: folder, bundledPhoto: bundledPhoto)
        }
    }
    exit(0)
}

// `gallery-bench frames`: only the headless frames' table.
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "frames" {
    do {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-frames-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // before exit, which skips pending defers
        try headlessFrameBenchmark(in: folder)
    }
    exit(0)
}

/// Wall-clock seconds, for throughput only.
func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Peak resident memory of this process so far, in MiB.
func peakResidentMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func format(_ value: Double, _ decimals: Int = 2) -> String { String(format: "%.\(decimals)f", value) }

// MARK: Engine

/// Frames of a pager animating continuously: a "next" every 0.3 s, one advance per 1/60 s.
func engineBenchmark(_ kind: TopologyKind, pages: Int, frames: Int) -> Double {
    var pager = Pager(
        topology: kind.makeTopology(pageCount: pages, startPage: 0), viewport: Viewport(width: 1280, height: 720))
    let start = now()
    var events = 0
    for frame in 0..<frames {
        let time = Double(frame) / 60
        if frame % 18 == 0 { events += pager.handle(.command(.next), at: time).count }
        events += pager.advance(to: time).count
    }
    let seconds = now() - start
    precondition(events > 0 && pager.currentPage >= 0)
    return seconds / Double(frames) * 1e9
}

print("## Engine: one pager frame (advance, re-base, events), 1,000,000 frames each")
print("| topology | pages | ns per frame |")
print("|---|---|---|")
for (kind, pages) in [(TopologyKind.bounded, 12), (.endCaps, 12), (.threeSurfaces, 10_000), (.wheel, 40)] {
    print("| \(kind.rawValue) | \(pages) | \(format(engineBenchmark(kind, pages: pages, frames: 1_000_000), 1)) |")
}
gridFlingBenchmark()
try gridPaintedFlingBenchmark()

// MARK: Headless frames

/// A script of `count` alternating flings (or forward ones), 0.8 s apart, at 1280×720.
func flingScript(count: Int, alternate: Bool) -> Script {
    var events: [ScriptEvent] = []
    for index in 0..<count {
        let t0 = 0.2 + Double(index) * 0.8
        let forward = !alternate || index % 2 == 0
        let (from, to) = forward ? (900.0, 600.0) : (400.0, 700.0)
        events.append(ScriptEvent(t: t0, command: .down(x: from, y: 360)))
        for step in 1...8 {
            events.append(
                ScriptEvent(
                    t: t0 + Double(step) * 0.01, command: .move(x: from + (to - from) * Double(step) / 8, y: 360)))
        }
        events.append(ScriptEvent(t: t0 + 0.08, command: .up(x: to, y: 360)))
    }
    events.append(ScriptEvent(t: 0.2 + Double(count) * 0.8, command: .key("End")))
    events.append(ScriptEvent(t: 1.2 + Double(count) * 0.8, command: .key("Home")))
    return Script(events: events)
}

struct Scenario {
    var name: String
    var library: () throws -> PageLibrary
    var mode: GalleryMode
    var script: Script
}

/// The headless frames' scenarios (a function: `gallery-bench frames` runs them before this file's globals are set).
func frameScenarios() -> [Scenario] {
    [
        Scenario(
            name: "12 photos, end caps, 20 flings",
            library: {
                PageLibrary(photos: try PhotoIndex(paths: [PhotoIndex.bundledPhotosDirectory() ?? "Assets/Photos"]))
            },
            mode: .endCaps, script: flingScript(count: 20, alternate: true)),
        Scenario(
            name: "12 photos, three surfaces, 20 forward flings",
            library: {
                PageLibrary(photos: try PhotoIndex(paths: [PhotoIndex.bundledPhotosDirectory() ?? "Assets/Photos"]))
            },
            mode: .threeSurfaces, script: flingScript(count: 20, alternate: false)),
        Scenario(
            name: "10,000 generated pages, three surfaces, 20 forward flings",
            library: { PageLibrary(syntheticCount: 10_000) },
            mode: .threeSurfaces, script: flingScript(count: 20, alternate: false)),
        Scenario(
            name: "10,000 generated pages, bounded, 20 flings", library: { PageLibrary(syntheticCount: 10_000) },
            mode: .bounded, script: flingScript(count: 20, alternate: true)),
    ]
}

/// The headless frames' table: each scenario run through `HeadlessRun`, its frame costs read back from the trace.
@MainActor
func headlessFrameBenchmark(in folder: URL) throws {
    print("")
    print("## Headless frames at 1280×720, software renderer: main-thread CPU per frame (advance, uploads, drawing)")
    print(
        "| scenario | frames | p50 ms | p95 ms | p99 ms | max ms | max page textures | max texture MiB | process peak RSS so far, MiB |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for (index, scenario) in frameScenarios().enumerated() {
        let tracePath = folder.appendingPathComponent("trace-\(index).jsonl").path
        var run = HeadlessRun(
            size: try ViewportSize(width: 1280, height: 720), script: scenario.script, tracePath: tracePath,
            shotsDirectory: nil)
        run.inlineDecoding = InlineDecoders.decoding
        try run.run(library: try scenario.library(), mode: scenario.mode)
        let records = try TraceReader.records(inFile: tracePath)
        // The first frame decodes and uploads the first pages: reported in max, left out of the percentiles' warm-up.
        let times = records.dropFirst().map(\.frameMilliseconds).sorted()
        let textures = records.map(\.textures).max() ?? 0
        let bytes = Double(records.map(\.textureBytes).max() ?? 0) / 1_048_576
        print(
            "| \(scenario.name) | \(records.count) | \(format(percentile(times, 0.5))) | \(format(percentile(times, 0.95))) "
                + "| \(format(percentile(times, 0.99))) | \(format(records.map(\.frameMilliseconds).max() ?? 0)) | \(textures) "
                + "| \(format(bytes, 1)) | \(format(peakResidentMiB(), 1)) |")
    }
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
try headlessFrameBenchmark(in: folder)

let bundledPhoto = (PhotoIndex.bundledPhotosDirectory() ?? "Assets/Photos") + "/02-coffee.jpg"
try decodeBenchmark(in: folder, bundledPhoto: bundledPhoto)
try decoderHopBenchmark(in: folder, bundledPhoto: bundledPhoto)
try modernFormatBenchmark(in: folder, bundledPhoto: bundledPhoto)
try animationBenchmark(in: folder)
try colourManagementBenchmark(in: folder, bundledPhoto: bundledPhoto)
let bundled =
    (try? PhotoIndex(paths: [PhotoIndex.bundledPhotosDirectory() ?? "Assets/Photos"]))?.photos.map(\.path) ?? []
try busyFrameBenchmark(in: folder, bundledPhotos: bundled)
try startupBenchmark(in: folder, bundledPhoto: bundledPhoto)
try thumbnailCacheBenchmark(in: folder, bundledPhoto: bundledPhoto)
