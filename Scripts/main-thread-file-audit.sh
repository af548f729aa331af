#!/usr/bin/env bash
# The real window on a slow photo folder: every syscall on a photo file (open, stat, read, …) is delayed by strace,
# as a NAS or a sleeping disk would delay it, while keys page through the photos under Xvfb. Prints which threads
# touched the photos (the main thread must not), the longest photo syscall on the main thread, and how long each key
# took to change the window's title (the frame loop's answer to the key).
# Usage: Scripts/main-thread-file-audit.sh path/to/gallery [delay in microseconds, default 300000]
# AUDIT_TRACE=FILE keeps strace's output. Needs strace (ptrace allowed), Xvfb and xdotool. Never writes into Assets/Photos: the photos are copied first.
set -euo pipefail
if [ -z "${AUDIT_IN_XVFB:-}" ]; then
  AUDIT_IN_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x900x24" "$0" "$@"
fi
gallery=$(realpath "$1")
delay=${2:-300000}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'kill $pid 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir "$work/photos"
paths=(-P "$work/photos")  # The folder too: its listing.
for i in $(seq 1 20); do
  source=$(ls "$root"/Assets/Photos/*.jpg | sed -n "$(( (i - 1) % 12 + 1 ))p")
  target=$(printf '%s/photos/p%02d.jpg' "$work" "$i")
  cp "$source" "$target"
  paths+=(-P "$target")
done
strace -f -tt -T -o "$work/trace" -e trace=%file,read,pread64,close -e "inject=%file,read,pread64:delay_enter=$delay" \
  "${paths[@]}" "$gallery" --software --mode bounded "$work/photos" >/dev/null 2>"$work/stderr" &
pid=$!
window=$(xdotool search --sync --class gallery | tail -1)
main=$(pgrep -P "$pid" -n)  # The gallery process under strace: its pid is its main thread's tid.
sleep 6  # The start, and the first photos' decodes, each access 0.3 s late.
title() { xdotool getwindowname "$window"; }
latencies=()
for key in Right Right Right End Home Right Left; do
  before=$(title)
  start=$(date +%s%N)
  xdotool key --window "$window" "$key"
  while [ "$(title)" = "$before" ]; do
    [ $(( ($(date +%s%N) - start) / 1000000 )) -gt 20000 ] && break
  done
  latencies+=("$key $(( ($(date +%s%N) - start) / 1000000 )) ms")
  sleep 0.6
done
xdotool key --window "$window" q
wait $pid || true
[ -n "${AUDIT_TRACE:-}" ] && cp "$work/trace" "$AUDIT_TRACE"  # To read the syscalls themselves.
echo "## The window on a slow photo folder (${delay} µs per photo syscall, strace)"
echo "photo syscalls by thread (tid: count):"
# Thread exits and signals are not syscalls.
grep -v -E '^[0-9]+ +[0-9:.]+ (\+\+\+|---)' "$work/trace" > "$work/syscalls" || true
awk '{ count[$1]++ } END { for (t in count) print "  " t ": " count[t] }' "$work/syscalls" | sort
echo "main thread ($main): $(awk -v m="$main" '$1 == m' "$work/syscalls" | wc -l) photo syscalls"
awk -v m="$main" '$1 == m && match($0, /<[0-9.]+>$/) { t = substr($0, RSTART + 1, RLENGTH - 2); if (t > worst) worst = t }
  END { printf "longest photo syscall on the main thread: %.3f s\n", worst }' "$work/syscalls"
echo "key → title changed:"
printf '  %s\n' "${latencies[@]}"
