import CSDL2
import Imaging

/// Decode workers that wake the window's event loop: each batch of results pushes an SDL event of `wakeEventType`
/// (`SDL_PushEvent` is thread-safe), so a loop asleep in `SDL_WaitEvent` wakes up and drains them.
extension DecodeWorker {
    /// A worker decoding with `decoder`, waking the loop with events of `wakeEventType` (usually
    /// `SDLSession.wakeEventType`; nil pushes no events, e.g. in headless runs).
    public convenience init(
        decoder: some PictureDecoding, threadCount: Int = 2, wakeEventType: UInt32?,
        decodesAlone: Bool = false
    ) {
        self.init(
            decoder: decoder, threadCount: threadCount, wake: wakeEventType.map(Self.pushing),
            decodesAlone: decodesAlone)
    }

    /// A worker running `decode` for each request (and `preview` first for a page), waking the loop with events of
    /// `wakeEventType` (`statedSize` reads a page's header size): the seam tests use to control timing.
    package convenience init(
        threadCount: Int, wakeEventType: UInt32?, budget: DecodeBudget? = nil, decodesAlone: Bool = false,
        decode: @escaping @Sendable (DecodeRequest) throws(DecodeFailure) -> DecodedPicture,
        preview: (@Sendable (DecodeRequest) -> DecodedPicture?)? = nil,
        statedSize: @escaping @Sendable (String) -> PixelSize? = DecodeWorker.statedSize(ofFile:)
    ) {
        self.init(
            threadCount: threadCount, wake: wakeEventType.map(Self.pushing), budget: budget,
            decodesAlone: decodesAlone, decode: decode, preview: preview, statedSize: statedSize)
    }

    /// A wake-up that pushes an SDL event of `eventType`.
    package static func pushing(_ eventType: UInt32) -> @Sendable () -> Void {
        {
            var event = SDL_Event()
            event.type = eventType
            // A full event queue only delays the wake-up: the main loop also drains on its next frame.
            _ = SDL_PushEvent(&event)
        }
    }
}
