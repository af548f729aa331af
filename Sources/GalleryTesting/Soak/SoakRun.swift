import Gallery
import GalleryCore
import GalleryCoreTesting
import GalleryScene
import Glibc
import Imaging
import PagerEngine
import Support

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One soak case: a generated script run headless in-process, every frame of its trace checked.
///
/// The caller keeps SDL started (`SDLSession`) for all the cases it runs. The feed's simulated network fails a share
/// of its requests, drawn from the case's seed. A failing case prints its seed, mode and library, which replay it: the
/// same seed always gives the same script (`SoakScriptGenerator`) and the same feed answers.
package struct SoakRun: Sendable {
    /// The share of the simulated feed's requests that fail.
    package static let feedFailureRate = 0.3

    /// The generator seed.
    package var seed: UInt64
    /// The mode the run starts in (its scripts switch modes on the way).
    package var mode: GalleryMode
    /// What it pages through.
    package var library: SoakLibrary
    /// Bursts of input in the script.
    package var gestures: Int
    /// The starting output size.
    package var size: ViewportSize
    /// Whether the feed runs `backgroundingCommand` (a real process group whose children outlive the command unless
    /// the gallery ends them) instead of the simulated network; the case then also checks that none is left.
    package var feedCommand = false

    /// Creates a case.
    package init(seed: UInt64, mode: GalleryMode, library: SoakLibrary, gestures: Int, size: ViewportSize) {
        self.seed = seed
        self.mode = mode
        self.library = library
        self.gestures = gestures
        self.size = size
    }

    /// What a case found.
    package struct Outcome: Sendable {
        /// Frames rendered.
        package var frames: Int
        /// Broken invariants (empty when the run is sound), or the error that ended the run.
        package var violations: [String]
        /// Feed requests made (first asks and retries), as the trace's `needsMorePages` events count them.
        package var feedRequests = 0
        /// Feed answers that appended pages.
        package var feedAppends = 0
        /// Feed answers that failed.
        package var feedFailures = 0
    }

    /// The script this case runs.
    package var script: Script {
        SoakScriptGenerator().script(seed: seed, gestures: gestures, size: size)
    }

    /// Runs the case over `pages` (`library` opened), writing its trace into `folder`, and checks every frame. The
    /// run must settle within `HeadlessRun.settleLimit` of virtual time after its last event, and `watchdog` bounds
    /// its wall-clock time.
    @MainActor
    package func run(pages: PageLibrary, folder: String, watchdog: SoakWatchdog) -> Outcome {
        let tracePath = folder + "/soak-\(seed)-\(mode.rawValue)-\(library.rawValue).jsonl"
        defer { try? FileManager.default.removeItem(atPath: tracePath) }
        let script = script
        let photoCount = max(pages.count, 1)
        let command = Self.backgroundingCommand(seed: seed)
        let feed =
            feedCommand
            ? FeedSourceFactory { wake in try CommandFeedSource(command: command, timeout: 5, wake: wake) }
            : FeedSourceFactory { [seed] _ in
                SimulatedFeedSource(photoCount: photoCount, failureRate: Self.feedFailureRate, seed: seed)
            }
        var headless = HeadlessRun(
            size: size, script: script, tracePath: tracePath, shotsDirectory: nil, feedSource: feed)
        headless.inlineDecoding = InlineDecoders.decoding
        // The photos' folders must come out of the run exactly as they went in: the gallery only reads them.
        let folders = pages.photoFolders.sorted()
        let before = folders.map(Self.listing)
        do {
            let frames = try watchdog.guarding(replayHint) { try headless.runFrames(library: pages, mode: mode) }
            let records = try TraceReader.records(inFile: tracePath)
            var violations = TraceInvariants.violations(
                in: records, pageCount: pages.count, unshowable: library.mostUnshowable(of: pages.count),
                textureByteBudget: ImageOptions().cacheBytes)
            if records.count != frames { violations.append("\(frames) frames drawn, \(records.count) traced") }
            if folders.map(Self.listing) != before { violations.append("a photo folder changed during the run") }
            if feedCommand, !Self.processes(withCommandLine: Self.marker(seed: seed)).isEmpty {
                violations.append("the feed command's background job outlived the run: \(Self.marker(seed: seed))")
            }
            let settleBy = (script.events.last?.t ?? 0) + HeadlessRun.settleLimit
            if let last = records.last, last.t > settleBy {
                violations.append(
                    """
                    not settled \(HeadlessRun.settleLimit) s after the last event (t = \(last.t): phase \(last.phase), \
                    \(last.pending) pending, feed \(last.feedState ?? "-"), events \(last.events))
                    """)
            }
            let events = records.flatMap(\.events)
            return Outcome(
                frames: frames, violations: violations, feedRequests: events.count { $0 == "needsMorePages" },
                feedAppends: events.count { $0.hasPrefix("appended:") },
                feedFailures: events.count { $0 == "loadFailed" })
        } catch {
            return Outcome(frames: 0, violations: ["the run failed: \(error)"])
        }
    }

    /// The `gallery` command line that runs this case's script (written to `scriptPath`) the same way, feed failures
    /// included; the hostile corpus must have been written into `corpusFolder` (`gallery-soak --write-corpus`).
    package func galleryCommand(scriptPath: String, corpusFolder: String) -> String {
        let pages =
            switch library {
            case .photos: ""
            case .synthetic: " --synthetic 100000"
            case .hostile: " " + corpusFolder
            }
        let feed =
            feedCommand
            ? "--feed-command '\(Self.backgroundingCommand(seed: seed))' --feed-timeout 5"
            : "--feed-failure-rate \(Self.feedFailureRate) --feed-seed \(seed)"
        return "gallery --headless --size \(size) --mode \(mode.rawValue) \(feed) --script \(scriptPath)\(pages)"
    }

    /// How to replay this case by hand.
    package var replayHint: String {
        "seed \(seed), mode \(mode.rawValue), \(library.displayName), \(gestures) gestures at \(size) (replay: "
            + "gallery-soak --replay \(seed) --mode \(mode.rawValue) --library \(library.rawValue) --gestures \(gestures)"
            + " --write-script FILE)"
    }

    /// A feed command that leaves a background job behind it (the job's command line carries `marker(seed:)`) and
    /// prints one path, which is missing: an error tile.
    package static func backgroundingCommand(seed: UInt64) -> String {
        "\(marker(seed: seed)) >/dev/null 2>&1 & echo soak-feed-\(seed).jpg"
    }

    /// The background job's command line: unique per seed, so parallel cases cannot see each other's.
    static func marker(seed: UInt64) -> String { "sleep 1229.\(seed)" }

    /// The processes whose command line contains `text` (read from `/proc`; zombies have none).
    package static func processes(withCommandLine text: String) -> [Int] {
        var pids: [Int] = []
        try? FileSystem.forEachEntry(inDirectory: "/proc") { name, _ in
            guard let pid = Int(String(decoding: name, as: UTF8.self)),
                let line = try? FileSystem.contents(ofFile: "/proc/\(pid)/cmdline", maximumBytes: 65_536)
            else { return }
            if String(decoding: line.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self).contains(text) {
                pids.append(pid)
            }
        }
        return pids
    }

    /// A folder's entries with their inodes, sizes and modification times (links not followed), sorted: what any
    /// write into the folder would change.
    private static func listing(_ folder: String) -> [String] {
        var entries: [String] = []
        try? FileSystem.forEachEntry(inDirectory: folder) { name, _ in
            let path = folder + "/" + String(decoding: name, as: UTF8.self)
            var status = stat()
            guard lstat(path, &status) == 0 else { return entries.append(path + " gone") }
            entries.append(
                "\(path) \(status.st_ino) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)")
        }
        return entries.sorted()
    }
}
