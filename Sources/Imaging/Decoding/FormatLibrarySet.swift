/// Format libraries a decode may need beyond those every decoder maps at start (TurboJPEG and libjpeg, libexif, Little
/// CMS, zlib, giflib, libwebp's demuxer): each loaded when a photo first needs it (`FormatLibraries` in ImageLoader),
/// and in a decoder process before its sandbox goes on, which then refuses the opens a load makes.
public struct FormatLibrarySet: OptionSet, Sendable, Hashable {
    /// The bits: one per group (`CFormatLibraries`' group numbers, as `1 << group`).
    public let rawValue: UInt8

    /// A set of the groups whose bits `rawValue` has.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// SDL_image and SDL's core (PNG but plain ones, GIF, BMP, still WebP, TIFF, TGA, QOI, PNM): SDL
    /// brings its audio, X11 and Wayland libraries, ~60 in all.
    public static let imageLoader = FormatLibrarySet(rawValue: 1 << 0)
    /// libheif with libde265 and dav1d (HEIF and AVIF).
    public static let heif = FormatLibrarySet(rawValue: 1 << 1)
    /// libjxl and its thread pool (JPEG XL).
    public static let jxl = FormatLibrarySet(rawValue: 1 << 2)
    /// LibRaw (camera RAW previews).
    public static let raw = FormatLibrarySet(rawValue: 1 << 3)
    /// librsvg with cairo, GObject and GLib (SVG); fontconfig's files and the generic families' fonts are read with it.
    public static let svg = FormatLibrarySet(rawValue: 1 << 4)
    /// libavif with its AV1 codecs (AVIF image sequences' frames; their still picture is libheif's).
    public static let avif = FormatLibrarySet(rawValue: 1 << 7)
    /// Every group.
    public static let all: FormatLibrarySet = [.imageLoader, .heif, .jxl, .raw, .svg, .avif]

    /// What a file whose header says `format` needs decoded (nil, an unrecognised file: nothing, its decode fails
    /// before any library). A JPEG needs none: TurboJPEG is mapped at start.
    package static func needed(for format: ImageHeader.Format?) -> FormatLibrarySet {
        switch format {
        case nil, .jpeg?: []
        case .heif?, .avif?: .heif
        case .jxl?: .jxl
        case .raw?: .raw
        case .svg?: .svg
        case .png?, .gif?, .bmp?, .webp?, .tiff?, .tga?, .qoi?, .pnm?: .imageLoader
        }
    }

    /// What the file that `read` reads needs decoded, its header saying `format`: as `needed(for:)`, except that a
    /// plain PNG (`PNGLayout`, as the desktop's cached thumbnails are) is read by libpng, which every decoder maps, and
    /// an AVIF image sequence (`avis`) needs libavif for its frames besides libheif.
    package static func needed(for format: ImageHeader.Format?, read: ImageHeader.Reader) -> FormatLibrarySet {
        if format == .png && PNGLayout.isPlain(read) { return [] }
        if format == .avif && ImageHeader.isAVIFSequence(read) { return [.heif, .avif] }
        return needed(for: format)
    }

    /// The groups' names, as messages say them ("SDL_image", "libheif", "libjxl", "LibRaw", "librsvg", "libavif").
    public var names: [String] {
        [
            (Self.imageLoader, "SDL_image"), (.heif, "libheif"), (.jxl, "libjxl"), (.raw, "LibRaw"), (.svg, "librsvg"),
            (.avif, "libavif"),
        ]
        .filter { contains($0.0) }.map(\.1)
    }
}
