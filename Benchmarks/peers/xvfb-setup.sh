# Shared by bench-peers.sh and bench-fill.sh (sourced, not run): builds the harness, makes the photo folder and starts
# a private Xvfb the size of the window. Expects `here`, `out`, `photos`, `display_number` (empty: the first free one
# from 90), `width`, `height` and `xvfb_log`; sets `harness`, `folder` and `xvfb` (the caller's trap kills it) and
# exports DISPLAY and the renderer's environment.
mkdir -p "$out"
out=$(realpath "$out")
harness="$out/peerbench"
if [ ! -x "$harness" ] || [ "$here/peerbench.c" -nt "$harness" ]; then
    cc -O2 -Wall -Wextra -o "$harness" "$here/peerbench.c" -lX11 -lXtst
fi
"$here/make-folder.sh" "$out/photos-$photos" "$photos"
folder="$out/photos-$photos"

if [ -z "$display_number" ]; then
    display_number=90
    while [ -e "/tmp/.X$display_number-lock" ] || [ -e "/tmp/.X11-unix/X$display_number" ]; do
        display_number=$((display_number + 1))
    done
fi
# No window manager: each window maps at (0, 0) over the whole screen, the same size as the window.
Xvfb ":$display_number" -screen 0 "${width}x${height}x24" -nolisten tcp >"$out/$xvfb_log" 2>&1 &
xvfb=$!
for _ in $(seq 1 100); do [ -e "/tmp/.X11-unix/X$display_number" ] && break; sleep 0.05; done
export DISPLAY=":$display_number"
# The software renderer with SDL's framebuffer acceleration off (gallery's own default with --software; set here too
# so the tables say what ran). No SDL_RENDER_DRIVER: it would override --software.
export SDL_FRAMEBUFFER_ACCELERATION=0
unset SDL_RENDER_DRIVER SDL_VIDEODRIVER
