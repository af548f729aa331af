#!/usr/bin/env bash
# Makes the peers benchmark's photo folder: COUNT JPEGs of 1920×1280 named 00001.jpg…, a solid red block at the
# centre of the first, a blue one at the centre of the second, and eight photo-like variants (ImageMagick plasma)
# cycled through the rest, so every page turn changes the screen. The rest are hard links to the variants: each
# viewer still opens, reads and decodes every file it shows, and 2,000 photos cost 10 files of disk. The variants
# are kept beside the folder and shared by every COUNT.
# Usage: make-folder.sh FOLDER COUNT. Kept between runs: a second call with the same COUNT returns at once.
set -euo pipefail
folder=$1
count=$2
stamp="$folder.made-$count-v1"
[ -e "$stamp" ] && exit 0

variants="$(dirname "$folder")/variants"
mkdir -p "$variants"
make_variant() {  # name seed [marker colour]
    local file="$variants/$1.jpg"
    [ -e "$file" ] && return
    local draw=()
    [ -n "${3:-}" ] && draw=(-fill "$3" -draw 'rectangle 720,480 1199,799')
    convert -seed "$2" -size 1920x1280 plasma:fractal -blur 0x1 "${draw[@]}" -quality 90 "$file.tmp.jpg"
    mv "$file.tmp.jpg" "$file"
}
echo "Generating the peers benchmark's photos (once; cached in $variants)…"
make_variant marker1 1 '#ff0000'
make_variant marker2 2 '#0000ff'
for i in 1 2 3 4 5 6 7 8; do make_variant "variant$i" $((i + 2)); done

rm -rf "$folder" "$folder".made-* && mkdir -p "$folder"
ln "$variants/marker1.jpg" "$folder/00001.jpg"
ln "$variants/marker2.jpg" "$folder/00002.jpg"
for ((n = 3; n <= count; n++)); do
    ln "$variants/variant$(((n - 3) % 8 + 1)).jpg" "$(printf '%s/%05d.jpg' "$folder" "$n")"
done
touch "$stamp"
echo "Made $count photos in $folder"
