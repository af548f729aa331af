import Gallery
import ImageDecoders
import ImageLoader
import Imaging

/// Decoding in the run's own threads, as tests, benchmarks and the soak inject it (`HeadlessRun.inlineDecoding`,
/// `WindowRun.inlineDecoding`): the viewer itself decodes in `gallery-decoder` processes and links no decoder.
public enum InlineDecoders {
    /// An `ImageDecoder` with the run's limits, SDL_image's format libraries loaded first.
    public static let decoding: InlineDecoding = { options in
        ImageLoader.prepare()
        return options.makeDecoder()
    }
}

extension Surface {
    /// The picture in the file at `path`, decoded by SDL_image whatever its format, in `Surface.pixelFormat`: for tests
    /// and benchmarks reading shots and fixtures.
    package static func loading(_ path: String) throws(SDLError) -> Surface {
        let pixels: PixelBuffer
        do throws(DecodeFailure.Reason) { pixels = try ImageLoader.load(path: path) } catch {
            throw SDLError(call: "IMG_Load", message: error.message)
        }
        return try Surface(wrapping: pixels)
    }
}

extension DecodeWorker {
    /// A worker decoding inline with `decoder` (by default one with the standard limits), waking the loop with events
    /// of `wakeEventType` (nil: none): what tests and benchmarks that build a controller themselves decode with.
    public convenience init(
        decoder: ImageDecoder = ImageDecoder(), threadCount: Int = 2, wakeEventType: UInt32?, decodesAlone: Bool = false
    ) {
        ImageLoader.prepare()
        self.init(
            decoder: decoder as ImageDecoder, threadCount: threadCount, wake: wakeEventType.map(DecodeWorker.pushing),
            decodesAlone: decodesAlone)
    }
}
