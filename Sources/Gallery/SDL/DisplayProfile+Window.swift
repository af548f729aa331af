import CSDL2
import Imaging

extension DisplayProfile {
    /// The profile of the display `window` is on, or nil: none published, or not one (`plausible`).
    @MainActor
    static func read(window: Window) -> [UInt8]? {
        var size = 0
        guard let data = SDL_GetWindowICCProfile(window.handle, &size) else { return nil }
        defer { SDL_free(data) }
        return plausible(UnsafeRawBufferPointer(start: data, count: size))
    }
}
