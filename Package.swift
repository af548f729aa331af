// swift-tools-version:6.0
import PackageDescription

// Our own targets fail on any warning (Swift's -warnings-as-errors; -Werror for our C targets), so `swift build`
// itself refuses a warning, in clean and incremental builds alike; the flags are per target, so dependencies' warnings
// do not count. Unsafe flags are allowed in a root package, and nothing depends on this one from outside.
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]
// The two programs link with the toolchain's lld, packing their ~44,000 relative relocations (`DT_RELR`, glibc 2.36):
// 1 MB of `.rela.dyn` each, read at every start and resident after it, becomes ~25 KB.
// Neither exports its symbols (the static Swift library's link asks for --export-dynamic): a trampoline of
// `CFormatLibraryStubs` exported by the program would take a loaded library's calls to its own functions, and GObject's
// constructor, calling g_malloc0 while librsvg is being loaded, waited forever on the loader's own lock.
let packedRelocations: [LinkerSetting] = [
    .unsafeFlags([
        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
    ])
]

// librsvg's headers and those they include (GLib, GIO, GdkPixbuf, cairo): not on the default paths, and librsvg-2.0.pc,
// as a system library's `pkgConfig:`, would link librsvg at start; the trampolines load it when an SVG needs it.
#if arch(arm64)
let multiarch = "aarch64-linux-gnu"
#else
let multiarch = "x86_64-linux-gnu"
#endif
let svgHeaders: [CSetting] = [
    .unsafeFlags(
        ["-Werror"]
            + [
                "/usr/include/librsvg-2.0", "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include",
                "/usr/include/gdk-pixbuf-2.0", "/usr/include/cairo",
            ].map { "-I" + $0 })
]

let package = Package(
    name: "gallery",
    products: [
        .executable(name: "gallery", targets: ["GalleryApp"]),
        .executable(name: "gallery-bench", targets: ["GalleryBench"]),
        .executable(name: "gallery-soak", targets: ["GallerySoak"]),
        .executable(name: "gallery-docs", targets: ["GalleryDocs"]),
        .executable(name: "gallery-decoder", targets: ["GalleryDecoder"]),
        .library(name: "PagerEngine", targets: ["PagerEngine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // SDL2 and SDL2_ttf, with a shim for the macros Swift cannot import. No `pkgConfig:`:
        // sdl2.pc's only non-default flag is -D_REENTRANT, which SwiftPM rejects with a warning on every
        // build (and glibc ignores); Debian's and Ubuntu's headers and libraries are on the default paths. Nothing
        // links them: their functions are `CFormatLibraries`' trampolines, which load them when first called (the
        // viewer starts that load on a thread at once, `SDLLibraries`).
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev"])]),
        // SDL2_image and the part of SDL's core it needs (surfaces, streams): used by `ImageLoader` alone, loaded when a
        // photo first needs them (`CFormatLibraries`).
        .systemLibrary(name: "CSDLImage", providers: [.apt(["libsdl2-dev", "libsdl2-image-dev"])]),
        // libjpeg-turbo's TurboJPEG API: scaled JPEG decoding, CMYK, damage warnings.
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        // libexif: the EXIF orientation of JPEG photos.
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        // libheif: HEIF/HEIC (libde265) and AVIF (dav1d or aom), with their irot/imir/clap transformations.
        // No `pkgConfig:`: libheif.pc would link libheif at start; its headers are on the default paths.
        .systemLibrary(name: "CHeif", providers: [.apt(["libheif-dev"])]),
        // What the decoders do in C beyond their libraries' APIs: libheif decoder plugins over libde265 and dav1d,
        // registered over libheif's own (HEVC and AV1 on every core, a picture shown at a fraction of its size handed
        // to libheif reduced, before its conversion to RGB); libjpeg's own API (libjpeg-turbo's libjpeg62) for a zoomed
        // photo's visible region, decoded row- and column-cropped (jpeg_skip_scanlines, jpeg_crop_scanline), which
        // TurboJPEG 2.1's API cannot do; librsvg (with cairo, GLib and GObject) behind a narrow interface of our own, SVG
        // bytes in and pixels of any part of the picture at any scale out (the library comes through the trampolines,
        // loaded when an SVG first needs it).
        .target(
            name: "CFormatDecoding", dependencies: ["CFormatLibraryStubs"], cSettings: svgHeaders,
            linkerSettings: [.linkedLibrary("jpeg")]),
        // The libraries loaded when first needed (SDL_image, libheif with libde265 and dav1d, libjxl, LibRaw, SDL, SDL_ttf):
        // their loader, and the trampolines of SDL and SDL_ttf, linked instead of them. The modules above name no library
        // to link for these: a decoder maps them only for a photo that needs them, the viewer loads SDL as it starts.
        .target(
            name: "CFormatLibraries", cSettings: [.unsafeFlags(["-Werror"])], linkerSettings: [.linkedLibrary("dl")]),
        // The trampolines of the decoders' format libraries, which only the decoder side links (the viewer's symbol
        // table names none of them).
        .target(name: "CFormatLibraryStubs", dependencies: ["CFormatLibraries"], cSettings: svgHeaders),
        // libjxl: JPEG XL. No `pkgConfig:`: libjxl.pc adds -DHWY_SHARED_DEFINE, which SwiftPM rejects with a warning
        // on every build and the decoder API does not need; the headers and library are on the default paths.
        .systemLibrary(name: "CJXL", providers: [.apt(["libjxl-dev"])]),
        // LibRaw, thread-safe build (libraw_r): camera RAW files' embedded JPEG previews. No `pkgConfig:`: libraw_r.pc
        // links with -fopenmp, which SwiftPM rejects; only the preview is read, which needs no OpenMP.
        .systemLibrary(name: "CLibRaw", providers: [.apt(["libraw-dev"])]),
        // Little CMS 2: embedded ICC profiles (and PNG gAMA/cHRM, HEIF nclx) converted to the output profile.
        .systemLibrary(name: "CLcms2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        // libwebp's demuxer: animated WebP frames, composited (WebPAnimDecoder); SDL_image 2.6 decodes still WebP only.
        .systemLibrary(name: "CWebPDemux", providers: [.apt(["libwebp-dev"])]),
        // giflib: animated GIFs decoded frame by frame as they are due (`GIFFrames`), in constant memory.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        // zlib (linked by SDL_image's libpng already): PNG `iCCP` profiles are zlib-compressed.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // What SDL 2.26 does not read from the window system, on SDL's own connection: `Xft.dpi` through Xlib
        // (`DesktopSettings`), and the Wayland seat's pointer with its scroll source and stop, hold and pinch
        // (`WaylandPointer`), through the libwayland-client SDL loaded; and the clipboard with the picture: the X11
        // CLIPBOARD selection on an X connection of its own (`X11Selection`), the Wayland seat's selection on SDL's
        // display with a queue of its own (`WaylandSelection`), each served by a thread of its own.
        .target(
            name: "CWindowSystem", dependencies: ["CFormatLibraries"], cSettings: [.unsafeFlags(["-Werror"])],
            linkerSettings: [.linkedLibrary("X11")]),
        // The decoder process's sandbox: no_new_privs, Landlock, a libseccomp filter, resource limits.
        .target(
            name: "CSandbox", cSettings: [.unsafeFlags(["-Werror"])], linkerSettings: [.linkedLibrary("seccomp")]),
        // Linux calls Swift's Glibc module leaves out: mallopt, prctl (the subreaper), pidfd_open, renameat2,
        // memfd_create (the pixels a decoder shares with the viewer), SCM_RIGHTS (descriptors to and from a decoder).
        .target(name: "CLinux", cSettings: [.unsafeFlags(["-Werror"])]),
        // The decoder process's allocator: a refused allocation under its memory limit ends it with a known status.
        .target(name: "CDecoderAllocation", cSettings: [.unsafeFlags(["-Werror"])]),
        // nettle: MD5, which the freedesktop thumbnail cache names its files by (`ThumbnailCache`).
        .systemLibrary(name: "CNettle", providers: [.apt(["nettle-dev"])]),
        // Pure Swift: physics, paging, topologies, residency, slideshow. No SDL, no clock, no I/O.
        .target(
            name: "PagerEngine",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: strict
        ),
        // Pictures without SDL and without format libraries: headers, EXIF and orientation, embedded colour, the pixel
        // buffer decoders fill (which the decoder process shares with the viewer), the decode worker and its results.
        .target(
            name: "Imaging", dependencies: ["CExif", "CLcms2", "CLinux", "CZlib", "Support"],
            swiftSettings: strict),
        // SDL_image's loaders, a file's bytes in and a `PixelBuffer` out: the one target that links SDL_image.
        .target(
            name: "ImageLoader",
            dependencies: ["CFormatDecoding", "CFormatLibraries", "CFormatLibraryStubs", "CSDLImage", "Imaging"],
            swiftSettings: strict),
        // Every decoder that links a format library (TurboJPEG, libheif, libjxl, LibRaw, libwebp, SDL_image through
        // `ImageLoader`), and `ImageDecoder`, which picks one for each file. No SDL.
        .target(
            name: "ImageDecoders",
            dependencies: [
                "CFormatDecoding", "CGif", "CHeif", "CJXL", "CLibRaw", "CPNG", "CTurboJPEG", "CWebPDemux",
                "ImageLoader", "Imaging", "Support",
            ],
            swiftSettings: strict
        ),
        // Decoder processes, the viewer's side and the wire: requests, replies, the pool. No SDL, no seccomp.
        .target(
            name: "DecoderProcess", dependencies: ["CLinux", "Imaging", "Support"],
            swiftSettings: strict),
        // What both processes stand on, with no app model and no physics: threads and locks, child processes, path
        // bytes, JSON lines, the LRU, the photo's identity and format, GIF and WebP scans, the thumbnail cache's files.
        .target(name: "Support", dependencies: ["CLinux", "CNettle"], swiftSettings: strict),
        // The app model that needs no SDL: the screens' state and input, photo index, scripts, traces, key map, feeds.
        .target(name: "GalleryCore", dependencies: ["CLinux", "PagerEngine", "Support"], swiftSettings: strict),
        // Not in `gallery` (a test checks its symbol table): the soak's script generator, watchdog and trace
        // invariants, for the soak, the fuzzers' corpus and the tests.
        .target(name: "GalleryCoreTesting", dependencies: ["GalleryCore", "PagerEngine"], swiftSettings: strict),
        // Not in `gallery`: the soak's in-process runs, the hostile corpus and the JPEG fixtures, which need SDL's side,
        // and the inline decoding tests and the soak inject (`ImageDecoder`, which the viewer does not link).
        .target(
            name: "GalleryTesting",
            dependencies: [
                "CTurboJPEG", "Gallery", "GalleryCore", "GalleryCoreTesting", "ImageDecoders", "ImageLoader",
                "PagerEngine",
            ],
            swiftSettings: strict
        ),
        // The scene without SDL: the controller, the page and thumbnail stores, the painters. It draws on a `Canvas`
        // (a protocol `Gallery`'s renderer conforms to), so none of it links SDL.
        .target(
            name: "GalleryScene",
            dependencies: [
                // No format library: photos are decoded in `gallery-decoder` processes (DecoderProcess); Little CMS
                // and zlib come through Imaging.
                "DecoderProcess", "GalleryCore", "Imaging", "PagerEngine",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Everything that touches SDL's video: wrappers (the scene's canvas), the window's and headless runs' frame
        // loops. Links no format library (a test checks the built `gallery`'s symbol table).
        .target(
            name: "Gallery",
            dependencies: [
                "CFormatLibraries", "CSDL2", "CWindowSystem", "DecoderProcess", "GalleryCore", "GalleryScene", "Imaging",
                "PagerEngine",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "GalleryApp",
            dependencies: [
                "CLinux", "Gallery", "GalleryCore", "PagerEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict,
            linkerSettings: packedRelocations,
            plugins: ["VersionStamp"]
        ),
        // `gallery-decoder`: the sandboxed decoder process the viewer's `DecoderPool` starts, installed beside `gallery`:
        // its sandbox, its request loop and the memory its replies travel in.
        .executableTarget(
            name: "GalleryDecoder",
            dependencies: [
                "CDecoderAllocation", "CFormatDecoding", "CLinux", "CSandbox", "DecoderProcess", "ImageDecoders",
                "ImageLoader", "Imaging", "Support",
            ],
            swiftSettings: strict,
            linkerSettings: packedRelocations
        ),
        // Writes the `git describe` version into GalleryApp before each build (`gallery --version`).
        .plugin(name: "VersionStamp", capability: .buildTool()),
        // `make install` and `make readme`: the man page's added sections, the desktop entry, the AppStream metainfo
        // and README's keys table, from the code. Not in `gallery` (a test checks its symbol table).
        .executableTarget(
            name: "GalleryDocs",
            dependencies: [
                "GalleryCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        // `make bench`: engine throughput and headless frame costs, printed as numbers.
        .executableTarget(
            name: "GalleryBench",
            dependencies: [
                "CLinux", "DecoderProcess", "Gallery", "GalleryCore", "GalleryCoreTesting", "GalleryTesting",
                "ImageDecoders", "ImageLoader", "Imaging", "PagerEngine",
            ],
            path: "Benchmarks/GalleryBench",
            swiftSettings: strict
        ),
        // `make soak`: thousands of generated scripts in every mode, then the endurance run, as printed counts.
        .executableTarget(
            name: "GallerySoak",
            dependencies: [
                "Gallery", "GalleryCore", "GalleryCoreTesting", "GalleryTesting", "ImageDecoders", "PagerEngine",
            ],
            path: "Benchmarks/GallerySoak",
            swiftSettings: strict
        ),
        .testTarget(name: "PagerEngineTests", dependencies: ["PagerEngine"], swiftSettings: strict),
        // Links no SDL: the imaging module's tests run where there is no SDL at all.
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "Support"], swiftSettings: strict),
        // Links SDL_image's loaders but neither SDL's video nor the gallery's drawing: the decoders' own tests.
        .testTarget(
            name: "ImageDecodersTests",
            dependencies: [
                "CGif", "CTurboJPEG", "CZlib", "GalleryCore", "GalleryCoreTesting", "ImageDecoders", "ImageLoader",
                "Imaging",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "GalleryCoreTests",
            dependencies: ["GalleryCore", "GalleryCoreTesting", "GalleryDocs", "PagerEngine", "Support"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "GalleryTests",
            dependencies: [
                "CSDL2", "CTurboJPEG", "DecoderProcess", "Gallery", "GalleryApp", "GalleryCore", "GalleryCoreTesting",
                "GalleryScene", "GalleryTesting", "ImageDecoders", "ImageLoader", "Imaging",
                "PagerEngine",
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
