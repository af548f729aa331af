// The soak: many generated scripts run headless in every mode over the bundled photos, 100,000 generated pages and the
// hostile corpus, every frame checked, each run under a wall-clock watchdog; then the endurance run. Prints counts and
// figures; exits 1 if any case failed (124 if a run hung: the watchdog prints its seed and replay command).
// `make soak` runs it; `gallery-soak --help` lists the options.
import Foundation
import Gallery
import GalleryCore
import GalleryCoreTesting
import GalleryScene
import GalleryTesting
import Glibc
import Imaging
import PagerEngine

struct Options {
    var runs = 2000
    var gestures = 10
    var enduranceAdvances = 100_000
    var replaySeed: UInt64?
    var replayMode: GalleryMode?
    var replayLibrary: SoakLibrary?
    var scriptOut: String?
    var corpusOut: String?
    var runSeconds = 300.0

    init(arguments: [String]) {
        var arguments = arguments.makeIterator()
        while let argument = arguments.next() {
            switch argument {
            case "--runs": runs = Int(arguments.next() ?? "") ?? runs
            case "--gestures": gestures = Int(arguments.next() ?? "") ?? gestures
            case "--endurance": enduranceAdvances = Int(arguments.next() ?? "") ?? enduranceAdvances
            case "--replay": replaySeed = UInt64(arguments.next() ?? "")
            case "--mode": replayMode = GalleryMode(rawValue: arguments.next() ?? "")
            case "--library": replayLibrary = SoakLibrary(rawValue: arguments.next() ?? "")
            case "--run-seconds":
                runSeconds = Double(arguments.next() ?? "").flatMap { $0 > 0 ? $0 : nil } ?? runSeconds
            case "--write-script": scriptOut = arguments.next()
            case "--write-corpus": corpusOut = arguments.next()
            default:
                print(
                    """
                    usage: gallery-soak [--runs N] [--gestures G] [--endurance ADVANCES] [--run-seconds S]
                           gallery-soak --replay SEED --mode MODE [--library photos|synthetic|hostile] [--gestures G]
                                        [--write-script FILE] [--write-corpus NEW_FOLDER]
                           gallery-soak --write-corpus NEW_FOLDER
                    Each run may take S seconds of wall-clock time (default 300); a run that takes longer ends the
                    soak with status 124, printing its seed and replay command.
                    """)
                exit(argument == "--help" ? 0 : 2)
            }
        }
    }
}

/// Resident memory now, in MiB.
func residentMiB() -> Double {
    let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
    let pages = fields.count > 1 ? Double(fields[1]) ?? 0 : 0
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// Threads of this process now.
func threadCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
}

func format(_ value: Double) -> String { String(format: "%.1f", value) }

let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))
let session = try SDLSession(video: false)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-soak-\(getpid())").path
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)

/// Removes the scratch folder (traces, the hostile corpus) and exits with `status`.
func finish(_ status: Int32) -> Never {
    try? FileManager.default.removeItem(atPath: folder)
    exit(status)
}

// The hostile corpus for `gallery` (a replay) or the fuzzers' seeds; alone, that is all.
if let corpusOut = options.corpusOut {
    try FileManager.default.createDirectory(atPath: corpusOut, withIntermediateDirectories: true)
    try HostileCorpus.write(into: corpusOut)
    if options.replaySeed == nil { finish(0) }
}

let libraries = try SoakLibrary.allCases.map { (library: $0, pages: try $0.open(scratchFolder: folder)) }
let modes = GalleryMode.allCases
let size = try ViewportSize(width: 320, height: 240)
let watchdog = SoakWatchdog(limitSeconds: options.runSeconds)

if let seed = options.replaySeed {
    let mode = options.replayMode ?? modes[0]
    var failed = false
    for (library, pages) in libraries where options.replayLibrary.map({ $0 == library }) ?? true {
        let run = SoakRun(seed: seed, mode: mode, library: library, gestures: options.gestures, size: size)
        if let path = options.scriptOut {
            try run.script.jsonLines.write(toFile: path, atomically: true, encoding: .utf8)
            print(
                "gallery replays it: \(run.galleryCommand(scriptPath: path, corpusFolder: options.corpusOut ?? "CORPUS"))"
            )
        }
        let outcome = run.run(pages: pages, folder: folder, watchdog: watchdog)
        print("\(library.displayName): \(outcome.frames) frames, \(outcome.violations.isEmpty ? "sound" : "FAILED")")
        outcome.violations.prefix(20).forEach { print("  \($0)") }
        failed = failed || !outcome.violations.isEmpty
    }
    finish(failed ? 1 : 0)
}

// MARK: Random-input soak

var failures: [String] = []
var frames = 0
var feed = (requests: 0, appends: 0, failures: 0)
let started = Date()
for index in 0..<options.runs {
    let seed = UInt64(index + 1)
    let mode = modes[index % modes.count]
    let (library, pages) = libraries[(index / modes.count) % libraries.count]
    var run = SoakRun(seed: seed, mode: mode, library: library, gestures: options.gestures, size: size)
    // One feed run in ten runs a real command that leaves a background job: the run must end its process group.
    run.feedCommand = mode == .feed && (index / modes.count) % 10 == 0
    let outcome = run.run(pages: pages, folder: folder, watchdog: watchdog)
    frames += outcome.frames
    feed.requests += outcome.feedRequests
    feed.appends += outcome.feedAppends
    feed.failures += outcome.feedFailures
    if !outcome.violations.isEmpty {
        failures.append("\(run.replayHint): \(outcome.violations.prefix(3).joined(separator: "; "))")
        print("FAILED \(failures.last!)")
    }
    if (index + 1) % 500 == 0 {
        print("  \(index + 1) runs, \(frames) frames, \(failures.count) failed")
        fflush(nil)  // Progress as it happens, also into a file or a pipe (`make soak > log`).
    }
}
print(
    """
    soak: \(options.runs) runs (\(modes.map(\.rawValue).joined(separator: ", ")) × \
    \(libraries.map(\.library.displayName).joined(separator: ", ")); \(options.gestures) gestures each, feed requests \
    failing at \(Int(SoakRun.feedFailureRate * 100)) %), \(frames) frames, \(failures.count) failed, \
    \(format(Date().timeIntervalSince(started))) s
      feed: \(feed.requests) requests, \(feed.appends) appended, \(feed.failures) failed (a request that is still in flight \
    when its run ends has no answer)
    """)

// MARK: Endurance

/// `advances` page advances, four per frame, switching mode every 5,000 and resizing every 10,000.
func enduranceScript(advances: Int) -> Script {
    var events: [ScriptEvent] = []
    let sizes = [(320, 240), (480, 320), (200, 150)]
    for advance in 0..<advances {
        let t = Double(advance / 4 + 1) / 60
        if advance % 5_000 == 0, advance > 0 {
            events.append(ScriptEvent(t: t, command: .key(["F2", "F3", "F4", "F5", "F6"][(advance / 5_000) % 5])))
        }
        if advance % 10_000 == 0, advance > 0 {
            let (width, height) = sizes[(advance / 10_000) % sizes.count]
            events.append(ScriptEvent(t: t, command: .resize(width: width, height: height)))
        }
        // Mostly forward, every tenth one back, so bounded strips do not just sit at their end.
        events.append(ScriptEvent(t: t, command: .key(advance % 10 == 9 ? "Left" : "Right")))
    }
    // Back to the starting mode and size, so the end compares with the steady state of a short run.
    let end = (events.last?.t ?? 0) + 1
    events.append(ScriptEvent(t: end, command: .key("F3")))
    events.append(ScriptEvent(t: end, command: .resize(width: 320, height: 240)))
    return Script(events: events)
}

@MainActor
func lastRecord(of script: Script, library: PageLibrary, mode: GalleryMode) throws -> (TraceRecord, [TraceRecord]) {
    let path = folder + "/endurance.jsonl"
    var run = HeadlessRun(size: size, script: script, tracePath: path, shotsDirectory: nil)
    run.inlineDecoding = InlineDecoders.decoding
    _ = try run.runFrames(library: library, mode: mode)
    let records = try TraceReader.records(inFile: path)
    return (records.last!, records)
}

/// glibc's `malloc_trim`, which the Glibc module does not import.
@_silgen_name("malloc_trim") func mallocTrim(_ pad: Int) -> Int32

/// Resident memory after handing freed heap back to the system, so that what is counted is what is still in use.
func trimmedResidentMiB() -> Double {
    _ = mallocTrim(0)
    return residentMiB()
}

for (library, pages) in libraries where options.enduranceAdvances > 0 {
    let name = library.displayName
    // Photos decode a full JPEG per page turned (~10 ms each), so they and the hostile corpus get a tenth.
    let advances = library == .synthetic ? options.enduranceAdvances : options.enduranceAdvances / 10
    // A short run first, so that caches and pools settle: its end is the steady state the long run must return to.
    let (steady, _) = try lastRecord(of: enduranceScript(advances: 400), library: pages, mode: .endCaps)
    let threadsBefore = threadCount()
    let residentBefore = trimmedResidentMiB()
    var residentAfter: [Double] = []
    var summary = ""
    // Twice: memory that grows with the work grows again on the second run; a cache or pool does not.
    for round in 1...2 {
        let start = Date()
        let (end, records) = try lastRecord(of: enduranceScript(advances: advances), library: pages, mode: .endCaps)
        residentAfter.append(trimmedResidentMiB())
        let violations = TraceInvariants.violations(
            in: records, pageCount: pages.count, textureByteBudget: ImageOptions().cacheBytes)
        if !violations.isEmpty { failures.append("endurance \(name): \(violations.prefix(3))") }
        guard round == 1 else { continue }
        summary = """
            endurance (\(name)): \(advances) advances in every mode with resizes, \(records.count) frames in \
            \(format(Date().timeIntervalSince(start))) s, \(violations.isEmpty ? "every frame sound" : "\(violations.count) broken frames")
              textures        steady \(steady.textures), end \(end.textures), max \(records.map(\.textures).max() ?? 0)
              texture bytes   steady \(steady.textureBytes), end \(end.textureBytes), max \(records.map(\.textureBytes).max() ?? 0)
              decoded pages   steady \(steady.decoded), end \(end.decoded), max \(records.map(\.decoded).max() ?? 0)
            """
    }
    print(summary)
    print(
        """
          threads         before \(threadsBefore), after \(threadCount()) (decode workers stop with their run)
          RSS             before \(format(residentBefore)) MiB, after one run \(format(residentAfter[0])) MiB, \
        after a second \(format(residentAfter[1])) MiB (heap trimmed before each reading)
        """)
}
withExtendedLifetime(session) {}
finish(failures.isEmpty ? 0 : 1)
