#!/bin/sh
# Checks an installed gallery as a user gets it (`make install-check` installs into a temporary DESTDIR and
# runs this on DESTDIR/usr): the desktop entry and the AppStream metainfo validate and agree on the image types, the man page renders, the completions parse and
# complete, the program runs, finds its installed photos and reports its version.
set -eu
prefix=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "install check failed: $*" >&2; exit 1; }
step() { printf '  %-28s ok\n' "$1"; }

for file in bin/gallery bin/gallery-decoder share/applications/gallery.desktop share/icons/hicolor/scalable/apps/gallery.svg \
            share/man/man1/gallery.1 share/bash-completion/completions/gallery share/zsh/site-functions/_gallery \
            share/fish/vendor_completions.d/gallery.fish share/gallery/Photos/CREDITS.md \
            share/doc/gallery/FORMATS.md share/doc/gallery/README.md; do
  [ -s "$prefix/$file" ] || fail "$file is missing or empty"
done
step "files in place"

desktop-file-validate "$prefix/share/applications/gallery.desktop" || fail "desktop-file-validate"
step "desktop entry validates"

# One metainfo file, named by its component id; valid (warnings fail too), offline; launching the installed desktop
# entry, the installed binary, and the entry's MIME types, no more and no fewer.
set -- "$prefix"/share/metainfo/*.metainfo.xml
[ $# = 1 ] && [ -s "$1" ] || fail "share/metainfo holds $# metainfo files, not one"
metainfo=$1
appstreamcli validate --no-net "$metainfo" > "$work/appstream.txt" 2>&1 \
  || fail "appstreamcli validate: $(cat "$work/appstream.txt")"
id=$(sed -n 's:.*<id>\(.*\)</id>.*:\1:p' "$metainfo")
[ "$(basename "$metainfo")" = "$id.metainfo.xml" ] || fail "$(basename "$metainfo") is not named by its id $id"
launched=$(sed -n 's:.*<launchable type="desktop-id">\(.*\)</launchable>.*:\1:p' "$metainfo")
[ -s "$prefix/share/applications/$launched" ] || fail "the metainfo launches $launched, which is not installed"
binary=$(sed -n 's:.*<binary>\(.*\)</binary>.*:\1:p' "$metainfo")
[ -x "$prefix/bin/$binary" ] || fail "the metainfo provides bin/$binary, which is not installed"
sed -n 's:.*<mediatype>\(.*\)</mediatype>.*:\1:p' "$metainfo" | sort > "$work/metainfo-types.txt"
sed -n 's/^MimeType=//p' "$prefix/share/applications/gallery.desktop" | tr ';' '\n' | grep . | sort > "$work/desktop-types.txt"
[ -s "$work/desktop-types.txt" ] || fail "the desktop entry lists no MIME types"
cmp -s "$work/metainfo-types.txt" "$work/desktop-types.txt" \
  || fail "the metainfo's media types differ from the desktop entry's: $(diff "$work/metainfo-types.txt" "$work/desktop-types.txt" | tr '\n' ' ')"
step "metainfo: $(wc -l < "$work/desktop-types.txt") types"

# Both in the C locale (CI, minimal containers: ASCII output) and in UTF-8; the UTF-8 text is the one checked below.
for locale in C C.UTF-8; do
  LC_ALL=$locale MANWIDTH=80 man --warnings -l "$prefix/share/man/man1/gallery.1" > "$work/man.txt" 2> "$work/man.err" \
    || fail "man -l exited $? in the $locale locale: $(cat "$work/man.err")"
  [ ! -s "$work/man.err" ] || fail "man -l warned in the $locale locale: $(cat "$work/man.err")"
done
for heading in NAME SYNOPSIS DESCRIPTION "KEYS AND GESTURES" ENVIRONMENT; do
  grep -q "^$heading" "$work/man.txt" || fail "the man page has no $heading section"
done
grep -q -- "--version" "$work/man.txt" || fail "the man page does not list --version"
# The generator drops non-ASCII characters; gallery-docs puts them back ("(1…1000)", not "(11000)").
grep -Eq "\(1(…|\.\.\.)1000\)" "$work/man.txt" || fail "the man page lost the ellipsis of --fps's range"
step "man page renders"

bash -n "$prefix/share/bash-completion/completions/gallery" || fail "bash completion does not parse"
completed=$(bash -c '. "$1"; COMP_LINE="gallery --mod"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(gallery --mod);
  COMP_CWORD=1; _gallery gallery --mod gallery; printf "%s\n" "${COMPREPLY[@]}"' bash \
  "$prefix/share/bash-completion/completions/gallery")
[ "$completed" = "--mode" ] || fail "bash completes 'gallery --mod' to '$completed', not '--mode'"
if command -v zsh > /dev/null; then zsh -n "$prefix/share/zsh/site-functions/_gallery" || fail "zsh completion"; fi
if command -v fish > /dev/null; then
  fish --no-execute "$prefix/share/fish/vendor_completions.d/gallery.fish" || fail "fish completion"
fi
step "completions parse"

"$prefix/bin/gallery" --version > "$work/version.txt" || fail "gallery --version exited $?"
head -n 1 "$work/version.txt" | grep -Eq '^gallery [^ ]+$' || fail "version line: $(head -n 1 "$work/version.txt")"
sed -n 2p "$work/version.txt" | grep -Eq '^SDL [0-9]+\.[0-9]+\.[0-9]+, SDL_ttf [0-9.]+' \
  || fail "library line: $(sed -n 2p "$work/version.txt")"
grep -Eq '^decoders \(gallery-decoder\): SDL_image [0-9.]+, libheif ' "$work/version.txt" \
  || fail "the decoder's libraries: $(cat "$work/version.txt")"
step "--version: $(head -n 1 "$work/version.txt")"

# No path given: the installed binary must open the photos installed next to it.
printf '{"t":0.1,"type":"shot","path":"first.png"}\n{"t":0.2,"type":"quit"}\n' > "$work/script.jsonl"
env -u GALLERY_PHOTOS "$prefix/bin/gallery" --headless --size 320x180 --script "$work/script.jsonl" \
  --trace "$work/trace.jsonl" --shots "$work" || fail "headless run of the installed binary"
[ -s "$work/first.png" ] || fail "the headless run wrote no shot"
expected=$(ls "$prefix/share/gallery/Photos" | grep -c '\.jpg$')
grep -q "\"pages\":$expected," "$work/trace.jsonl" || fail "the installed binary did not open the $expected installed photos"
step "opens the installed photos"

# A library group the decoder loads when first needed (librsvg with GLib and cairo) draws: when the program exported
# its trampolines, GObject's constructor called one while librsvg was being loaded and the decode hung to its deadline.
mkdir "$work/svg"
printf '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#e03020"/></svg>\n' \
  > "$work/svg/red.svg"
printf '{"t":0.5,"type":"shot","path":"svg.png"}\n{"t":0.6,"type":"quit"}\n' > "$work/svg.jsonl"
"$prefix/bin/gallery" --headless --size 320x180 --script "$work/svg.jsonl" --shots "$work" "$work/svg/red.svg" \
  || fail "headless run of an SVG"
centre=$(convert "$work/svg.png" -format '%[pixel:p{160,90}]' info:)
[ "$centre" = "srgb(224,48,32)" ] || fail "the SVG was not drawn (the centre is $centre)"
exported=$(nm -D --defined-only "$prefix/bin/gallery-decoder" | grep -c ' T ' || true)
[ "$exported" -le 16 ] || fail "gallery-decoder exports $exported functions, its trampolines among them"
step "draws an SVG (librsvg loaded when first needed)"

# The decoder process beside it: sandboxed where the kernel allows, and found by the viewer relative to itself.
"$prefix/bin/gallery-decoder" --sandbox > "$work/sandbox.txt" || fail "gallery-decoder --sandbox exited $?"
grep -q '^address-space limit: [0-9]' "$work/sandbox.txt" || fail "decoder sandbox: $(cat "$work/sandbox.txt")"
# The headless run above decoded in decoder processes: the viewer found gallery-decoder beside itself.
step "decoder process: $(grep -vc -e ': off' -e '^missing' "$work/sandbox.txt") of $(grep -c . "$work/sandbox.txt") layers on"

# Both programs run where no Swift toolchain is: the Swift runtime linked in, no run path into a toolchain.
for program in gallery gallery-decoder; do
  if ldd "$prefix/bin/$program" | grep -q 'libswift\|libFoundation\|libdispatch\|libBlocksRuntime'; then
    fail "$program needs the Swift toolchain's libraries: $(ldd "$prefix/bin/$program" | grep -o 'libswift[^ ]*' | head -3)"
  fi
  # A run path may name the program's own folder ($ORIGIN), never another (a toolchain's library folder).
  if readelf -d "$prefix/bin/$program" | grep -E 'R(UN)?PATH' | grep -v 'path: \[\$ORIGIN\]$' | grep -q .; then
    fail "$program has a run path: $(readelf -d "$prefix/bin/$program" | grep -E 'R(UN)?PATH')"
  fi
done
step "no Swift library needed"
