import Gallery
import Glibc

/// The one SDL session of the test process, started on first use with the dummy video driver (no display needed) and
/// never shut down: quitting SDL between suites would pull it from under the next one, and process exit frees it all.
enum SDLTestSession {
    /// `nonisolated(unsafe)` is sound here: the session is created once (Swift runs a static initialiser exactly once,
    /// thread-safely) and afterwards only its immutable `wakeEventType` is read.
    private nonisolated(unsafe) static let session: Result<SDLSession, SDLError> = {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        return Result { () throws(SDLError) -> SDLSession in try SDLSession(video: true) }
    }()

    /// Starts SDL if needed; returns the session's wake-up event type. Call at the start of every SDL test.
    @discardableResult
    static func start() throws -> UInt32 {
        try session.get().wakeEventType
    }
}
