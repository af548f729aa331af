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
echo
echo "## The window under Xvfb, software renderer, 1280×720"
echo "| measure | value |"
echo "|---|---|"
echo "| CPU while idle (5 s, nothing moving) | ${idle} % |"
echo "| CPU while paging (a Right key every 0.5 s for 5 s) | ${paging} % |"
echo "| resident memory at rest | ${rss} MiB |"
echo "| resident memory after 10 pages | ${rss_after} MiB |"
