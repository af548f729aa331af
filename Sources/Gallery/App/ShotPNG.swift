import GalleryCore
import Support

/// A frame as the bytes of a headless shot: an opaque RGB PNG carrying the gallery's mark (`ShotMark`), encoded in
/// memory so that it is written through `OutputFile` (the output policy), never by SDL opening a path itself. Cached
/// thumbnails are encoded by the decoder process instead (`PictureDecoding.thumbnailPNG`).
enum ShotPNG {
    /// The PNG bytes of `surface`, marked.
    static func encode(_ surface: Surface) throws(SDLError) -> [UInt8] {
        guard let marked = ShotMark.marking(try png(of: surface, opaque: true)) else {
            throw SDLError(call: "PNGEncoder", message: "the encoder wrote no PNG header")
        }
        return marked
    }

    /// The PNG bytes of `surface`, unmarked: RGB when `opaque`, else RGBA (a cached thumbnail keeps its alpha).
    static func png(of surface: Surface, opaque: Bool) throws(SDLError) -> [UInt8] {
        try surface.png(opaque: opaque)
    }
}
