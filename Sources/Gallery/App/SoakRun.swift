#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GalleryCore
import PagerEngine

/// One soak case: a generated script run headless in-process, every frame of its trace checked.
///
/// The caller keeps SDL started (`SDLSession`) for all the cases it runs. A failing case prints its seed, mode and
/// library, which replay it: the same seed always gives the same script (`SoakScriptGenerator`).
package struct SoakRun: Sendable {
    /// The generator seed.
    package var seed: UInt64
    /// The mode the run starts in (its scripts switch modes on the way).
    package var mode: TopologyKind
    /// Bursts of input in the script.
    package var gestures: Int
    /// The starting output size.
    package var size: ViewportSize

    /// Creates a case.
    package init(seed: UInt64, mode: TopologyKind, gestures: Int, size: ViewportSize) {
        self.seed = seed
        self.mode = mode
        self.gestures = gestures
        self.size = size
    }

    /// What a case found.
    package struct Outcome: Sendable {
        /// Frames rendered.
        package var frames: Int
        /// Broken invariants (empty when the run is sound), or the error that ended the run.
        package var violations: [String]
    }

    /// The script this case runs.
    package var script: Script {
        SoakScriptGenerator().script(seed: seed, gestures: gestures, size: size)
    }

    /// Runs the case over `library`, writing its trace into `folder`, and checks every frame.
    package func run(library: PageLibrary, folder: String) -> Outcome {
        let tracePath = folder + "/soak-\(seed)-\(mode.rawValue).jsonl"
        defer { try? FileManager.default.removeItem(atPath: tracePath) }
        let headless = HeadlessRun(size: size, script: script, tracePath: tracePath, shotsDirectory: nil)
        do {
            let frames = try headless.runFrames(library: library, mode: mode)
            let records = try TraceReader.records(inFile: tracePath)
            var violations = TraceInvariants.violations(
                in: records, pageCount: library.count, textureByteBudget: ImageOptions().cacheBytes)
            if records.count != frames { violations.append("\(frames) frames drawn, \(records.count) traced") }
            return Outcome(frames: frames, violations: violations)
        } catch {
            return Outcome(frames: 0, violations: ["the run failed: \(error)"])
        }
    }

    /// How to replay this case by hand.
    package var replayHint: String {
        "seed \(seed), mode \(mode.rawValue), \(gestures) gestures at \(size) "
            + "(replay: gallery-soak --replay \(seed) --mode \(mode.rawValue) --gestures \(gestures) --write-script FILE)"
    }
}
