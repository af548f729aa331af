#!/usr/bin/env bash
# gallery against nsxiv and feh as a user starts each of them, under a window manager: start-up (the window mapped,
# the first photo painted, the CPU and the memory that took), then page turns, read off a private Xvfb's screen by
# peerbench.c. Run by `make bench-peers` (which installs the viewers, Xvfb, openbox and the X headers first).
# Usage: bench-peers.sh GALLERY_BINARY OUT_DIR [PHOTOS] [RUNS] [PAGES] [DISPLAY_NUMBER]
#   PHOTOS  photos in the generated folder (default 2000); RUNS measured runs per viewer after one discarded
#   warm-up round (default 9); PAGES key presses of the paging run that measures peak memory (default 100,
#   0 skips it); DISPLAY_NUMBER the Xvfb display (default: the first free one from 90).
# Environment: VIEWERS the viewers (default "nsxiv feh gallery"; also gallery-swap, gallery's `--transition none`);
# BASELINE=path/to/another/gallery adds it as `gallery-base` (an older build, started the same way) with a
# gallery / gallery-base row of ratios; WM=none measures without a window manager (default openbox); BUSY=1 keeps one
# core busy (`stress-ng --cpu 1`) through the runs, as another program would.
set -euo pipefail
gallery=$(realpath "$1")
out=$2
photos=${3:-2000}
runs=${4:-9}
pages=${5:-100}
display_number=${6:-}
here=$(dirname "$(realpath "$0")")
width=1280 height=720
window_manager=${WM:-openbox}

xvfb_log=xvfb.log
# shellcheck source=Benchmarks/peers/xvfb-setup.sh
source "$here/xvfb-setup.sh"
busy=
trap 'kill $xvfb $wm $busy 2>/dev/null || true' EXIT
if [ -n "${BUSY:-}" ]; then
    stress-ng --cpu 1 --quiet &
    busy=$!
fi

read -r -a viewers <<<"${VIEWERS:-nsxiv feh gallery}"
baseline=${BASELINE:+$(realpath "$BASELINE")}
[ -n "$baseline" ] && viewers+=(gallery-base)
# As a user starts each one in the photo folder (the harness runs there): gallery on the folder, the others on the
# shell's list of its photos, in name order. Each line: the key that turns to the next photo, then the command.
command_of() {
    case $1 in
        nsxiv) echo "--key n -- nsxiv *.jpg" ;;
        feh) echo "--key Right -- feh --scale-down *.jpg" ;;
        gallery) echo "--key Right -- $gallery ." ;;
        gallery-swap) echo "--key Right -- $gallery --transition none ." ;;
        gallery-base) echo "--key Right -- $baseline ." ;;
    esac
}
# Runs peerbench in the photo folder with OPTIONS, then the viewer's command (the glob expands there).
measure() {
    local viewer=$1
    shift
    # shellcheck disable=SC2046
    (cd "$folder" && "$harness" "$@" $(command_of "$viewer"))
}
results="$out/results.txt"
: >"$results"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "Measuring ${viewers[*]} (window manager: $window_manager${busy:+, one core kept busy}):"
echo "  start-up, 1 warm-up + $runs runs each, interleaved, on DISPLAY=$DISPLAY…"
for ((round = 0; round <= runs; round++)); do
    for ((i = 0; i < ${#viewers[@]}; i++)); do
        viewer=${viewers[$(((i + round) % ${#viewers[@]}))]}  # rotated, so no viewer always runs first
        line=$(measure "$viewer" --until-paint) || echo "  $viewer: start $round incomplete: $line" >&2
        [ "$round" -gt 0 ] && echo "$viewer start $line" >>"$results"
    done
    printf '.'
done
echo
echo "  a page turn, 1 warm-up + $runs runs each…"
for ((round = 0; round <= runs; round++)); do
    for ((i = 0; i < ${#viewers[@]}; i++)); do
        viewer=${viewers[$(((i + round) % ${#viewers[@]}))]}
        line=$(measure "$viewer") || echo "  $viewer: run $round incomplete: $line" >&2
        [ "$round" -gt 0 ] && echo "$viewer turn $line" >>"$results"
    done
    printf '.'
done
echo
if [ "$pages" -gt 0 ]; then
    echo "  paging through $pages photos, one key each time the screen is still…"
    for viewer in "${viewers[@]}"; do
        line=$(measure "$viewer" --pages "$pages") || true
        echo "$viewer paging $line" >>"$results"
    done
fi
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

echo
echo "## gallery against nsxiv and feh ($photos JPEGs of 1920×1280, Xvfb ${width}×$height, window manager:" \
    "$window_manager${busy:+, \`stress-ng --cpu 1\` running})"
echo "Medians of $runs interleaved runs (min–max); times in ms from launch, memory in MB (VmRSS). Each viewer as a"
echo "user starts it in the folder: \`gallery .\`, \`feh --scale-down *.jpg\`, \`nsxiv *.jpg\` (next photo: Right, Right,"
echo "n). Mapped: the viewer's window is viewable; first paint: the first photo's marker at the window's centre, at"
echo "full colour. Start-up runs end at paint (the viewer is killed there): CPU to paint is the viewer's, all its"
echo "threads, exact (wait4), and its decoder processes' from /proc (10 ms ticks); RSS at paint, the viewer's and"
echo "its decoders' (PSS: shared pages counted once). SDL $(pkg-config --modversion sdl2 2>/dev/null || echo '?'), SDL_FRAMEBUFFER_ACCELERATION=" \
    "$SDL_FRAMEBUFFER_ACCELERATION. Load average before $load_before, after $load_after ($(nproc) cores)."
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
function plain(viewer, metric, scale, format,    list) {
    list = values[viewer, metric]
    if (list == "") return "–"
    med[viewer, metric] = median(list) / scale
    return sprintf(format, med[viewer, metric])
}
function ratio(a, b, metric) {
    return (med[b, metric] > 0 && med[a, metric] != "") ? sprintf("%.2f×", med[a, metric] / med[b, metric]) : "–"
}
function verdict(ok) { return ok ? "met" : "MISSED" }
{
    viewer = $1
    kind = $2
    for (f = 3; f <= NF; f++) {
        split($f, kv, "=")
        if (kv[2] + 0 < 0) continue  # not measured in this run
        values[viewer, kind "_" kv[1]] = values[viewer, kind "_" kv[1]] " " kv[2]
    }
    if (kind == "start") {
        # The viewer and its decoders together, per run.
        values[viewer, "start_rss_total"] = values[viewer, "start_rss_total"] " " (field("rss_paint") + field("rss_children"))
        values[viewer, "start_cpu_total"] = values[viewer, "start_cpu_total"] " " (field("cpu_paint") + field("cpu_children_paint"))
        values[viewer, "start_pss_total"] = values[viewer, "start_pss_total"] " " (field("pss_paint") + field("pss_children"))
    }
}
function field(name,    f, kv) {
    for (f = 3; f <= NF; f++) { split($f, kv, "="); if (kv[1] == name) return kv[2] + 0 }
    return 0
}
END {
    n = split(order, names, " ")
    print "| viewer | mapped | first paint | RSS at paint: viewer | decoders | together | PSS together | CPU to paint: viewer | decoders | together |"
    print "|---|---|---|---|---|---|---|---|---|---|"
    for (i = 1; i <= n; i++) {
        v = names[i]
        printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", v, plain(v, "start_map", 1, "%.0f"), cell(v, "start_paint", 1, "%.0f"),
            plain(v, "start_rss_paint", 1024, "%.1f"), plain(v, "start_rss_children", 1024, "%.1f"), cell(v, "start_rss_total", 1024, "%.1f"),
            plain(v, "start_pss_total", 1024, "%.1f"),
            cell(v, "start_cpu_paint", 1, "%.0f"), plain(v, "start_cpu_children_paint", 1, "%.0f"), cell(v, "start_cpu_total", 1, "%.0f")
    }
    print ""
    print "| viewer (a page turn) | first paint | key → first change | key → next fully shown | peak RSS | CPU in run |"
    print "|---|---|---|---|---|---|"
    for (i = 1; i <= n; i++) {
        v = names[i]
        printf "| %s | %s | %s | %s | %s | %s |\n", v, cell(v, "turn_paint", 1, "%.0f"), cell(v, "turn_change", 1, "%.0f"),
            cell(v, "turn_shown", 1, "%.0f"), cell(v, "turn_hwm", 1024, "%.1f"), cell(v, "turn_cpu", 1, "%.0f")
    }
    print ""
    split("start_paint start_rss_total start_cpu_paint start_cpu_total turn_change turn_shown", m, " ")
    print "| ratio of medians | first paint | RSS at paint, together | CPU to paint: viewer | together | key → first change | key → next fully shown |"
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
    if (med["feh", "start_paint"] > 0 && med["nsxiv", "start_rss_total"] > 0 && med["gallery", "start_paint"] > 0) {
        print ""
        print "Targets (gallery):"
        printf "- first paint ≤ 0.8 × feh (≤ 1.0 × with BUSY=1): %.0f against %.0f ms: %.2f×\n", med["gallery", "start_paint"],
            med["feh", "start_paint"], med["gallery", "start_paint"] / med["feh", "start_paint"]
        printf "- CPU to paint ≤ 1.5 × feh: %.0f ≤ %.0f ms: %s (with its decoders %.0f: %.2f×)\n", med["gallery", "start_cpu_paint"],
            1.5 * med["feh", "start_cpu_paint"], verdict(med["gallery", "start_cpu_paint"] <= 1.5 * med["feh", "start_cpu_paint"]),
            med["gallery", "start_cpu_total"], med["gallery", "start_cpu_total"] / med["feh", "start_cpu_total"]
        printf "- RSS at paint, with the decoders, ≤ 2 × nsxiv: %.1f ≤ %.1f MB: %s\n", med["gallery", "start_rss_total"],
            2 * med["nsxiv", "start_rss_total"], verdict(med["gallery", "start_rss_total"] <= 2 * med["nsxiv", "start_rss_total"])
        if (med["nsxiv", "start_pss_total"] > 0)
            printf "  (PSS, each shared page counted once: %.1f MB against %.1f for nsxiv, %.2f×)\n", med["gallery", "start_pss_total"],
                med["nsxiv", "start_pss_total"], med["gallery", "start_pss_total"] / med["nsxiv", "start_pss_total"]
    }
}' "$results"
echo
echo "Raw runs: $results"

# gallery's first paint on a folder of FOLDER_SIZES photos (default 10 and 100,000; `FOLDER_SIZES=` skips it), against
# feh's (`feh --scale-down --sort filename DIR`: the shell's list of 100,000 names does not fit a command line): the
# same marker photo first, hard links to the second and the variants after it (cycled: ext4 allows 65,000 links to one
# file), so only the listing and sorting differ. Interleaved, RUNS start-up runs each after a warm-up.
read -r -a sizes <<<"${FOLDER_SIZES-10 100000}"
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
echo "Measuring gallery's and feh's first paint on folders of ${sizes[*]} photos…"
for ((round = 0; round <= runs; round++)); do
    for size in "${sizes[@]}"; do
        for viewer in gallery feh; do
            case $viewer in
                gallery) command=("$gallery" "$out/size-$size") ;;
                feh) command=(feh --scale-down --sort filename "$out/size-$size") ;;
            esac
            line=$("$harness" --until-paint -- "${command[@]}") || true
            [ "$round" -gt 0 ] && echo "$viewer $size $line" >>"$sized_results"
        done
    done
done
echo
echo "## First paint by folder size (as above; medians of $runs interleaved runs, ms)"
awk -v order="${sizes[*]}" '
function median(list,    n, a, i, j, t) {
    n = split(list, a, " ")
    for (i = 2; i <= n; i++) { t = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    lo = a[1]; hi = a[n]
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{ for (f = 3; f <= NF; f++) { split($f, kv, "="); if (kv[1] == "paint") paint[$1, $2] = paint[$1, $2] " " kv[2] } }
END {
    n = split(order, names, " ")
    print "| photos in the folder | gallery | feh | gallery / feh | gallery × the " names[1] "-photo folder |"
    print "|---|---|---|---|---|"
    for (i = 1; i <= n; i++) {
        g = median(paint["gallery", names[i]]); glo = lo; ghi = hi
        f = median(paint["feh", names[i]]); flo = lo; fhi = hi
        if (i == 1) base = g
        printf "| %s | %.0f (%.0f–%.0f) | %.0f (%.0f–%.0f) | %.2f× | %.2f× |\n", names[i], g, glo, ghi, f, flo, fhi, g / f, g / base
    }
}' "$sized_results"
