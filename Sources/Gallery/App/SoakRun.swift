#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GalleryCore
import PagerEngine

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
    package var mode: TopologyKind
    /// What it pages through.
    package var library: SoakLibrary
    /// Bursts of input in the script.
    package var gestures: Int
    /// The starting output size.
    package var size: ViewportSize

    /// Creates a case.
    package init(seed: UInt64, mode: TopologyKind, library: SoakLibrary, gestures: Int, size: ViewportSize) {
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
    package func run(pages: PageLibrary, folder: String, watchdog: SoakWatchdog) -> Outcome {
        let tracePath = folder + "/soak-\(seed)-\(mode.rawValue)-\(library.rawValue).jsonl"
        defer { try? FileManager.default.removeItem(atPath: tracePath) }
        let script = script
        let photoCount = max(pages.count, 1)
        let feed = FeedSourceFactory { [seed] _ in
            SimulatedFeedSource(photoCount: photoCount, failureRate: Self.feedFailureRate, seed: seed)
        }
        let headless = HeadlessRun(size: size, script: script, tracePath: tracePath, shotsDirectory: nil, feedSource: feed)
        do {
            let frames = try watchdog.guarding(replayHint) { try headless.runFrames(library: pages, mode: mode) }
            let records = try TraceReader.records(inFile: tracePath)
            var violations = TraceInvariants.violations(
                in: records, pageCount: pages.count, textureByteBudget: ImageOptions().cacheBytes)
            if records.count != frames { violations.append("\(frames) frames drawn, \(records.count) traced") }
            let settleBy = (script.events.last?.t ?? 0) + HeadlessRun.settleLimit
            if let last = records.last, last.t > settleBy {
                violations.append("""
                    not settled \(HeadlessRun.settleLimit) s after the last event (t = \(last.t): phase \(last.phase), \
                    \(last.pending) pending, feed \(last.feedState ?? "-"), events \(last.events))
                    """)
            }
            let events = records.flatMap(\.events)
            return Outcome(
                frames: frames, violations: violations, feedRequests: events.count { $0 == "needsMorePages" },
                feedAppends: events.count { $0.hasPrefix("appended:") }, feedFailures: events.count { $0 == "loadFailed" })
        } catch {
            return Outcome(frames: 0, violations: ["the run failed: \(error)"])
        }
    }

    /// The `gallery` command line that runs this case's script (written to `scriptPath`) the same way, feed failures
    /// included; the hostile corpus must have been written into `corpusFolder` (`gallery-soak --write-corpus`).
    package func galleryCommand(scriptPath: String, corpusFolder: String) -> String {
        let pages = switch library {
        case .photos: ""
        case .synthetic: " --synthetic 100000"
        case .hostile: " " + corpusFolder
        }
        return "gallery --headless --size \(size) --mode \(mode.rawValue) --feed-failure-rate \(Self.feedFailureRate) "
            + "--feed-seed \(seed) --script \(scriptPath)\(pages)"
    }

    /// How to replay this case by hand.
    package var replayHint: String {
        "seed \(seed), mode \(mode.rawValue), \(library.displayName), \(gestures) gestures at \(size) (replay: "
            + "gallery-soak --replay \(seed) --mode \(mode.rawValue) --library \(library.rawValue) --gestures \(gestures)"
            + " --write-script FILE)"
    }
}
