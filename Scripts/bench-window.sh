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
# CPU of every thread to the nanosecond (schedstat), and the main thread's wake-ups (its voluntary context switches: one
# per event it sleeps for).
cpu_ns() { cat /proc/"$pid"/task/*/schedstat 2>/dev/null | awk '{ s += $1 } END { print s }'; }
wakeups() { awk '/^voluntary_ctxt_switches/ { print $2 }' "/proc/$pid/task/$pid/status"; }
now_ns() { date +%s%N; }
# A pointer hovering over the window, no button held: 250 moves, 20 ms apart as asked (xdotool's own time between them
# makes it ~35 a second: the rate is reported), then as fast as xdotool sends them (~200 a second; a gaming mouse sends
# 1,000). The share is of the time the moves really took, not of the time asked for.
hover() {  # pause between moves
    local moves=() a w t
    for i in $(seq 1 250); do moves+=(mousemove --window "$window" $((100 + i * 3 % 900)) $((100 + i * 7 % 500)) sleep "$1"); done
    a=$(cpu_ns); w=$(wakeups); t=$(now_ns)
    xdotool "${moves[@]}"
    awk -v n=$(($(cpu_ns) - a)) -v ns=$(($(now_ns) - t)) -v w=$(($(wakeups) - w)) \
        'BEGIN { printf "%.2f %% (%.0f moves a second, %.1f µs a move, %d wake-ups)", 100 * n / ns, 250e9 / ns, n / 250e3, w }'
}
sleep 2  # the last page's information faded: what follows is the hover's alone
hover=$(hover 0.02)
hover_fast=$(hover 0)
# At rest: a key held with nothing to do (x is bound to nothing; the X server's autorepeat sends a release and a press
# 25 times a second), then the help and the I panel open and left alone.
at_rest() {  # label, then a command that takes 3 s
    local label=$1 a w
    shift
    a=$(cpu_ns); w=$(wakeups)
    "$@"
    rest_rows+="| $label | $(awk -v n=$(($(cpu_ns) - a)) 'BEGIN { printf "%.2f", n / 3e9 * 100 }') % | $(($(wakeups) - w)) |"$'\n'
}
hold() { xdotool keydown --window "$window" "$1"; sleep 3; xdotool keyup --window "$window" "$1"; }
rest_rows=
sleep 1
at_rest "x held (about 58 repeats: 116 events)" hold x
at_rest "k held, nothing to pan (about 58 repeats)" hold k
xdotool key --window "$window" question; sleep 1
at_rest "the help open, left alone" sleep 3
xdotool key --window "$window" question; xdotool key --window "$window" I; sleep 1
at_rest "the I panel open, left alone" sleep 3
echo
echo "## The window under Xvfb, software renderer, 1280×720"
echo "| measure | value |"
echo "|---|---|"
echo "| CPU while idle (5 s, nothing moving) | ${idle} % |"
echo "| CPU while paging (a Right key every 0.5 s for 5 s) | ${paging} % |"
echo "| CPU while a pointer hovers (250 moves 20 ms apart, no button) | ${hover} |"
echo "| CPU while a pointer hovers (250 moves as fast as xdotool sends them) | ${hover_fast} |"
echo "| resident memory at rest | ${rss} MiB |"
echo "| resident memory after 10 pages | ${rss_after} MiB |"
echo
echo "| at rest (3 s each) | CPU, all threads | main-thread wake-ups |"
echo "|---|---|---|"
printf '%s' "$rest_rows"
