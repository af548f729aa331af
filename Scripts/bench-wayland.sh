#!/usr/bin/env bash
# The window without a GPU: OpenGL ES 2 on llvmpipe in a headless sway (Wayland) against SDL's software renderer under
# Xvfb (X11), both 800×600 on the bundled photos. For each: first paint (launch → a screenshot showing photo 1, the
# astronaut's orange suit; screenshots taken back to back, analysed afterwards, so the figure is late by at most one
# screenshot's time, printed), then resident memory and CPU over 5 s of idling. Medians of RUNS runs.
# Usage: Scripts/bench-wayland.sh path/to/gallery [RUNS]   (as root: sway runs as the user gallery-wayland)
set -euo pipefail
gallery=$(realpath "$1")
runs=${2:-5}
work=$(mktemp -d /tmp/bench-wayland.XXXXXX)
user=gallery-wayland
pids=()
cleanup() { for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$user"

# The share of orange pixels in a PPM (P6, 255): photo 1 is on screen above 5 %.
orange() {
  python3 - "$1" <<'EOF'
import sys
d = open(sys.argv[1], 'rb').read()
header = [t for line in d.split(b'\n', 4)[:4] if not line.startswith(b'#') for t in line.split()]
w, h = int(header[1]), int(header[2])
px = d[-w * h * 3:]
hits = total = 0
for o in range(0, w * h * 3, 3 * 7):
    r, g, b = px[o], px[o + 1], px[o + 2]
    total += 1
    hits += r > 150 and g < 130 and b < 90 and r - g > 60
print(f"{hits / total:.3f}")
EOF
}

# One run: starts gallery with the environment in "$@", screenshots with $shoot for 4 s, then idles 5 s.
measure() {
  local label=$1 shoot=$2; shift 2
  local shots=$work/shots; rm -rf "$shots"; mkdir -p "$shots"
  local t0; t0=$(date +%s%N)
  env -i "$@" XDG_CACHE_HOME="$work/cache" "$gallery" --mode bounded >/dev/null 2>"$work/gallery.log" &
  local pid=$!; pids+=("$pid")
  local n=0
  while [ $(( ($(date +%s%N) - t0) / 1000000 )) -lt 4000 ]; do
    local ts=$(( ($(date +%s%N) - t0) / 1000000 ))
    $shoot "$shots/$(printf %06d "$ts")-$n" 2>/dev/null || true
    n=$((n + 1))
  done
  local paint=none step=0 prev=0 f
  for f in "$shots"/*-*; do
    [ -e "$f" ] || continue
    local t=${f##*/}; t=$((10#${t%%-*}))
    [ -s "$f" ] || continue
    if [ "${f%.xwd}" != "$f" ]; then convert "xwd:$f" "ppm:${f%.xwd}.ppm"; f=${f%.xwd}.ppm; fi
    if [ "$(orange "$f" | awk '{ print ($1 > 0.05) }')" = 1 ]; then paint=$t; step=$((t - prev)); break; fi
    prev=$t
  done
  sleep 1
  local hz; hz=$(getconf CLK_TCK)
  local a b; a=$(awk '{print $14 + $15}' /proc/$pid/stat); sleep 5; b=$(awk '{print $14 + $15}' /proc/$pid/stat)
  local rss; rss=$(awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' /proc/$pid/status)
  local renderer=; grep -q libGLESv2 /proc/$pid/maps && renderer=gles2 || renderer=software
  kill -INT "$pid"; wait "$pid" 2>/dev/null || true
  echo "$label $paint $step $rss $(awk -v t=$((b - a)) -v hz="$hz" 'BEGIN { printf "%.2f", 100 * t / hz / 5 }') $renderer" \
    | tee -a "$work/results"
}

# Wayland: headless sway as the unprivileged user, no Xwayland.
chmod 711 "$work"  # sway, as $user, must reach its runtime folder inside.
runtime=$work/runtime; mkdir -m 700 "$runtime"; chown "$user": "$runtime"
printf 'xwayland disable\noutput HEADLESS-1 resolution 800x600\ndefault_border none\n' > "$runtime/config"
chmod 644 "$runtime/config"
setpriv --reuid="$user" --regid="$user" --clear-groups env -i PATH=/usr/bin:/bin HOME="$runtime" \
  XDG_RUNTIME_DIR="$runtime" WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
  sway -c "$runtime/config" >"$work/sway.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do socket=$(ls "$runtime" | grep -m1 '^wayland-[0-9]*$' || true); [ -n "$socket" ] && break; sleep 0.1; done
wayland_shot() { XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY=$socket grim -t ppm "$1.ppm"; }

# X11: Xvfb at the same size, xwd for the screenshots (converted afterwards).
Xvfb :97 -screen 0 800x600x24 -nolisten tcp >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 100); do DISPLAY=:97 xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done
x11_shot() { DISPLAY=:97 xwd -root -silent -out "$1.xwd"; }

echo "label first_paint_ms screenshot_step_ms rss_mb idle_cpu_percent renderer"
for i in $(seq "$runs"); do
  measure wayland-gles2 wayland_shot PATH=/usr/bin:/bin XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket"
  measure x11-software x11_shot PATH=/usr/bin:/bin DISPLAY=:97
done
echo
echo "medians of $runs runs:"
for label in wayland-gles2 x11-software; do
  grep "^$label " "$work/results" | awk -v l="$label" '{ p[NR] = $2; s[NR] = $3; r[NR] = $4; c[NR] = $5 }
    function med(a, n,  i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return a[int((n + 1) / 2)] }
    END { printf "%s: first paint %s ms (screenshot step %s ms), RSS %s MB, idle CPU %s %%\n", l, med(p, NR), med(s, NR), med(r, NR), med(c, NR) }'
done
