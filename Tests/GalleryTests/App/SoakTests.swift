import Foundation
import Gallery
import GalleryCore
import GalleryCoreTesting
import GalleryTesting
import PagerEngine
import Testing

/// A few hundred short generated scripts, run headless in-process in every mode over photos, 100,000 generated pages
/// and the hostile corpus, every frame checked (`make soak` runs thousands). A failure names the seed that replays it.
extension SDLSerializedTests {
    @Suite("Soak")
    @MainActor struct SoakTests {
        /// Seeds per mode: 30 over photos and generated pages, 6 over the hostile corpus (its pages are mostly error
        /// tiles, so fewer runs cover it); at most `GALLERY_SOAK_SEEDS` (fewer under the sanitizers, which are slow).
        static func seedsPerCase(_ library: SoakLibrary) -> Int {
            let seeds = library == .hostile ? 6 : 30
            return min(seeds, ProcessInfo.processInfo.environment["GALLERY_SOAK_SEEDS"].flatMap(Int.init) ?? seeds)
        }

        /// Generous: a debug run of 5 gestures takes under a second, the slowest soak cases (a large window zoomed
        /// on a generated page) about 20 s of CPU, which a loaded machine stretches; only a hang gets near it.
        static let watchdog = SoakWatchdog(limitSeconds: 300 * Double(ReliabilityEndToEndTests.timeScale))

        @Test(
            "feed runs whose command leaves a background job end it: nothing is left, no photo folder changes",
            arguments: SoakLibrary.allCases)
        func feedCommandRuns(library: SoakLibrary) throws {
            try SDLTestSession.start()
            let folder = try TemporaryDirectory()
            let pages = try library.open(scratchFolder: folder.url.path)
            let size = try ViewportSize(width: 320, height: 240)
            let firstSeed = UInt64(90_000 + 100 * SoakLibrary.allCases.firstIndex(of: library)!)
            var requests = 0
            for seed in firstSeed..<(firstSeed + UInt64(min(4, Self.seedsPerCase(library)))) {
                var run = SoakRun(seed: seed, mode: .feed, library: library, gestures: 5, size: size)
                run.feedCommand = true
                let outcome = run.run(pages: pages, folder: folder.url.path, watchdog: Self.watchdog)
                requests += outcome.feedRequests
                #expect(outcome.frames > 0)
                #expect(outcome.violations.isEmpty, "\(run.replayHint): \(outcome.violations.prefix(3))")
            }
            // The runs did reach the end of the feed, so the command ran.
            #expect(requests > 0)
        }

        @Test("generated scripts keep every frame sound", arguments: GalleryMode.allCases, SoakLibrary.allCases)
        func generatedScripts(mode: GalleryMode, library: SoakLibrary) throws {
            try SDLTestSession.start()
            let folder = try TemporaryDirectory()
            let pages = try library.open(scratchFolder: folder.url.path)
            let size = try ViewportSize(width: 320, height: 240)
            // Seeds differ per case so that the whole suite covers distinct scripts.
            let firstSeed = UInt64(
                1_000
                    * (GalleryMode.allCases.firstIndex(of: mode)! * SoakLibrary.allCases.count
                        + SoakLibrary.allCases.firstIndex(of: library)!))
            var frames = 0, feedAppends = 0, feedFailures = 0
            for seed in firstSeed..<(firstSeed + UInt64(Self.seedsPerCase(library))) {
                let run = SoakRun(seed: seed, mode: mode, library: library, gestures: 5, size: size)
                let outcome = run.run(pages: pages, folder: folder.url.path, watchdog: Self.watchdog)
                frames += outcome.frames
                feedAppends += outcome.feedAppends
                feedFailures += outcome.feedFailures
                #expect(outcome.violations.isEmpty, "\(run.replayHint): \(outcome.violations.prefix(3))")
            }
            // Each script drew frames: the runs did happen.
            #expect(frames > Self.seedsPerCase(library) * 10)
            // Runs starting in the feed reach its end: its answers arrive, and some of them are failures.
            if mode == .feed && Self.seedsPerCase(library) >= 20 {
                #expect(feedAppends > 0 && feedFailures > 0, "\(feedAppends) appended, \(feedFailures) failed")
            }
        }
    }
}
