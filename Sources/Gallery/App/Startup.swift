import DecoderProcess
import GalleryCore
import GalleryScene
import Imaging

/// What a window's start begins before its options are parsed, handed whole to the run (`WindowRun.run(startup:…)`).
///
/// Parsing the options and setting up the run takes about 10 ms of the main thread, which the first photo waited for.
/// Begun here instead: the decoder pool with its first process, the page worker that will decode for the window, and,
/// when the options cannot change what is listed, the listing on its own thread, which submits the first photo's
/// decode to that worker as soon as it knows the photo. The run uses these very objects: nothing is begun twice, and
/// nothing is matched afterwards. Whoever begins one answers for the options it is begun for: the decoding only for
/// options that leave the image options at their defaults, the listing only for options that change neither the list
/// nor the first page (GalleryApp's `EarlyOpening` holds both lists; its tests parse each option).
@MainActor
public final class Startup {
    /// The decoder processes, made for the default image options.
    let pool: DecoderPool
    /// Decodes in `pool`, within the default memory budget.
    let decoder: ProcessPictureDecoder
    /// The display's colour profile the pages are converted to, once the window says it.
    let displayProfile: DisplayProfile
    /// The window's page worker, decoding alone until the first photo is on screen.
    let worker: DecodeWorker
    /// The listing under way, whose thread has submitted the first page's decode to `worker`; nil when the run lists.
    let opening: LibraryOpening?

    /// Begins the decoding (its first decoder process loads now), and `open` on a thread of its own when given, which
    /// then asks for the first page at its size in a window of `size`; then SDL's load. Call it on the main thread before any other thread starts: it sets the
    /// process's locale and environment first (`WindowRun.prepareProcess`).
    public init(size: ViewportSize, open: (@Sendable () throws -> OpenedLibrary)?) {
        WindowRun.prepareProcess()
        let images = ImageOptions()
        // One process now, which links while the options are parsed; the others as decode threads ask for them.
        pool = ProcessDecoding.makePool(
            options: images, processCount: WindowRun.decoderProcessCount, initialCount: 1)
        decoder = ProcessPictureDecoder(pool: pool, budget: DecodeBudget(totalBytes: images.decodeBudgetBytes))
        displayProfile = DisplayProfile()
        // SDL is not loaded yet, and its first call would wait for the load: until it is loaded the worker wakes
        // nothing (the window's loop, which the wake-up is for, starts only after the load).
        worker = GalleryAssembly.worker(
            decoder: decoder, displayProfile: displayProfile,
            wake: {
                guard SDLLibraries.isLoaded else { return }
                DecodeWorker.pushing(SDLSession.wakeEventType)()
            }, decodesAlone: true)
        // The run's options list the same photos (or it would not have been begun): the grid's thumbnails, which
        // only `--mode` asks for first, are not among them.
        opening = open.map { [worker] in StartDecodes.opening($0, size: size, worker: worker, thumbnails: nil) }
        // SDL's load last: while `dlopen` runs no thread of the process can start (glibc's pthread_create waits for
        // the dynamic loader's lock, held through a whole dlopen), so the decode and listing threads start first.
        SDLLibraries.loadInBackground()
    }
}
