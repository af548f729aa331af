/// One image format the gallery opens: the single table that drives the folder scan's extensions (`PhotoIndex`), the
/// desktop entry's MIME types (`DesktopEntry`), the README's format list and the table in docs/FORMATS.md.
public struct PhotoFormat: Sendable, Hashable {
    /// The format's usual name, e.g. "JPEG".
    public var name: String
    /// File extensions taken from folders, lowercase.
    public var extensions: [String]
    /// shared-mime-info's MIME types, one per extension (the same type may repeat).
    public var mimeTypes: [String]
    /// The library that decodes it.
    public var decoder: String

    /// Every format the gallery opens, in the order the documentation lists them.
    public static let all: [PhotoFormat] = [
        PhotoFormat(
            name: "JPEG", extensions: ["jpg", "jpeg", "jpe"], mimeTypes: ["image/jpeg"], decoder: "libjpeg-turbo"),
        PhotoFormat(
            name: "PNG", extensions: ["png"], mimeTypes: ["image/png"],
            decoder: "SDL_image (libpng), animated (APNG) too: each frame through the still path"),
        PhotoFormat(name: "GIF", extensions: ["gif"], mimeTypes: ["image/gif"], decoder: "SDL_image, animated too"),
        PhotoFormat(name: "BMP", extensions: ["bmp", "dib"], mimeTypes: ["image/bmp"], decoder: "SDL_image"),
        PhotoFormat(
            name: "WebP", extensions: ["webp"], mimeTypes: ["image/webp"],
            decoder: "SDL_image (libwebp), animated: libwebp's demuxer"),
        PhotoFormat(
            name: "TIFF", extensions: ["tif", "tiff"], mimeTypes: ["image/tiff"],
            decoder: "SDL_image (libtiff); odd depths, CMYK 16-bit and Lab: libtiff's scanlines"),
        PhotoFormat(name: "TGA", extensions: tgaExtensions, mimeTypes: ["image/x-tga"], decoder: "SDL_image"),
        PhotoFormat(name: "QOI", extensions: ["qoi"], mimeTypes: ["image/qoi"], decoder: "SDL_image"),
        PhotoFormat(
            name: "PNM", extensions: ["pnm", "ppm", "pgm", "pbm"],
            mimeTypes: [
                "image/x-portable-anymap", "image/x-portable-pixmap", "image/x-portable-graymap",
                "image/x-portable-bitmap",
            ],
            decoder: "SDL_image"),
        PhotoFormat(
            name: "HEIF/HEIC", extensions: ["heic", "heif", "hif"],
            mimeTypes: ["image/heic", "image/heif", "image/heif"],
            decoder: "libheif (libde265)"),
        PhotoFormat(
            name: "AVIF", extensions: ["avif", "avifs"], mimeTypes: ["image/avif"],
            decoder: "libheif (dav1d, aom); image sequences through libavif, animated"),
        PhotoFormat(name: "JPEG XL", extensions: ["jxl"], mimeTypes: ["image/jxl"], decoder: "libjxl, animated too"),
        PhotoFormat(
            name: "SVG", extensions: vectorExtensions, mimeTypes: ["image/svg+xml"],
            decoder: "librsvg (drawn at the size shown, again when zoomed)"),
        PhotoFormat(
            name: "Camera RAW (embedded preview)", extensions: rawExtensions,
            mimeTypes: rawExtensions.map { rawMimeTypes[$0] ?? "image/x-dcraw" }, decoder: "LibRaw"),
    ]

    /// TGA's extensions (shared-mime-info's globs for image/x-tga): TGA has no signature, so only these names are
    /// read as TGA.
    public static let tgaExtensions = ["tga", "icb", "tpic", "vda", "vst"]

    /// SVG's extension: pictures drawn from shapes, at any size (`PageSource.isVector`). Not `.svgz`: shared-mime-info
    /// gives its type to `*.svg.gz` too, which a folder scan by extension cannot take without every `.gz`.
    public static let vectorExtensions = ["svg"]

    /// Camera RAW extensions: Canon (CR2, CR3), Nikon, Sony, Adobe DNG, Fujifilm, Olympus, Panasonic, Pentax, Samsung.
    public static let rawExtensions = ["cr2", "cr3", "nef", "arw", "dng", "raf", "orf", "rw2", "pef", "srw"]

    /// shared-mime-info's type for each RAW extension.
    private static let rawMimeTypes: [String: String] = [
        "cr2": "image/x-canon-cr2", "cr3": "image/x-canon-cr3", "nef": "image/x-nikon-nef",
        "arw": "image/x-sony-arw", "dng": "image/x-adobe-dng", "raf": "image/x-fuji-raf",
        "orf": "image/x-olympus-orf", "rw2": "image/x-panasonic-rw2", "pef": "image/x-pentax-pef",
        "srw": "image/x-samsung-srw",
    ]

    /// The MIME type of each extension, from `all`.
    public static var mimeTypesByExtension: [String: String] {
        Dictionary(
            all.flatMap { format in
                format.extensions.indices.map {
                    (format.extensions[$0], format.mimeTypes[min($0, format.mimeTypes.count - 1)])
                }
            }, uniquingKeysWith: { first, _ in first })
    }

    /// The README's one-line list: "JPEG, PNG, …, Camera RAW (embedded preview)".
    public static var nameList: String {
        all.map(\.name).joined(separator: ", ")
    }

    /// The Markdown table docs/FORMATS.md carries, one row a format.
    public static var markdownTable: String {
        let rows = all.map { format in
            "| \(format.name) | \(format.extensions.map { "`.\($0)`" }.joined(separator: " ")) | "
                + "\(Set(format.mimeTypes).sorted().map { "`\($0)`" }.joined(separator: " ")) | \(format.decoder) |"
        }
        return (["| format | extensions | MIME types | decoder |", "|---|---|---|---|"] + rows).joined(separator: "\n")
            + "\n"
    }
}
