import CSDL2
import Foundation
import GalleryCore
import GalleryTesting
import Imaging
import Testing

@testable import Gallery

/// The cache budget run headless as a process: a zoom to 100 % and huge windows keep every frame's textures and
/// decoded pages within `--cache-mb`, and still show the right pixels.
extension SDLSerializedTests {
    @Suite("Limits end to end")
    struct LimitsEndToEndTests {
        static let cacheMB = 16
        static let budget = cacheMB << 20

        /// A photo whose colour at each pixel is known: red along x, green along y, a blue checker of 16-px squares.
        static func colour(_ x: Int, _ y: Int, width: Int, height: Int) -> RGBA {
            RGBA(r: UInt8(x * 255 / width), g: UInt8(y * 255 / height), b: (x / 16 + y / 16) % 2 == 0 ? 40 : 210)
        }

        static func expectWithinBudget(_ run: GalleryProcess.Output, _ what: String) {
            #expect(run.status == 0, "\(run.standardError)")
            #expect(!run.records.isEmpty)
            for record in run.records {
                #expect(record.textureBytes <= budget, "\(what), t=\(record.t): \(record.textureBytes) texture bytes")
                #expect(record.decodedBytes <= budget, "\(what), t=\(record.t): \(record.decodedBytes) decoded bytes")
            }
        }

        /// `=` on a photo far larger than the window: only the visible region is decoded and uploaded (the whole
        /// picture at 100 % was a 3000 × 2000 × 4 = 24 MB texture, over the 16 MB budget), and it shows the photo's
        /// own pixels, one to one. The 20000-pixel-wide one was a 24 MB texture past the 16384-pixel side limit.
        @Test(arguments: [PixelSize(width: 3000, height: 2000), PixelSize(width: 20_000, height: 300)])
        func actualSizeDrawsTheVisibleRegionOnly(size: PixelSize) throws {
            let folder = try TemporaryDirectory()
            let photo = try folder.write(
                JPEGFixture.rgb(width: size.width, height: size.height) { x, y in
                    Self.colour(x, y, width: size.width, height: size.height)
                }, to: "large.jpg")
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.2, "="), ScriptLine.shot(2, "actual.png")],
                arguments: ["--cache-mb", "\(Self.cacheMB)", photo], size: "640x480")
            Self.expectWithinBudget(run, "\(size)")
            let last = try #require(run.records.last)
            #expect(
                abs(
                    last.zoom
                        * Double(
                            PixelSize(width: size.width, height: size.height).fitted(
                                inside: PixelSize(width: 608, height: 448)
                            ).width) - Double(size.width)) < 1, "zoom \(last.zoom)")
            // At 100 %, centred: screen pixel (320 + dx, 240 + dy) shows image pixel (W/2 + dx, H/2 + dy).
            let shot = try Surface.loading(run.shot("actual.png"))
            for (dx, dy) in [(-100, -50), (0, 0), (37, 21), (150, 60)] where abs(dy) < size.height / 2 {
                let want = Self.colour(
                    size.width / 2 + dx, size.height / 2 + dy, width: size.width, height: size.height)
                let got = shot.pixel(x: 320 + dx, y: 240 + dy)
                let close =
                    abs(Int(got.r) - Int(want.r)) <= 12 && abs(Int(got.g) - Int(want.g)) <= 12
                    && abs(Int(got.b) - Int(want.b)) <= 40
                #expect(close, "\(size) at (\(dx), \(dy)): \(got), expected \(want)")
            }
        }

        /// A window far larger than the budget's three pages (4000 × 3000: one page is 47 MB against 16): pages decode
        /// smaller, fewer are kept, every frame stays within the budget, and the photo still shows, not a placeholder.
        @Test func aHugeWindowKeepsWithinTheBudget() throws {
            let run = try GalleryProcess.run(
                [ScriptLine.key(0.2, "Right"), ScriptLine.shot(1.5, "huge.png")],
                arguments: ["--cache-mb", "\(Self.cacheMB)", "--synthetic", "5", "--mode", "bounded"], size: "4000x3000"
            )
            Self.expectWithinBudget(run, "4000x3000")
            #expect(run.records.last?.page == 1)
            #expect(run.records.last?.textures ?? 0 >= 1)
            // A synthetic page is a coloured page with its number, not the placeholder's dark tones.
            let shot = try Surface.loading(run.shot("huge.png"))
            let centre = shot.pixel(x: 2000, y: 200)
            #expect(centre != RGBA(r: 30, g: 31, b: 35) && centre != RGBA(r: 38, g: 40, b: 45), "\(centre)")
        }
    }
}
