#ifndef GALLERY_SVG_RENDER_H
#define GALLERY_SVG_RENDER_H

#include <stddef.h>
#include <stdint.h>

// SVG through librsvg and cairo, from bytes in memory: a narrow interface of our own, so that librsvg's headers (GLib,
// GIO, GdkPixbuf, cairo) stay in this target. librsvg is reached through CFormatLibraryStubs' trampolines: load the
// SVG group (`gallery_format_libraries_load`) before any call here but `gallery_svg_prepare`, which loads it itself.

/// An SVG document parsed by librsvg.
typedef struct gallery_svg gallery_svg;

/// Parses the `count` bytes at `bytes` (SVG; librsvg also takes it gzip-compressed). No base URI is set, so librsvg resolves no
/// reference outside the document (no file, no network; `data:` URIs only). NULL when the document cannot be read,
/// with why in `error` (`capacity` bytes, NUL-terminated).
gallery_svg *gallery_svg_open(const void *bytes, size_t count, char *error, size_t capacity);

/// The document's size in pixels (96 per inch): its width and height when both are absolute; else its viewBox's
/// shape with the longer side `fallback`; else `fallback` × `fallback`. Returns 1 when the size is the document's own.
int gallery_svg_size(const gallery_svg *svg, double fallback, double *width, double *height);

/// Draws the part (`x`, `y`, `width`, `height`) of the document scaled to `full_width` × `full_height` (its size being
/// `document_width` × `document_height`, from `gallery_svg_size`) into `pixels`: `height` rows of `stride` bytes, each
/// pixel a native-endian 0xAARRGGBB word with straight alpha, transparent where nothing is drawn. 0, or -1 with why
/// in `error`.
int gallery_svg_render(gallery_svg *svg, double document_width, double document_height, int full_width,
                       int full_height, int x, int y, int width, int height, void *pixels, int stride, char *error,
                       size_t capacity);

/// Lets the document go.
void gallery_svg_close(gallery_svg *svg);

/// What librsvg reads from files when it first draws text, read now, before a decoder's sandbox refuses every open:
/// fontconfig's configuration and cache, and the faces of the generic families (sans-serif, serif, monospace), of
/// librsvg's default family (Times New Roman) and of Arial, which FreeType keeps mapped. Waits (at most a second) for the thread pango starts to read fontconfig's files to end, as
/// the sandbox goes on only in a process of one thread. Loads the SVG group first; nothing when it cannot be loaded.
void gallery_svg_prepare(void);

/// The font files `gallery_svg_prepare` keeps mapped (at most 5): cairo asks `access` of a font
/// file before it uses it, which a decoder's sandbox answers for these only (`gallery_sandbox_answer_access`). How
/// many were put in `files`.
int gallery_svg_font_files(const char **files, int capacity);

#endif
