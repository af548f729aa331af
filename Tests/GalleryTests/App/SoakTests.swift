import Foundation
import Gallery
import GalleryCore
import PagerEngine
import Testing

/// A few hundred short generated scripts, run headless in-process in every mode over photos and 100,000 generated
/// pages, every frame checked (`make soak` runs thousands). A failure names the seed that replays it.
extension SDLSerializedTests {
    @Suite("Soak")
    struct SoakTests {
        /// Seeds per mode and library: 30 (300 runs over five modes), or `GALLERY_SOAK_SEEDS` (fewer under the
        /// sanitizers, which are slow).
        static let seedsPerCase = ProcessInfo.processInfo.environment["GALLERY_SOAK_SEEDS"].flatMap(Int.init) ?? 30

        static func library(_ name: String) throws -> PageLibrary {
            name == "photos"
                ? PageLibrary(photos: try PhotoIndex(paths: [BundledPhotos.directory.path]))
                : PageLibrary(syntheticCount: 100_000)
        }

        @Test("generated scripts keep every frame sound", arguments: TopologyKind.allCases, ["photos", "synthetic"])
        func generatedScripts(mode: TopologyKind, libraryName: String) throws {
            try SDLTestSession.start()
            let library = try Self.library(libraryName)
            let folder = try TemporaryDirectory()
            let size = try ViewportSize(width: 320, height: 240)
            // Seeds differ per case so that the whole suite covers distinct scripts.
            let firstSeed = UInt64(1_000 * (TopologyKind.allCases.firstIndex(of: mode)! * 2
                + (libraryName == "photos" ? 0 : 1)))
            var frames = 0
            for seed in firstSeed..<(firstSeed + UInt64(Self.seedsPerCase)) {
                let run = SoakRun(seed: seed, mode: mode, gestures: 5, size: size)
                let outcome = run.run(library: library, folder: folder.url.path)
                frames += outcome.frames
                #expect(outcome.violations.isEmpty, "\(libraryName), \(run.replayHint): \(outcome.violations.prefix(3))")
            }
            // Each script drew frames: the runs did happen.
            #expect(frames > Self.seedsPerCase * 10)
        }
    }
}
