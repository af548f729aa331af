#!/usr/bin/env python3
"""Writes the C trampolines, one per library function the package calls, and their table: SDL's and SDL_ttf's in
Sources/CFormatLibraries/SDLStubs.c, the decoders' format libraries' in Sources/CFormatLibraryStubs/FormatLibraryStubs.c,
the table in Sources/CFormatLibraries/FormatLibraryTables.c.

Each stub has the library's own prototype (the real header is included, so a mismatch fails the build) and forwards to
the function `dlsym` found when the library's group was loaded (`gallery_format_libraries_load`). The decoder process
links the stubs instead of libheif, libjxl, LibRaw, SDL_image and SDL, so it maps none of them until a photo needs one;
the viewer links them instead of SDL and SDL_ttf, which it loads on a thread of its own while its start goes on.

Run it again when the code calls a new function of one of those libraries (the link fails with an undefined symbol):
    python3 Scripts/generate-format-library-stubs.py
It reads the package's sources for the names the libraries export, and the headers (through clang's AST) for their
types.
"""
import json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBDIR = "/usr/lib/" + subprocess.run(["gcc", "-print-multiarch"], capture_output=True, text=True).stdout.strip()

# group index (gallery_format_library_group), header, (soname symlink, sources scanned for its names)
GROUPS = [
    # libtiff comes with SDL_image (its DT_NEEDED): CFormatDecoding reads the TIFFs its RGBA interface gets wrong.
    ("GALLERY_FORMAT_LIBRARIES_IMAGE_LOADER", "#include <SDL2/SDL.h>\n#include <SDL2/SDL_image.h>\n#include <tiffio.h>\n", [
        ("libSDL2_image.so", ["Sources/ImageLoader", "Sources/ImageDecoders", "Sources/CSDLImage",
                              "Sources/GalleryDecoder", "Tests/ImageDecodersTests"]),
        ("libtiff.so", ["Sources/CFormatDecoding"]),
    ]),
    ("GALLERY_FORMAT_LIBRARIES_HEIF", "#include <libheif/heif.h>\n#include <libde265/de265.h>\n#include <dav1d/dav1d.h>\n", [
        ("libheif.so", ["Sources", "Tests", "Benchmarks"]),
        ("libde265.so", ["Sources", "Tests", "Benchmarks"]),
        ("libdav1d.so", ["Sources", "Tests", "Benchmarks"]),
    ]),
    ("GALLERY_FORMAT_LIBRARIES_JXL", "#include <jxl/decode.h>\n#include <jxl/thread_parallel_runner.h>\n", [
        ("libjxl.so", ["Sources", "Tests", "Benchmarks"]),
        ("libjxl_threads.so", ["Sources", "Tests", "Benchmarks"]),
    ]),
    ("GALLERY_FORMAT_LIBRARIES_RAW", "#include <libraw/libraw.h>\n", [
        ("libraw_r.so", ["Sources", "Tests", "Benchmarks"]),
    ]),
    # librsvg with the cairo, fontconfig, GObject and GLib functions CFormatDecoding calls (only its names: GLib's are common words).
    ("GALLERY_FORMAT_LIBRARIES_SVG", "#include <librsvg/rsvg.h>\n#include <cairo.h>\n#include <fontconfig/fontconfig.h>\n", [
        ("librsvg-2.so", ["Sources/CFormatDecoding"]),
        ("libfontconfig.so", ["Sources/CFormatDecoding"]),
        ("libcairo.so", ["Sources/CFormatDecoding"]),
        ("libgobject-2.0.so", ["Sources/CFormatDecoding"]),
        ("libglib-2.0.so", ["Sources/CFormatDecoding"]),
    ]),
    # SDL's core: the viewer's window and renderer, and SDL_image's surfaces in a decoder (which loads it first).
    ("GALLERY_FORMAT_LIBRARIES_SDL", "#include <SDL2/SDL.h>\n#include <SDL2/SDL_syswm.h>\n", [
        ("libSDL2.so", ["Sources", "Tests", "Benchmarks"]),
    ]),
    ("GALLERY_FORMAT_LIBRARIES_TTF", "#include <SDL2/SDL_ttf.h>\n", [
        ("libSDL2_ttf.so", ["Sources", "Tests", "Benchmarks"]),
    ]),
    # libavif: AVIF image sequences (CFormatDecoding's avif_decode.c alone calls it); last, so the others' indices stay.
    ("GALLERY_FORMAT_LIBRARIES_AVIF", "#include <avif/avif.h>\n", [
        ("libavif.so", ["Sources/CFormatDecoding"]),
    ]),
]

# Functions the sources reach only through a header's macro (Sources/CSDL2/shim.h): SDL_BlitSurface and SDL_BlitScaled.
THROUGH_MACROS = {"SDL_UpperBlit", "SDL_UpperBlitScaled"}

def identifiers(dirs):
    found = set()
    for d in dirs:
        for base, _, files in os.walk(os.path.join(ROOT, d)):
            if "CFormatLibraries" in base or "CFormatLibraryStubs" in base:
                continue
            for f in files:
                if f.endswith((".swift", ".c", ".h")):
                    found.update(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", open(os.path.join(base, f), errors="ignore").read()))
    return found

def exported(library):
    out = subprocess.run(["nm", "-D", "--defined-only", library], capture_output=True, text=True, check=True).stdout
    return {line.split()[2].split("@")[0] for line in out.splitlines() if len(line.split()) == 3 and line.split()[1] == "T"}

def soname(library):
    out = subprocess.run(["readelf", "-d", library], capture_output=True, text=True, check=True).stdout
    return re.search(r"Library soname: \[(.*)\]", out).group(1)

# The include paths librsvg's headers need (Package.swift's `svgHeaders` gives the build the same).
SVG_CFLAGS = subprocess.run(["pkg-config", "--cflags-only-I", "librsvg-2.0"], capture_output=True, text=True,
                            check=True).stdout.split()

def declarations(header):
    ast = subprocess.run(["clang", "-x", "c", *SVG_CFLAGS, "-fsyntax-only", "-Xclang", "-ast-dump=json", "-"], input=header,
                         capture_output=True, text=True, check=True).stdout
    decls = {}
    for node in json.loads(ast)["inner"]:
        if node.get("kind") == "FunctionDecl" and "name" in node:
            params = [p["type"]["qualType"] for p in node.get("inner", []) if p.get("kind") == "ParmVarDecl"]
            decls[node["name"]] = (node["type"]["qualType"], params, node.get("variadic", False))
    return decls

def return_type(function_type):
    depth = 0
    for i in range(len(function_type) - 1, -1, -1):
        c = function_type[i]
        if c == ")": depth += 1
        elif c == "(":
            depth -= 1
            if depth == 0: return function_type[:i].strip()
    raise ValueError(function_type)

# The viewer links SDL's and SDL_ttf's trampolines (with the loader) but none of the decoders' format libraries': theirs
# go to a target of their own, which only the decoder side links.
VIEWER_GROUPS = {"GALLERY_FORMAT_LIBRARIES_SDL", "GALLERY_FORMAT_LIBRARIES_TTF"}
HEADER = [
    "// Generated by Scripts/generate-format-library-stubs.py: do not edit. One trampoline per library function the",
    "// package calls, with the library's own prototype, forwarding to the function its group loaded.",
    "#include <CFormatLibraries.h>",
    "",
]
outputs = {True: list(HEADER), False: list(HEADER)}
tables = []
for group, header, libraries in GROUPS:
    decls = declarations(header)
    lines = outputs[group in VIEWER_GROUPS]
    lines.append(header)
    for link_name, dirs in libraries:
        path = os.path.join(LIBDIR, link_name)
        names = sorted(exported(path) & (identifiers(dirs) | THROUGH_MACROS))
        tables.append((group, soname(path), names))
        for name in names:
            function_type, params, variadic = decls[name]
            if variadic:
                sys.exit(f"{name} is variadic: it cannot be forwarded")
            ret = return_type(function_type)
            # A va_list parameter reaches the AST decayed to `struct __va_list_tag *`, which names no type here.
            params = ["va_list" if "__va_list_tag" in t else t for t in params]
            formal = ", ".join(f"__typeof__({t}) p{i}" for i, t in enumerate(params)) or "void"
            actual = ", ".join(f"p{i}" for i in range(len(params)))
            index = sum(len(t[2]) for t in tables[:-1]) + names.index(name)
            call = f"((__typeof__(&{name}))gallery_format_library_function({index}))({actual})"
            body = f"{call};" if ret == "void" else f"return {call};"
            lines.append(f"__typeof__({ret}) {name}({formal}) {{ {body} }}")
        lines.append("")

table = [
    "// Generated by Scripts/generate-format-library-stubs.py: do not edit. The functions the trampolines forward to",
    "// (SDLStubs.c here, CFormatLibraryStubs' for the decoders' libraries) and the libraries that export them.",
    "#include \"FormatLibraryTables.h\"",
    "",
    "/// Every trampoline's function, by index: its group, its library's soname and its name.",
    "const struct gallery_format_library_function gallery_format_library_functions[] = {",
]
for group, so, names in tables:
    for name in names:
        table.append(f"    {{{group}, \"{so}\", \"{name}\"}},")
table.append("};")
table.append(f"const int gallery_format_library_function_count = {sum(len(t[2]) for t in tables)};")
table.append("")
table.append("/// Each library's soname, its group, in load order (a group's libraries load in this order).")
table.append("const struct gallery_format_library gallery_format_libraries[] = {")
for group, so, _ in tables:
    table.append(f"    {{{group}, \"{so}\"}},")
table.append("};")
table.append(f"const int gallery_format_library_count = {len(tables)};")
open(os.path.join(ROOT, "Sources/CFormatLibraries/FormatLibraryTables.c"), "w").write("\n".join(table) + "\n")
open(os.path.join(ROOT, "Sources/CFormatLibraries/SDLStubs.c"), "w").write("\n".join(outputs[True]) + "\n")
open(os.path.join(ROOT, "Sources/CFormatLibraryStubs/FormatLibraryStubs.c"), "w").write("\n".join(outputs[False]) + "\n")
