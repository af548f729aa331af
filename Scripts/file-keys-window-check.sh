#!/usr/bin/env bash
# The real window under Xvfb: Ctrl+C puts the photo's path on the clipboard (read back with xclip), Delete moves it
# to a scratch XDG_DATA_HOME's Trash, Ctrl+Z brings it back byte for byte. Exits non-zero on any difference.
# Usage: Scripts/file-keys-window-check.sh path/to/gallery [shot.png]. Needs Xvfb, xdotool and xclip (skips without).
set -euo pipefail
for tool in Xvfb xdotool xclip; do
  command -v "$tool" >/dev/null || { echo "skipped: $tool is not installed"; exit 0; }
done
if [ -z "${CHECK_IN_XVFB:-}" ]; then
  CHECK_IN_XVFB=1 exec xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$@"
fi
gallery=$(realpath "$1")
shot=${2:-}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'kill $pid 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir "$work/photos" "$work/data"
ls "$root"/Assets/Photos/*.jpg | head -3 | while read -r photo; do cp "$photo" "$work/photos/"; done
first=$(ls "$work/photos" | head -1)
cp "$work/photos/$first" "$work/original"
XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache" "$gallery" --software --mode bounded "$work/photos" \
  >/dev/null 2>&1 &
pid=$!
window=$(xdotool search --sync --class gallery | tail -1)
sleep 1
fail() { echo "FAIL: $*"; exit 1; }
xdotool key --window "$window" ctrl+c
sleep 0.5
copied=$(xclip -o -selection clipboard)
[ "$copied" = "$work/photos/$first" ] || fail "clipboard holds '$copied'"
echo "Ctrl+C: clipboard holds $copied"
xdotool key --window "$window" Delete
sleep 1
[ ! -e "$work/photos/$first" ] || fail "Delete left the photo"
[ -f "$work/data/Trash/files/$first" ] && [ -f "$work/data/Trash/info/$first.trashinfo" ] || fail "not in the trash"
echo "Delete: $first in \$XDG_DATA_HOME/Trash/files, with info/$first.trashinfo"
if [ -n "$shot" ]; then import -window root "$shot"; fi
xdotool key --window "$window" ctrl+z
sleep 1
cmp -s "$work/original" "$work/photos/$first" || fail "Ctrl+Z did not restore the same bytes"
[ -z "$(ls "$work/data/Trash/files")" ] || fail "the trash is not empty"
echo "Ctrl+Z: $first restored byte for byte"
