import CFormatLibraries
import GalleryCore
import Support

/// SDL and SDL_ttf, loaded by the viewer itself rather than by the dynamic loader before `main`.
///
/// Linked, they and the ~50 libraries SDL brings (audio, X11, Wayland, D-Bus) took ~11 ms of the dynamic loader's on
/// one core before the first line of `main`, and the decoder process, the listing and the first photo's request all
/// waited for it. The package links `CFormatLibraries`' trampolines in their place; `loadInBackground()` loads them on
/// a thread of its own while the main thread starts the decoders and parses the options, and the first SDL call waits
/// for that load if it is still under way (docs/PERFORMANCE.md, "SDL loaded beside the start").
public enum SDLLibraries {
    /// Starts loading SDL and SDL_ttf on a thread of their own; returns at once.
    public static func loadInBackground() {
        DetachedThread.start(name: "gallery-sdl") { _ = load() }
    }

    /// Loads SDL and SDL_ttf, or waits for the load under way: nil once they are loaded, else why they cannot be
    /// ("SDL could not be loaded: libSDL2-2.0.so.0: cannot open shared object file…").
    public static func load() -> String? {
        for group in [GALLERY_FORMAT_LIBRARIES_SDL, GALLERY_FORMAT_LIBRARIES_TTF] {
            var error = [CChar](repeating: 0, count: 512)
            if gallery_format_libraries_load(Int32(group), &error, error.count) != 0 {
                return String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        loaded.withLock { $0 = true }
        return nil
    }

    /// Whether SDL and SDL_ttf are loaded, without waiting for a load under way: a decode worker begun before them
    /// (`Startup`) asks SDL nothing until then, rather than wait for the load in the middle of the first photo.
    public static var isLoaded: Bool { loaded.withLock { $0 } }

    private static let loaded = LockedState(false)

    /// Loads SDL and SDL_ttf (or waits for the load under way), or throws why they cannot be: what a run checks before
    /// its first SDL call, so a missing or broken library is a one-line error, not an abort in a trampoline.
    public static func require() throws(SDLError) {
        if let failure = load() { throw SDLError(call: "loading SDL", message: failure) }
    }
}
