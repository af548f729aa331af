#!/usr/bin/env bash
# gallery against nsxiv and feh: start-up, memory, CPU and page turns, read off a private Xvfb's screen by
# peerbench.c. Run by `make bench-peers` (which installs the viewers, Xvfb and the X headers first).
# Usage: bench-peers.sh GALLERY_BINARY OUT_DIR [PHOTOS] [RUNS] [PAGES] [DISPLAY_NUMBER]
#   PHOTOS  photos in the generated folder (default 2000); RUNS measured runs per viewer after one discarded
#   warm-up round (default 9); PAGES key presses of the paging run that measures peak memory (default 100,
#   0 skips it); DISPLAY_NUMBER the Xvfb display (default: the first free one from 90).
# BASELINE=path/to/another/gallery adds it as `gallery-base` (an older build), run with gallery's arguments in the
# same interleaved rounds, and a gallery / gallery-base row of ratios.
set -euo pipefail
gallery=$(realpath "$1")
out=$2
photos=${3:-2000}
runs=${4:-9}
pages=${5:-100}
display_number=${6:-}
here=$(dirname "$(realpath "$0")")
width=1280 height=720

xvfb_log=xvfb.log
# shellcheck source=Benchmarks/peers/xvfb-setup.sh
source "$here/xvfb-setup.sh"
trap 'kill $xvfb 2>/dev/null || true' EXIT

viewers=(nsxiv feh gallery gallery-swap)
baseline=${BASELINE:+$(realpath "$BASELINE")}
[ -n "$baseline" ] && viewers+=(gallery-base)
command_of() {
    case $1 in
        nsxiv) echo "--key n -- nsxiv -g ${width}x$height $folder" ;;
        feh) echo "--key Right -- feh -g ${width}x$height --scale-down --sort filename $folder" ;;
        gallery) echo "--key Right -- $gallery --software --size ${width}x$height $folder" ;;
        gallery-swap) echo "--key Right -- $gallery --software --transition none --size ${width}x$height $folder" ;;
        gallery-base) echo "--key Right -- $baseline --software --size ${width}x$height $folder" ;;
    esac
}
results="$out/results.txt"
: >"$results"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "Measuring ${viewers[*]}: 1 warm-up + $runs runs each, interleaved, on DISPLAY=$DISPLAY…"
for ((round = 0; round <= runs; round++)); do
    for ((i = 0; i < ${#viewers[@]}; i++)); do
        viewer=${viewers[$(((i + round) % ${#viewers[@]}))]}  # rotated, so no viewer always runs first
        # shellcheck disable=SC2046
        line=$("$harness" $(command_of "$viewer")) || echo "  $viewer: run $round incomplete: $line" >&2
        [ "$round" -gt 0 ] && echo "$viewer $line" >>"$results"
    done
    printf '.'
done
echo
if [ "$pages" -gt 0 ]; then
    echo "Paging through $pages photos, one key each time the screen is still…"
    for viewer in "${viewers[@]}"; do
        # shellcheck disable=SC2046
        line=$("$harness" --pages "$pages" $(command_of "$viewer")) || true
        echo "$viewer paging $line" >>"$results"
    done
fi
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

echo
echo "## gallery against nsxiv and feh ($photos JPEGs of 1920×1280, ${width}×$height window, Xvfb, no window manager)"
echo "Medians of $runs interleaved runs (min–max); times in ms, memory in MB (VmRSS, VmHWM). First frame: the screen's"
echo "centre first changes; first paint: the first photo's marker is there, at full colour (a fade counts once done)."
echo "gallery: \`--software\`, SDL_FRAMEBUFFER_ACCELERATION=$SDL_FRAMEBUFFER_ACCELERATION, SDL_RENDER_DRIVER unset," \
    "SDL $(pkg-config --modversion sdl2 2>/dev/null || echo '?'); gallery-swap adds \`--transition none\`."
echo "Keys: nsxiv n, feh Right, gallery Right. Load average before $load_before, after $load_after" \
    "($(nproc) cores)."
echo
awk -v runs="$runs" -v pages="$pages" -v order="${viewers[*]}" '
function median(list,    n, a, i, j, t) {
    n = split(list, a, " ")
    for (i = 2; i <= n; i++) { t = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    lo[list] = a[1]; hi[list] = a[n]
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function cell(viewer, metric, scale, format,    list, m) {
    list = values[viewer, metric]
    if (list == "") return "–"
    m = median(list)
    med[viewer, metric] = m / scale
    return sprintf(format " (" format "–" format ")", m / scale, lo[list] / scale, hi[list] / scale)
}
function ratio(a, b, metric) {
    return (med[b, metric] > 0 && med[a, metric] != "") ? sprintf("%.2f×", med[a, metric] / med[b, metric]) : "–"
}
function verdict(ok) { return ok ? "met" : "MISSED" }
{
    viewer = $1
    paging = ($2 == "paging")
    for (f = paging ? 3 : 2; f <= NF; f++) {
        split($f, kv, "=")
        if (kv[2] + 0 < 0) continue  # not measured in this run
        key = (paging ? "paging_" : "") kv[1]
        values[viewer, key] = values[viewer, key] " " kv[2]
    }
}
END {
    n = split(order, names, " ")
    metrics = "paint rss_paint hwm cpu change shown"
    split(metrics, m, " ")
    print "| viewer | first frame | first paint | RSS at paint | decoder processes (RSS at paint) | peak RSS | CPU in run | key → first change | key → next fully shown |"
    print "|---|---|---|---|---|---|---|---|---|"
    for (i = 1; i <= n; i++) {
        v = names[i]
        printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", v, cell(v, "window", 1, "%.0f"), cell(v, "paint", 1, "%.0f"), cell(v, "rss_paint", 1024, "%.1f"),
            cell(v, "rss_children", 1024, "%.1f"), cell(v, "hwm", 1024, "%.1f"), cell(v, "cpu", 1, "%.0f"), cell(v, "change", 1, "%.0f"), cell(v, "shown", 1, "%.0f")
    }
    print ""
    print "| ratio of medians | first paint | RSS at paint | peak RSS | CPU in run | key → first change | key → next fully shown |"
    print "|---|---|---|---|---|---|---|"
    for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) {
        g = names[i]; p = names[j]
        if (g !~ /^gallery/ || (p ~ /^gallery/ && !(g == "gallery" && p == "gallery-base"))) continue
        printf "| %s / %s |", g, p
        for (k = 1; k <= 6; k++) printf " %s |", ratio(g, p, m[k])
        print ""
    }
    if (pages > 0) {
        print ""
        print "| viewer (paging through " pages " photos) | pages turned | peak RSS | median key → still screen | CPU |"
        print "|---|---|---|---|---|"
        for (i = 1; i <= n; i++) {
            v = names[i]
            printf "| %s | %s | %s | %s | %s |\n", v, values[v, "paging_pages"] + 0, cell(v, "paging_hwm", 1024, "%.1f"),
                cell(v, "paging_page_ms", 1, "%.0f"), cell(v, "paging_cpu", 1, "%.0f")
        }
    }
    print ""
    print "Targets (gallery, default transition):"
    printf "- first paint ≤ feh median: %.0f ≤ %.0f ms: %s\n", med["gallery", "paint"], med["feh", "paint"],
        verdict(med["gallery", "paint"] <= med["feh", "paint"])
    printf "- first paint ≤ 0.8 × nsxiv median: %.0f ≤ %.0f ms: %s\n", med["gallery", "paint"], 0.8 * med["nsxiv", "paint"],
        verdict(med["gallery", "paint"] <= 0.8 * med["nsxiv", "paint"])
    printf "- RSS at first paint ≤ 1.5 × nsxiv: %.1f ≤ %.1f MB: %s\n", med["gallery", "rss_paint"], 1.5 * med["nsxiv", "rss_paint"],
        verdict(med["gallery", "rss_paint"] <= 1.5 * med["nsxiv", "rss_paint"])
    if (pages > 0)
        printf "- peak RSS paging %d photos ≤ 2.5 × nsxiv: %.1f ≤ %.1f MB: %s\n", pages, med["gallery", "paging_hwm"],
            2.5 * med["nsxiv", "paging_hwm"], verdict(med["gallery", "paging_hwm"] <= 2.5 * med["nsxiv", "paging_hwm"])
    if (pages > 0 && med["feh", "paging_hwm"] > 0)
        printf "  (nsxiv keeps decoded photos in the imlib2 image cache, so its peak grows while paging; against feh, which keeps none: %.1f×)\n",
            med["gallery", "paging_hwm"] / med["feh", "paging_hwm"]
}' "$results"
echo
echo "Raw runs: $results"

# gallery's first paint on a folder of FOLDER_SIZES photos (default 10 and 100,000): the same marker photo first,
# hard links to the second and the variants after it (cycled: ext4 allows 65,000 links to one file), so only the
# listing and sorting differ. Interleaved, RUNS runs each after a warm-up.
read -r -a sizes <<<"${FOLDER_SIZES:-10 100000}"
[ "${#sizes[@]}" -gt 0 ] || exit 0
variants="$out/variants"
for size in "${sizes[@]}"; do
    sized="$out/size-$size"
    [ -e "$sized.made-v1" ] && continue
    rm -rf "$sized" && mkdir -p "$sized"
    perl -e '($dir, $count, $v) = @ARGV;
        sub name { sprintf("%s/IMG_%06d.jpg", $dir, $_[0]) }
        link("$v/marker1.jpg", name(0)) or die "$!";
        link("$v/marker2.jpg", name(1)) or die "$!" if $count > 1;
        for $i (2 .. $count - 1) { link("$v/variant" . (($i - 2) % 8 + 1) . ".jpg", name($i)) or die "$!" }' \
        "$sized" "$size" "$variants"
    touch "$sized.made-v1"
done
sized_results="$out/folder-sizes.txt"
: >"$sized_results"
echo "Measuring gallery's first paint on folders of ${sizes[*]} photos…"
for ((round = 0; round <= runs; round++)); do
    for size in "${sizes[@]}"; do
        line=$("$harness" --key Right -- "$gallery" --software --size "${width}x$height" "$out/size-$size") || true
        [ "$round" -gt 0 ] && echo "$size $line" >>"$sized_results"
    done
done
echo
echo "## gallery's first paint by folder size (the window, as above; medians of $runs interleaved runs, ms)"
awk -v order="${sizes[*]}" '
function median(list,    n, a, i, j, t) {
    n = split(list, a, " ")
    for (i = 2; i <= n; i++) { t = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    lo = a[1]; hi = a[n]
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{ for (f = 2; f <= NF; f++) { split($f, kv, "="); if (kv[1] == "paint") paint[$1] = paint[$1] " " kv[2] } }
END {
    n = split(order, names, " ")
    print "| photos in the folder | first paint | × the " names[1] "-photo folder |"
    print "|---|---|---|"
    for (i = 1; i <= n; i++) {
        m = median(paint[names[i]])
        if (i == 1) base = m
        printf "| %s | %.0f (%.0f–%.0f) | %.2f× |\n", names[i], m, lo, hi, m / base
    }
    printf "Target (pipeline issue): ≤ 1.3× for 100,000 photos.\n"
}' "$sized_results"
