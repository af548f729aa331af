import GalleryCore
import GalleryCoreTesting
import GalleryScene
import GalleryTesting
import ImageLoader
import Support
import Testing

@testable import Gallery
@testable import ImageDecoders
@testable import Imaging

extension SDLSerializedTests {
    /// Animated GIFs written byte by byte (`GIFFixture`): frames, delays and loop count, disposal and transparency
    /// composited as browsers do, the budget refusal before any frame is decoded, and the block scan on hostile bytes.
    @Suite struct GIFAnimationTests {
        /// Red, blue, green, yellow.
        static let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 0, 255), (0, 255, 0), (255, 255, 0)]
        static let red = RGBA(r: 255, g: 0, b: 0)
        static let blue = RGBA(r: 0, g: 0, b: 255)
        static let green = RGBA(r: 0, g: 255, b: 0)

        /// 20 × 20: red all over; a blue square at (5, 5) restored to the previous frame afterwards; a 2 × 2 corner
        /// of green with two transparent pixels; a blue square at (10, 10) kept.
        static let disposals = GIFFixture.bytes(
            width: 20, height: 20, palette: palette,
            frames: [
                GIFFixture.Frame(width: 20, height: 20, fill: 0, delay: 10),
                GIFFixture.Frame(x: 5, y: 5, width: 10, height: 10, fill: 1, delay: 20, disposal: 3),
                GIFFixture.Frame(width: 2, height: 2, indices: [2, 3, 3, 2], delay: 5, transparentIndex: 3),
                GIFFixture.Frame(x: 10, y: 10, width: 4, height: 4, fill: 1, delay: 1),
            ], loopCount: 3)

        let folder: TemporaryDirectory

        init() throws {
            try SDLTestSession.start()
            folder = try TemporaryDirectory()
        }

        func decode(_ bytes: [UInt8], decoder: ImageDecoder = ImageDecoder(), animated: Bool = true) throws
            -> DecodedPicture
        {
            let path = try folder.write(bytes, to: "animation.gif")
            return try decoder.decode(
                .file(path: path), fitting: PixelSize(width: 20, height: 20), region: nil, animated: animated)
        }

        @Test("Frames come with their delays (under 20 ms: 100 ms) and the NETSCAPE loop count")
        func framesAndTiming() throws {
            let scan = try #require(GIFScan(bytes: Self.disposals))
            #expect(scan.frameCount == 4 && scan.loopCount == 3 && !scan.isTruncated)
            #expect(scan.delays == [0.1, 0.2, 0.05, 0.01])
            let animation = try #require(try decode(Self.disposals).animation)
            #expect(animation.clock == AnimationClock(delays: [0.1, 0.2, 0.05, 0.1], loopCount: 3))
            let frames = try animation.everyFrame()
            #expect(frames.count == 4)
            #expect(frames.allSatisfy { $0.size == PixelSize(width: 20, height: 20) })
        }

        @Test("Disposal (keep, restore previous) and transparency composite as in browsers")
        func disposalPixels() throws {
            let frames = try #require(try decode(Self.disposals).animation).everyFrame()
            #expect(frames[0].rgba(x: 6, y: 6) == Self.red)
            #expect(frames[1].rgba(x: 6, y: 6) == Self.blue)
            #expect(frames[1].rgba(x: 0, y: 0) == Self.red)
            // Frame 1 is restored to frame 0 before frame 2; frame 2's transparent pixels show what is under them.
            #expect(frames[2].rgba(x: 6, y: 6) == Self.red)
            #expect(frames[2].rgba(x: 0, y: 0) == Self.green && frames[2].rgba(x: 1, y: 1) == Self.green)
            #expect(frames[2].rgba(x: 1, y: 0) == Self.red && frames[2].rgba(x: 0, y: 1) == Self.red)
            // Frame 2 is kept under frame 3.
            #expect(frames[3].rgba(x: 0, y: 0) == Self.green && frames[3].rgba(x: 11, y: 11) == Self.blue)
            #expect(frames[3].rgba(x: 6, y: 6) == Self.red)
        }

        @Test("Thumbnails and zoom details decode the first frame only")
        func stillWhenNotAnimated() throws {
            let still = try decode(Self.disposals, animated: false)
            #expect(still.animation == nil && still.animationNote == nil)
            #expect(still.pixel(x: 6, y: 6) == Self.red)
        }

        @Test("A canvas over the decode budget: refused from the block scan, shown as the first frame with a note")
        func budgetRefusal() throws {
            // A 20 × 20 canvas, its copies and the fitted frames need over 6000 bytes: a 6000-byte budget refuses them.
            let small = try decode(Self.disposals, decoder: ImageDecoder(budget: DecodeBudget(totalBytes: 6000)))
            #expect(small.animation == nil)
            #expect(small.animationNote?.hasPrefix("first frame only: a canvas of 20×20 px") == true)
            // A 4000 × 4000 screen and 5000 one-pixel frames (64 GB if every frame were kept) in 60 KB: one canvas.
            let tiny = GIFFixture.Frame(width: 1, height: 1, fill: 2)
            let hostile = GIFFixture.bytes(
                width: 4000, height: 4000, palette: Self.palette, frames: Array(repeating: tiny, count: 5000))
            #expect(GIFScan(bytes: hostile)?.frameCount == 5000)
            let path = try folder.write(hostile, to: "hostile.gif")
            let surface = try ImageDecoder().decode(
                .file(path: path), fitting: PixelSize(width: 400, height: 400), region: nil, animated: true)
            let stream = try #require(surface.animation)
            #expect(stream.clock.frameCount == 5000 && stream.byteCount < 200 << 20)
            #expect(try stream.frame(4999).get().size == PixelSize(width: 400, height: 400))
        }

        /// A 100×100 GIF whose later frames claim 30000² plays, each frame clipped to the screen a row at a time.
        @Test("Frames stated larger than the screen are clipped row by row, never allocated at their stated size")
        func framesStatedLargerThanTheScreen() throws {
            let bomb = BombFixture.hugeFrameGIF()
            let scan = try #require(GIFScan(bytes: bomb))
            #expect(scan.width == 100 && scan.height == 100)
            try #require(scan.largestFrameArea == 30_000 * 30_000, "the decode below would take 10 GB")
            let path = try folder.write(bomb, to: "bomb.gif")
            // Before, this decode took 10.2 GB and 67 s (headless, inline decoders).
            let surface = try ImageDecoder().decode(
                .file(path: path), fitting: PixelSize(width: 400, height: 400), region: nil, animated: true)
            #expect(surface.width == surface.height, "the square first frame, fitted")
            let stream = try #require(surface.animation)
            #expect(stream.clock.frameCount == 21 && stream.byteCount < 4 << 20)
            #expect(try stream.everyFrame().count == 21)
        }

        @Test("The window's sleep: it wakes for the GIF's next frame, and not at all once paged away or hidden")
        @MainActor func sleepsWhenNotShown() throws {
            // Red and blue, forever (the disposal GIF's three plays would be over before the information fades).
            let gif = try folder.write(
                GIFFixture.bytes(
                    width: 20, height: 20, palette: Self.palette,
                    frames: [0, 1].map { GIFFixture.Frame(width: 20, height: 20, fill: $0) }, loopCount: 0),
                to: "a.gif")
            let still = try folder.write(
                GIFFixture.bytes(
                    width: 20, height: 20, palette: Self.palette,
                    frames: [GIFFixture.Frame(width: 20, height: 20, fill: 2)]),
                to: "b.gif")
            let renderer = try Renderer(target: try Surface(width: 200, height: 150, opaque: true))
            let worker = DecodeWorker(decoder: ImageDecoder(), threadCount: 1, wakeEventType: nil)
            defer { worker.shutdown() }
            let gallery = try GalleryController(
                library: PageLibrary(photos: PhotoIndexFixture.index([gif, still])), mode: .bounded,
                renderer: renderer, worker: worker, thumbnailWorker: DecodeWorker(threadCount: 1, wakeEventType: nil))
            // The window's loop at 60 Hz, each decode taken before the frame is drawn.
            var time = 0.0
            func run(until end: Double) throws {
                while time < end {
                    gallery.advance(to: time)
                    worker.waitUntilIdle()
                    try gallery.receiveDecodes(uploadBudget: nil)
                    try gallery.render()
                    time += 1.0 / 60
                }
            }
            // Past the page information's fade, so only the animation can ask for a wake-up.
            try run(until: 2)
            let wake = try #require(gallery.nextWakeTime)
            #expect(wake > gallery.model.now && wake <= gallery.model.now + 0.1 + 1e-9)
            gallery.setHidden(true, at: time)
            #expect(gallery.nextWakeTime == nil && !gallery.needsFrame)
            gallery.setHidden(false, at: time)
            #expect(gallery.nextWakeTime != nil)
            gallery.apply(.key(GalleryKey.named("Right")), at: time)
            try run(until: 4)
            #expect(gallery.currentPage == 1)
            #expect(gallery.model.views.animation == nil && gallery.nextWakeTime == nil && !gallery.needsFrame)
        }

        @Test("The block scan survives every truncation and damaged bytes")
        func hostileScan() {
            for length in 0..<Self.disposals.count {
                let prefix = Array(Self.disposals.prefix(length))
                guard let scan = GIFScan(bytes: prefix) else {
                    #expect(length < 13)
                    continue
                }
                #expect(scan.isTruncated && scan.frameCount <= 4)
            }
            var damaged = Self.disposals
            for index in stride(from: 13 + 768, to: damaged.count, by: 7) { damaged[index] ^= 0x5A }
            // Damage past the header still scans (to wherever the blocks stop making sense).
            #expect(GIFScan(bytes: damaged) != nil)
            #expect(GIFScan(bytes: Array("GIF89a".utf8)) == nil)
            #expect(GIFScan(bytes: Array("PNG not a gif at all".utf8)) == nil)
        }
    }
}
