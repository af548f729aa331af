import Dispatch
import GalleryCore
import Glibc
import ImageDecoders
import Imaging
import PagerEngine
import Support
import Testing

@testable import Gallery
@testable import GalleryScene

/// Photos drawn at their own pixels stay so: a photo that fits the window under `--fit down` is drawn pixel for pixel
/// with the status bar on or off and at any scale, and its zoom reads 100 %.
extension SDLSerializedTests {
    @Suite("Pixel for pixel: 100 % is the photo's own pixels")
    @MainActor struct PixelForPixelTests {
        /// A `side` × `side` PNG of one colour.
        static func square(side: Int, colour: RGBA) -> [UInt8] {
            PNGWriter.png(
                width: side, height: side, bitDepth: 8, colourType: 2,
                rows: Array(
                    repeating: Array([Int(colour.r), Int(colour.g), Int(colour.b)].repeated(side)), count: side))
        }

        @Test(
            "--fit down draws a 128×128 photo at 128×128 with the status bar on or off, at scale 1 or 2",
            arguments: [(false, 1.0), (true, 1.0), (true, 2.0), (false, 2.0)])
        func fitDownStaysPixelForPixel(statusBar: Bool, scale: Double) throws {
            try SDLTestSession.start()
            let directory = try TemporaryDirectory()
            let red = RGBA(r: 230, g: 20, b: 30)
            let path = try directory.write(Self.square(side: 128, colour: red), to: "small.png")
            let target = try Surface(width: 640, height: 400, opaque: true)
            let renderer = try Renderer(target: target)
            let worker = DecodeWorker(threadCount: 1, wakeEventType: nil) { request throws(DecodeFailure) in
                var decoder = ImageDecoder()
                decoder.upscales = false
                return try decoder.decode(request.source, fitting: request.box)
            }
            defer { worker.shutdown() }
            let gallery = try GalleryController(
                library: PageLibrary(photos: PhotoIndexFixture.index([path])), mode: .bounded, renderer: renderer,
                worker: worker, thumbnailWorker: DecodeWorker(threadCount: 1, wakeEventType: nil))
            gallery.scale = scale
            if statusBar { gallery.perform(.toggleStatusBar, at: 0.1) }
            try Self.pump(gallery) { gallery.store.decodedCount > 0 || gallery.store.failure(forPhoto: 0) != nil }
            #expect(gallery.store.failure(forPhoto: 0) == nil)
            gallery.advance(to: 5)
            try gallery.render()
            renderer.present()
            var count = 0
            for y in 0..<target.height {
                for x in 0..<target.width where target.pixel(x: x, y: y) == red { count += 1 }
            }
            #expect(count == 128 * 128, "\(count) red pixels: drawn at \(Int(Double(count).squareRoot())) px a side")
            #expect(gallery.photoFacts.zoomPercent == 100)
        }

        /// Takes in `gallery`'s decodes until `done` (for at most 10 s of real time).
        static func pump(_ gallery: GalleryController, until done: () -> Bool) throws {
            let deadline = MonotonicClock.seconds() + 10
            while !done(), MonotonicClock.seconds() < deadline {
                try gallery.receiveDecodes(uploadBudget: nil)
                usleep(1000)
            }
        }
    }
}

extension Array {
    /// The elements `count` times over, in order.
    fileprivate func repeated(_ count: Int) -> [Element] {
        (0..<count).flatMap { _ in self }
    }
}
