import CSDL2
import Foundation
import GalleryTesting
import ImageLoader
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// Hostile headers, safe opens, TurboJPEG scaling, CMYK, damage and orientation, over files the tests write.
    @Suite struct ImagePipelineTests {
        init() throws {
            try SDLTestSession.start()
        }

        static func isClose(_ a: RGBA, _ b: RGBA, tolerance: Int = 24) -> Bool {
            abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
                && abs(Int(a.b) - Int(b.b)) <= tolerance
        }

        @Test(arguments: HostileHeader.allCases)
        func headerStatesTheClaimedSize(input: HostileHeader) {
            let fileExtension = String(input.fileName.split(separator: ".").last!)
            let header = ImageHeader.read(bytes: input.bytes, fileExtension: fileExtension)
            #expect(header.format != nil)
            #expect(header.size == input.claimedSize)
        }

        @Test(arguments: HostileHeader.allCases)
        func hugeClaimIsTooLargeBeforeDecoding(input: HostileHeader) throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write(input.bytes, to: input.fileName)
            let failure = #expect(throws: DecodeFailure.self) {
                try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 1280, height: 720))
            }
            #expect(failure?.reason == .tooLarge(input.claimedSize))
        }

        /// Formats SDL_image reads but the gallery has no header check for are refused, not decoded blind.
        @Test func formatsWithoutAHeaderCheckAreRefused() throws {
            let directory = try TemporaryDirectory()
            let xpm = "/* XPM */\nstatic char *x[] = {\"60000 60000 1 1\", \"a c #ff0000\"};\n"
            let path = try directory.write(Array(xpm.utf8), to: "icon.xpm")
            let failure = #expect(throws: DecodeFailure.self) {
                try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 100, height: 100))
            }
            #expect(failure?.reason == .unrecognisedFormat)
        }

        /// The peak memory of a whole gallery process paging through every hostile file stays within a few MB of the
        /// same run over one tiny valid photo.
        @Test func hostileCorpusCostsNoMemory() throws {
            let hostile = try TemporaryDirectory()
            for input in HostileHeader.allCases { try hostile.write(input.bytes, to: input.fileName) }
            let tiny = try TemporaryDirectory()
            try Surface(width: 8, height: 8, opaque: true).savePNG(to: tiny.path("tiny.png"))
            let work = try TemporaryDirectory()
            var script = (0..<HostileHeader.allCases.count).map { ScriptLine.key(0.1 + 0.1 * Double($0), "Right") }
            script.append(#"{"t":2,"type":"quit"}"#)
            try script.joined(separator: "\n").write(
                toFile: work.path("script.jsonl"), atomically: true, encoding: .utf8)

            func run(_ folder: TemporaryDirectory) throws -> MeasuredProcess {
                try MeasuredProcess.run(
                    GalleryProcess.executable.path,
                    [
                        "--headless", "--size", "320x240", "--mode", "bounded", "--script", work.path("script.jsonl"),
                        folder.url.path,
                    ])
            }
            let baseline = try run(tiny)
            let measured = try run(hostile)
            #expect(baseline.status == 0 && measured.status == 0)
            #expect(baseline.peakResidentBytes > 8 << 20)  // the measurement sees the process at all
            #expect(
                measured.peakResidentBytes < baseline.peakResidentBytes + 8 << 20,
                "peak RSS \(measured.peakResidentBytes >> 20) MB vs \(baseline.peakResidentBytes >> 20) MB")
            #expect(measured.seconds < baseline.seconds + 2)
        }

        @Test func fifoRenamedOntoAPhotoIsRefusedAtOnce() throws {
            let directory = try TemporaryDirectory()
            let path = directory.path("photo.jpg")
            #expect(mkfifo(path, 0o600) == 0)
            let start = Date()
            let failure = #expect(throws: DecodeFailure.self) {
                try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 100, height: 100))
            }
            #expect(failure?.reason == .notAFile)
            #expect(Date().timeIntervalSince(start) < 0.5)
        }

        @Test func jpegDecodesAtTheSmallestCoveringScale() throws {
            let bytes = JPEGFixture.rgb(width: 1600, height: 1200, JPEGFixture.quadrants(width: 1600, height: 1200))
            let plans = try bytes.withUnsafeBytes { buffer in
                let jpeg = JPEGDecoder(bytes: buffer)
                let accepts: (PixelSize) -> Bool = { $0.area <= 100_000_000 }
                return (
                    small: try jpeg.plan(fitting: PixelSize(width: 400, height: 400), accepts: accepts),
                    medium: try jpeg.plan(fitting: PixelSize(width: 640, height: 480), accepts: accepts),
                    large: try jpeg.plan(fitting: PixelSize(width: 1600, height: 1200), accepts: accepts),
                    limited: try jpeg.plan(
                        fitting: PixelSize(width: 1600, height: 1200), accepts: { $0.area <= 40_000 })
                )
            }
            #expect(plans.small.scaledSize == PixelSize(width: 400, height: 300))  // 2/8 exactly covers 400×300
            #expect(plans.medium.scaledSize == PixelSize(width: 800, height: 600))  // 3/8 gives 600×450 < 640×480
            #expect(plans.large.scaledSize == PixelSize(width: 1600, height: 1200))
            #expect(plans.limited.scaledSize == PixelSize(width: 200, height: 150))  // 1/8, within 40,000 pixels
        }

        @Test func jpegOverThePixelLimitDecodesReduced() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write(
                JPEGFixture.rgb(width: 800, height: 600, JPEGFixture.quadrants(width: 800, height: 600)), to: "big.jpg")
            let decoded = try ImageDecoder(maximumPixelCount: 50_000)
                .decode(.file(path: path), fitting: PixelSize(width: 800, height: 600))
            #expect(decoded.size == PixelSize(width: 800, height: 600))
            #expect(Self.isClose(decoded.pixel(x: 100, y: 100), RGBA(r: 220, g: 30, b: 30)))
            #expect(Self.isClose(decoded.pixel(x: 700, y: 500), RGBA(r: 240, g: 240, b: 240)))
        }

        @Test func adobeCMYKMatchesTheRGBOriginal() throws {
            let directory = try TemporaryDirectory()
            let colour = JPEGFixture.quadrants(width: 64, height: 64)
            let rgb = try directory.write(JPEGFixture.rgb(width: 64, height: 64, colour), to: "rgb.jpg")
            let cmyk = try directory.write(JPEGFixture.adobeCMYK(width: 64, height: 64, colour), to: "cmyk.jpg")
            let box = PixelSize(width: 64, height: 64)
            let fromRGB = try ImageDecoder().decode(.file(path: rgb), fitting: box)
            let fromCMYK = try ImageDecoder().decode(.file(path: cmyk), fitting: box)
            for (x, y) in [(10, 10), (50, 10), (10, 50), (50, 50)] {
                #expect(
                    Self.isClose(fromCMYK.pixel(x: x, y: y), fromRGB.pixel(x: x, y: y), tolerance: 12),
                    "(\(x), \(y)): \(fromCMYK.pixel(x: x, y: y)) vs \(fromRGB.pixel(x: x, y: y))")
            }
        }

        @Test func truncatedJPEGKeepsWhatDecodedWithADamageNote() throws {
            let directory = try TemporaryDirectory()
            let whole = JPEGFixture.rgb(width: 320, height: 240, JPEGFixture.quadrants(width: 320, height: 240))
            let path = try directory.write(Array(whole.prefix(whole.count / 3)), to: "cut.jpg")
            let decoded = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 320, height: 240))
            #expect(decoded.size == PixelSize(width: 320, height: 240))
            #expect(Self.isClose(decoded.pixel(x: 10, y: 10), RGBA(r: 220, g: 30, b: 30)))
            #expect(decoded.damageNote?.isEmpty == false)
            let intact = try directory.write(whole, to: "whole.jpg")
            #expect(
                try ImageDecoder().decode(.file(path: intact), fitting: PixelSize(width: 320, height: 240))
                    .damageNote == nil)
        }

        /// The page of a truncated JPEG shows what decoded with the "damaged file" badge in its top-left corner.
        @Test func truncatedJPEGShowsTheBadgeOnScreen() throws {
            let directory = try TemporaryDirectory()
            let whole = JPEGFixture.rgb(width: 400, height: 300) { _, _ in .white }
            let cut = try directory.write(Array(whole.prefix(whole.count / 2)), to: "cut.jpg")
            let intact = try directory.write(whole, to: "whole.jpg")
            func shot(_ path: String) throws -> Surface {
                let run = try GalleryProcess.run([ScriptLine.shot(0.5, "page.png")], arguments: [path])
                #expect(run.status == 0, "\(run.standardError)")
                return try Surface.loading(run.shot("page.png"))
            }
            // 320×240 output, 288×208 box: the 4:3 picture is 277×208 at (21, 16); the badge starts 6 px inside.
            let damaged = try shot(cut)
            #expect(Self.isClose(damaged.pixel(x: 29, y: 24), RGBA(r: 150, g: 24, b: 32), tolerance: 4))
            #expect(Self.isClose(damaged.pixel(x: 160, y: 60), .white, tolerance: 4))
            let clean = try shot(intact)
            #expect(Self.isClose(clean.pixel(x: 29, y: 24), .white, tolerance: 4))
        }

        /// Each EXIF orientation's stored pixels, turned upright, show red at the top left (the picture is 3:2 upright).
        @Test(arguments: ExifOrientation.allCases)
        func orientationIsAppliedOnce(orientation: ExifOrientation) throws {
            let upright = PixelSize(width: 300, height: 200)
            let colour = JPEGFixture.quadrants(width: upright.width, height: upright.height)
            let stored = orientation.upright(upright)
            // The stored picture is the upright one with the inverse transform applied.
            var storedColour = [RGBA](repeating: .black, count: stored.area)
            for y in 0..<upright.height {
                for x in 0..<upright.width {
                    let p = orientation.storedPosition(x: x, y: y, width: stored.width, height: stored.height)
                    storedColour[p.y * stored.width + p.x] = colour(x, y)
                }
            }
            let bytes = JPEGFixture.rgb(width: stored.width, height: stored.height, orientation: orientation.rawValue) {
                storedColour[$1 * stored.width + $0]
            }
            let directory = try TemporaryDirectory()
            let path = try directory.write(bytes, to: "oriented.jpg")
            let decoded = try ImageDecoder().decode(.file(path: path), fitting: PixelSize(width: 150, height: 150))
            #expect(decoded.size == PixelSize(width: 150, height: 100))
            #expect(Self.isClose(decoded.pixel(x: 10, y: 10), RGBA(r: 220, g: 30, b: 30)))
            #expect(Self.isClose(decoded.pixel(x: 140, y: 10), RGBA(r: 30, g: 200, b: 40)))
            #expect(Self.isClose(decoded.pixel(x: 10, y: 90), RGBA(r: 30, g: 40, b: 210)))
        }

        /// The eight orientations through the whole app: a folder of the eight photos, one headless shot per page,
        /// each showing red at the picture's top-left corner and white at its bottom-right.
        @Test func eightOrientationsRenderUprightInShots() throws {
            let directory = try TemporaryDirectory()
            let upright = PixelSize(width: 240, height: 160)
            let colour = JPEGFixture.quadrants(width: upright.width, height: upright.height)
            for orientation in ExifOrientation.allCases {
                let stored = orientation.upright(upright)
                var storedColour = [RGBA](repeating: .black, count: stored.area)
                for y in 0..<upright.height {
                    for x in 0..<upright.width {
                        let p = orientation.storedPosition(x: x, y: y, width: stored.width, height: stored.height)
                        storedColour[p.y * stored.width + p.x] = colour(x, y)
                    }
                }
                try directory.write(
                    JPEGFixture.rgb(
                        width: stored.width, height: stored.height,
                        orientation: orientation.rawValue
                    ) { storedColour[$1 * stored.width + $0] },
                    to: "orientation-\(orientation.rawValue).jpg")
            }
            var script: [String] = []
            for page in 0..<8 {
                script.append(ScriptLine.shot(0.5 + Double(page), "page-\(page + 1).png"))
                script.append(ScriptLine.key(0.6 + Double(page), "Right"))
            }
            let run = try GalleryProcess.run(script, arguments: ["--mode", "bounded", directory.url.path])
            #expect(run.status == 0, "\(run.standardError)")
            // 320×240 output, 288×208 box: the 3:2 picture is 288×192 at (16, 24).
            for page in 1...8 {
                let shot = try Surface.loading(run.shot("page-\(page).png"))
                #expect(Self.isClose(shot.pixel(x: 24, y: 32), RGBA(r: 220, g: 30, b: 30)), "orientation \(page)")
                #expect(Self.isClose(shot.pixel(x: 296, y: 32), RGBA(r: 30, g: 200, b: 40)), "orientation \(page)")
                #expect(Self.isClose(shot.pixel(x: 24, y: 208), RGBA(r: 30, g: 40, b: 210)), "orientation \(page)")
                #expect(Self.isClose(shot.pixel(x: 296, y: 208), RGBA(r: 240, g: 240, b: 240)), "orientation \(page)")
            }
        }

        @Test func budgetRunsAnOversizedReservationAlone() async throws {
            let budget = DecodeBudget(totalBytes: 100)
            #expect(budget.reserve(60))
            let second = Task.detached { budget.reserve(500) }
            // The second reservation is seen waiting (not merely not started yet) before the first is returned.
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(30)
            while budget.waitingCount == 0, clock.now < deadline { await Task.yield() }
            #expect(budget.waitingCount == 1)
            #expect(budget.peakReservedBytes == 60)
            budget.release(60)
            #expect(await second.value)
            #expect(budget.peakReservedBytes == 500)
            budget.close()
            #expect(!budget.reserve(1))
        }
    }
}
