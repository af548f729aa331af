// SVG bytes to pixels through librsvg and cairo (svg_render.h says what each function does).
#include "svg_render.h"

#include <CFormatLibraries.h>
#include <cairo.h>
#include <dirent.h>
#include <fontconfig/fontconfig.h>
#include <librsvg/rsvg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

struct gallery_svg {
    RsvgHandle *handle;
};

static void say(char *error, size_t capacity, const char *what, GError *cause) {
    if (error && capacity) snprintf(error, capacity, "%s%s%s", what, cause ? ": " : "", cause ? cause->message : "");
    if (cause) g_error_free(cause);
}

gallery_svg *gallery_svg_open(const void *bytes, size_t count, char *error, size_t capacity) {
    GError *cause = NULL;
    // From data, no base file: librsvg then refuses every reference but `data:` (UrlResolver: "base required").
    RsvgHandle *handle = rsvg_handle_new_from_data((const guint8 *)bytes, count, &cause);
    if (!handle) {
        say(error, capacity, "the document cannot be read", cause);
        return NULL;
    }
    rsvg_handle_set_dpi(handle, 96);
    gallery_svg *svg = g_malloc0(sizeof *svg);
    svg->handle = handle;
    return svg;
}

int gallery_svg_size(const gallery_svg *svg, double fallback, double *width, double *height) {
    gdouble w = 0, h = 0;
    if (rsvg_handle_get_intrinsic_size_in_pixels(svg->handle, &w, &h) && w > 0 && h > 0 && w < 1e9 && h < 1e9) {
        *width = w;
        *height = h;
        return 1;
    }
    gboolean has_width = FALSE, has_height = FALSE, has_view_box = FALSE;
    RsvgLength length_w, length_h;
    RsvgRectangle view_box = {0, 0, 0, 0};
    rsvg_handle_get_intrinsic_dimensions(svg->handle, &has_width, &length_w, &has_height, &length_h, &has_view_box,
                                         &view_box);
    if (has_view_box && view_box.width > 0 && view_box.height > 0 && view_box.width < 1e9 && view_box.height < 1e9) {
        double longer = view_box.width > view_box.height ? view_box.width : view_box.height;
        *width = fallback * view_box.width / longer;
        *height = fallback * view_box.height / longer;
    } else {
        *width = fallback;
        *height = fallback;
    }
    return 0;
}

int gallery_svg_render(gallery_svg *svg, double document_width, double document_height, int full_width,
                       int full_height, int x, int y, int width, int height, void *pixels, int stride, char *error,
                       size_t capacity) {
    if (width <= 0 || height <= 0 || full_width <= 0 || full_height <= 0 || document_width <= 0 ||
        document_height <= 0 || stride < cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)) {
        say(error, capacity, "nothing to draw", NULL);
        return -1;
    }
    memset(pixels, 0, (size_t)stride * (size_t)height);
    cairo_surface_t *surface =
        cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, width, height, stride);
    cairo_t *cairo = cairo_create(surface);
    // The document's own units scaled to the picture's size, the part wanted at the surface's origin: one transform for
    // documents with or without a viewBox (librsvg maps its size onto the viewport given).
    cairo_translate(cairo, -x, -y);
    cairo_scale(cairo, full_width / document_width, full_height / document_height);
    RsvgRectangle viewport = {0, 0, document_width, document_height};
    GError *cause = NULL;
    int drawn = rsvg_handle_render_document(svg->handle, cairo, &viewport, &cause);
    int status = cairo_status(cairo);
    cairo_destroy(cairo);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    if (!drawn) {
        say(error, capacity, "the document cannot be drawn", cause);
        return -1;
    }
    if (status != CAIRO_STATUS_SUCCESS) {
        if (error && capacity) snprintf(error, capacity, "cairo: %s", cairo_status_to_string(status));
        return -1;
    }
    // cairo's alpha is premultiplied; the picture's is straight.
    for (int row = 0; row < height; row++) {
        uint32_t *word = (uint32_t *)((uint8_t *)pixels + (size_t)row * (size_t)stride);
        for (int column = 0; column < width; column++) {
            uint32_t value = word[column], alpha = value >> 24;
            if (alpha == 0 || alpha == 255) continue;
            uint32_t red = ((value >> 16 & 0xFF) * 255 + alpha / 2) / alpha;
            uint32_t green = ((value >> 8 & 0xFF) * 255 + alpha / 2) / alpha;
            uint32_t blue = ((value & 0xFF) * 255 + alpha / 2) / alpha;
            word[column] = alpha << 24 | (red > 255 ? 255 : red) << 16 | (green > 255 ? 255 : green) << 8 |
                           (blue > 255 ? 255 : blue);
        }
    }
    return 0;
}

void gallery_svg_close(gallery_svg *svg) {
    if (!svg) return;
    g_object_unref(svg->handle);
    g_free(svg);
}

static int thread_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return 0;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks))) count += entry->d_name[0] != '.';
    closedir(tasks);
    return count;
}

// The fonts of the generic families, librsvg's default family (Times New Roman) and the commonest named one
// (Arial, as Helvetica), held for the process's life: cairo keeps a face's file open (FreeType maps it) while a
// font of it lives, and pango's fonts of the same file share that face, so text in them draws inside the sandbox.
enum { held_family_count = 5 };
static cairo_scaled_font_t *held_fonts[held_family_count];
static char held_files[held_family_count][4096];
static int held_file_count;

// The file fontconfig picks for `family`, as pango's first choice for it, into `held_files` (once each).
static void note_font_file(const char *family) {
    FcPattern *pattern = FcNameParse((const FcChar8 *)family);
    if (!pattern) return;
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcPattern *match = FcFontMatch(NULL, pattern, &result);
    FcChar8 *file = NULL;
    if (match && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch && file &&
        strlen((const char *)file) < sizeof held_files[0]) {
        int known = 0;
        for (int index = 0; index < held_file_count; index++) known |= strcmp(held_files[index], (char *)file) == 0;
        if (!known && held_file_count < held_family_count) snprintf(held_files[held_file_count++], sizeof held_files[0], "%s", file);
    }
    if (match) FcPatternDestroy(match);
    FcPatternDestroy(pattern);
}

int gallery_svg_font_files(const char **files, int capacity) {
    int count = 0;
    for (; count < held_file_count && count < capacity; count++) files[count] = held_files[count];
    return count;
}

static void hold_generic_fonts(void) {
    static const char *const families[held_family_count] = {"sans-serif", "serif", "monospace", "Times New Roman",
                                                            "Arial"};
    for (int index = 0; index < held_family_count; index++) note_font_file(families[index]);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t *cairo = cairo_create(surface);
    for (int index = 0; index < held_family_count; index++) {
        cairo_select_font_face(cairo, families[index], CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
        cairo_set_font_size(cairo, 12);
        cairo_text_extents_t extents;
        cairo_text_extents(cairo, "Ag", &extents);  // loads the face
        held_fonts[index] = cairo_scaled_font_reference(cairo_get_scaled_font(cairo));
    }
    cairo_destroy(cairo);
    cairo_surface_destroy(surface);
}

void gallery_svg_prepare(void) {
    if (gallery_format_libraries_load(GALLERY_FORMAT_LIBRARIES_SVG, NULL, 0) != 0) return;
    int threads = thread_count();
    hold_generic_fonts();
    // Drawn by librsvg and pango in each family held: pango keeps each face's HarfBuzz data (which it reads from the
    // file itself) in the font map, this thread's, the one decodes run on.
    static const char text[] =
        "<svg xmlns='http://www.w3.org/2000/svg' width='64' height='80'>"
        "<text x='1' y='14' font-family='sans-serif' font-size='12'>Ag</text>"
        "<text x='1' y='30' font-family='serif' font-size='12'>Ag</text>"
        "<text x='1' y='46' font-family='monospace' font-size='12'>Ag</text>"
        "<text x='1' y='62' font-size='12'>Ag</text>"
        "<text x='1' y='78' font-family='Arial' font-size='12'>Ag</text></svg>";
    gallery_svg *svg = gallery_svg_open(text, sizeof text - 1, NULL, 0);
    if (svg) {
        static uint32_t pixels[64 * 80];
        gallery_svg_render(svg, 64, 80, 64, 80, 0, 0, 64, 80, pixels, 64 * 4, NULL, 0);
        gallery_svg_close(svg);
    }
    // pango reads fontconfig's files on a thread of its own ("[pango] FcInit"), which ends once they are read.
    struct timespec pause = {0, 1000000};
    for (int waited = 0; waited < 1000 && thread_count() > threads; waited++) nanosleep(&pause, NULL);
}
