import CSDL2
import Imaging

extension PixelRect {
    /// The same rectangle as SDL's C struct, clamping coordinates into `Int32`.
    var sdlRect: SDL_Rect {
        SDL_Rect(x: Int32(clamping: x), y: Int32(clamping: y), w: Int32(clamping: width), h: Int32(clamping: height))
    }
}
