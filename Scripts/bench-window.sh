#!/usr/bin/env bash
# Idle CPU and memory of the real window under Xvfb (software renderer), and CPU while paging with keys.
# Usage: Scripts/bench-window.sh path/to/gallery [gallery arguments…]
set -euo pipefail
if [ -z "${BENCH_IN_XVFB:-}" ]; then
  BENCH_IN_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x900x24" "$0" "$@"
fi
gallery=$1; shift
"$gallery" --software "$@" >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
sleep 3
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
a=$(ticks); sleep 5; b=$(ticks)
idle=$(awk -v t=$((b - a)) -v hz="$hz" 'BEGIN { printf "%.2f", 100 * t / hz / 5 }')
rss=$(awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$pid/status")
window=$(xdotool search --sync --class gallery | tail -1)
a=$(ticks)
for _ in $(seq 1 10); do xdotool key --window "$window" Right; sleep 0.5; done
b=$(ticks)
paging=$(awk -v t=$((b - a)) -v hz="$hz" 'BEGIN { printf "%.1f", 100 * t / hz / 5 }')
rss_after=$(awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$pid/status")
# A pointer hovering over the window, no button held: 250 moves over 5 s (what a hand resting on a mouse sends).
moves=()
for i in $(seq 1 250); do moves+=(mousemove --window "$window" $((100 + i * 3 % 900)) $((100 + i * 7 % 500)) sleep 0.02); done
a=$(ticks)
xdotool "${moves[@]}"
b=$(ticks)
hover=$(awk -v t=$((b - a)) -v hz="$hz" 'BEGIN { printf "%.1f", 100 * t / hz / 5 }')
echo
echo "## The window under Xvfb, software renderer, 1280×720"
echo "| measure | value |"
echo "|---|---|"
echo "| CPU while idle (5 s, nothing moving) | ${idle} % |"
echo "| CPU while paging (a Right key every 0.5 s for 5 s) | ${paging} % |"
echo "| CPU while a pointer hovers (250 moves in 5 s, no button) | ${hover} % |"
echo "| resident memory at rest | ${rss} MiB |"
echo "| resident memory after 10 pages | ${rss_after} MiB |"
