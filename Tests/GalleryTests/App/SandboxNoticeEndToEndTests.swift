import DecoderProcess
import Foundation
import Gallery
import GalleryCore
import GalleryScene
import GalleryTesting
import Imaging
import Testing

/// A decoder sandbox layer missing is said in the window, where a user looks, not only in the I panel: a standing
/// amber notice in the top-left corner. Run in this process with decoder processes told to leave layers off (a test
/// seam the `gallery` executable has no option for).
extension SDLSerializedTests {
    @Suite("Sandbox notice end to end")
    struct SandboxNoticeEndToEndTests {
        /// The shot at 0.5 s of a grey photo at 320 × 240 whose decoders leave `skipped` off (nil: none).
        @MainActor
        static func shot(skipping skipped: String?) throws -> Surface {
            _ = try SDLTestSession.start()
            let folder = try TemporaryDirectory()
            let photo = try folder.write(
                JPEGFixture.rgb(width: 320, height: 240) { _, _ in RGBA(r: 128, g: 128, b: 128, a: 255) }, to: "p.jpg")
            let output = try TemporaryDirectory()
            var run = HeadlessRun(
                size: try ViewportSize(width: 320, height: 240),
                script: try Script.parse(
                    [ScriptLine.shot(0.5, "a.png"), ScriptLine.quit(0.6)].joined(separator: "\n")),
                tracePath: nil, shotsDirectory: output.path("shots"))
            run.images.decoderTestSkippedLayers = skipped
            _ = try run.runFrames(library: PageLibrary(photos: try PhotoIndex(paths: [photo])), mode: .endCaps)
            return try HeadlessEndToEndTests.load(output.path("shots/a.png"))
        }

        /// Whether `colour` is the notice's amber over the grey photo (red well over green, green well over blue).
        static func isAmber(_ colour: RGBA) -> Bool {
            Int(colour.r) > Int(colour.g) + 30 && Int(colour.g) > Int(colour.b) + 30
        }

        @Test("no notice with every layer on; an amber one in the corner without Landlock")
        @MainActor
        func aMissingLayerIsShownInTheWindow() throws {
            let whole = try Self.shot(skipping: nil)
            #expect(!Self.isAmber(whole.pixel(x: 10, y: 10)), "\(whole.pixel(x: 10, y: 10))")
            let missing = try Self.shot(skipping: "landlock")
            #expect(Self.isAmber(missing.pixel(x: 10, y: 10)), "\(missing.pixel(x: 10, y: 10))")
            // The photo itself still shows beside it (the notice is a corner, not a cover).
            #expect(DecoderCrashEndToEndTests.near(missing.pixel(x: 160, y: 120), RGBA(r: 128, g: 128, b: 128)))
        }

        @Test(
            "the notice names what is missing and what it costs",
            arguments: [
                (DecoderSandboxGaps(), nil),
                (.landlock, "Decoder sandbox missing Landlock: weaker protection from hostile photos"),
                ([.landlock, .seccomp], "Decoder sandbox missing Landlock, seccomp: photos are not decoded"),
                (.cpuLimit, "Decoder sandbox missing CPU limit: weaker protection from hostile photos"),
            ] as [(DecoderSandboxGaps, String?)])
        func theNoticeSaysWhatIsMissing(gaps: DecoderSandboxGaps, notice: String?) {
            #expect(gaps.windowNotice == notice)
        }
    }
}
