#!/usr/bin/env bash
# The time to fill a 1280×720 thumbnail grid of PHOTOS photos, cold (an empty thumbnail cache) and warm (the cache
# the cold run left), gallery's grid mode against nsxiv's thumbnail mode, read off a private Xvfb's screen by
# `peerbench --fill`. Run by `make bench-fill` (which installs nsxiv, Xvfb and the X headers first).
# Usage: bench-fill.sh GALLERY_BINARY OUT_DIR [PHOTOS] [RUNS] [DISPLAY_NUMBER]
#   PHOTOS  photos in the generated folder (default 2000, the peers benchmark's folder); RUNS cold + warm pairs per
#   viewer after one discarded warm-up pair (default 3); DISPLAY_NUMBER the Xvfb display (default: the first free
#   one from 90). VIEWERS (environment) picks viewers, default "nsxiv gallery gallery-no-cache".
# BASELINE=path/to/another/gallery adds it as `gallery-base` (an older build), run as gallery in the same rounds.
set -euo pipefail
gallery=$(realpath "$1")
out=$2
photos=${3:-2000}
runs=${4:-3}
display_number=${5:-}
here=$(dirname "$(realpath "$0")")
width=1280 height=720

xvfb_log=xvfb-fill.log
# shellcheck source=Benchmarks/peers/xvfb-setup.sh
source "$here/xvfb-setup.sh"
caches="$out/fill-caches"
trap 'kill $xvfb $wm 2>/dev/null || true; rm -rf "$caches"' EXIT

read -r -a viewers <<<"${VIEWERS:-nsxiv gallery gallery-no-cache}"
baseline=${BASELINE:+$(realpath "$BASELINE")}
[ -n "$baseline" ] && viewers+=(gallery-base)
command_of() {
    case $1 in
        nsxiv) echo "nsxiv -t -g ${width}x$height $folder" ;;
        gallery) echo "$gallery --software --size ${width}x$height --mode grid $folder" ;;
        gallery-base) echo "$baseline --software --size ${width}x$height --mode grid $folder" ;;
        gallery-no-cache) echo "$gallery --software --size ${width}x$height --mode grid --no-thumbnail-cache $folder" ;;
    esac
}
# The bottom rows not sampled: nsxiv's bar counts its background caching of the whole folder ("Caching... 0510")
# long after the visible grid is filled (24 px); gallery's page label ("1 / 2000 — 00001.jpg · grid", above its
# status line) fades out 1.5 s after the start, which is not a thumbnail arriving (80 px).
ignore_of() {
    case $1 in
        nsxiv) echo 24 ;;
        *) echo 80 ;;
    esac
}
# Where each viewer keeps its thumbnails below XDG_CACHE_HOME (nsxiv its own tree; gallery the freedesktop one).
cache_of() {
    case $1 in
        nsxiv) echo nsxiv ;;
        *) echo thumbnails ;;
    esac
}
# "files bytes" of the regular files below a folder (0 0 when there is none).
count_files() {
    [ -d "$1" ] || { echo "0 0"; return; }
    find "$1" -type f -printf '%s\n' | awk '{ n++; b += $1 } END { printf "%d %d\n", n, b }'
}

results="$out/fill-results.txt"
: >"$results"
rm -rf "$caches" && mkdir -p "$caches"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "Filling the grid: ${viewers[*]}, 1 warm-up + $runs cold and warm pairs each, interleaved, on DISPLAY=$DISPLAY…"
for ((round = 0; round <= runs; round++)); do
    for ((i = 0; i < ${#viewers[@]}; i++)); do
        viewer=${viewers[$(((i + round) % ${#viewers[@]}))]}  # rotated, so no viewer always runs first
        # A fresh XDG_CACHE_HOME per cold run; the warm run gets the cache the cold run left.
        cache=$(mktemp -d "$caches/$viewer.XXXXXX")
        for phase in cold warm; do
            before=$(count_files "$cache/$(cache_of "$viewer")")
            # shellcheck disable=SC2046
            line=$(XDG_CACHE_HOME=$cache "$harness" --fill --fill-ignore-bottom "$(ignore_of "$viewer")" -- \
                $(command_of "$viewer")) || { echo "  $viewer $phase: run $round incomplete" >&2; continue; }
            after=$(count_files "$cache/$(cache_of "$viewer")")
            read -r files_before bytes_before <<<"$before"
            read -r files_after bytes_after <<<"$after"
            [ "$round" -gt 0 ] && echo "$viewer $phase $line written=$((files_after - files_before))" \
                "written_bytes=$((bytes_after - bytes_before)) cached=$files_after" >>"$results"
        done
        rm -rf "$cache"
    done
    printf '.'
done
echo
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

echo
echo "## Filling a ${width}×$height thumbnail grid of $photos photos, cold and warm (JPEGs of 1920×1280, Xvfb, no window manager)"
echo "Medians of $runs interleaved cold + warm pairs (min–max); times in ms from launch. Filled: the last change before the"
echo "screen (sampled every 16 px, less the bottom rows: nsxiv's bar, 24 px; gallery's label and status, 80 px) stayed still"
echo "for 1.5 s. Cold: a fresh XDG_CACHE_HOME; warm: the cache the cold run left. Written: thumbnail files (and KiB) the run"
echo "added to the cache by the time it was stopped."
echo "gallery: \`--software --mode grid\`, SDL $(pkg-config --modversion sdl2 2>/dev/null || echo '?'); nsxiv: \`-t\`." \
    "Load average before $load_before, after $load_after ($(nproc) cores)."
echo
awk -v order="${viewers[*]}" '
function median(list,    n, a, i, j, t) {
    n = split(list, a, " ")
    for (i = 2; i <= n; i++) { t = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    lo[list] = a[1]; hi[list] = a[n]
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function cell(key, scale, format,    list, m) {
    list = values[key]
    if (list == "") return "–"
    m = median(list)
    med[key] = m / scale
    return sprintf(format " (" format "–" format ")", m / scale, lo[list] / scale, hi[list] / scale)
}
{
    for (f = 3; f <= NF; f++) { split($f, kv, "="); values[$1 SUBSEP $2 SUBSEP kv[1]] = values[$1 SUBSEP $2 SUBSEP kv[1]] " " kv[2] }
}
END {
    n = split(order, names, " ")
    print "| viewer | run | first frame | grid filled | CPU to filled | RSS when filled | thumbnails written | KiB written |"
    print "|---|---|---|---|---|---|---|---|"
    for (i = 1; i <= n; i++) for (p = 1; p <= 2; p++) {
        v = names[i]; phase = p == 1 ? "cold" : "warm"; k = v SUBSEP phase SUBSEP
        printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", v, phase, cell(k "window", 1, "%.0f"), cell(k "fill", 1, "%.0f"),
            cell(k "cpu", 1, "%.0f"), cell(k "rss_fill", 1024, "%.1f"), cell(k "written", 1, "%.0f"), cell(k "written_bytes", 1024, "%.0f")
    }
    print ""
    for (i = 1; i <= n; i++) for (p = 1; p <= 2; p++) {
        v = names[i]; phase = p == 1 ? "cold" : "warm"
        if (v == "nsxiv" || med["nsxiv" SUBSEP phase SUBSEP "fill"] <= 0 || med[v SUBSEP phase SUBSEP "fill"] == "") continue
        printf "- %s %s / nsxiv %s, grid filled: %.2f×\n", v, phase, phase, med[v SUBSEP phase SUBSEP "fill"] / med["nsxiv" SUBSEP phase SUBSEP "fill"]
    }
}' "$results"
echo
echo "Raw runs: $results"
