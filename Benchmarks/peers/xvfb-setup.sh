# Shared by bench-peers.sh and bench-fill.sh (sourced, not run): builds the harness, makes the photo folder and starts
# a private Xvfb the size of the window, and a window manager on it if `window_manager` names one (openbox). Expects
# `here`, `out`, `photos`, `display_number` (empty: the first free one from 90), `width`, `height` and `xvfb_log`;
# sets `harness`, `folder`, `xvfb` and `wm` (process ids the caller's trap kills; `wm` empty without a manager) and
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
Xvfb ":$display_number" -screen 0 "${width}x${height}x24" -nolisten tcp >"$out/$xvfb_log" 2>&1 &
xvfb=$!
for _ in $(seq 1 100); do [ -e "/tmp/.X11-unix/X$display_number" ] && break; sleep 0.05; done
if ! kill -0 "$xvfb" 2>/dev/null || [ ! -e "/tmp/.X11-unix/X$display_number" ]; then
    echo "Xvfb :$display_number did not start:" >&2
    tail -5 "$out/$xvfb_log" >&2
    exit 1
fi
export DISPLAY=":$display_number"
# Without a window manager each window maps at (0, 0); with one (as on every desktop) it is framed, placed and given
# the focus, and the harness reads the middle of the viewer's own window wherever it lands.
wm=
case ${window_manager:-none} in
    none) ;;
    openbox)
        openbox --sm-disable >"$out/openbox.log" 2>&1 &
        wm=$!
        for _ in $(seq 1 100); do
            xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id' && break
            sleep 0.05
        done
        ;;
    *) echo "unknown window manager: $window_manager (openbox or none)" >&2; exit 2 ;;
esac
# The software renderer with SDL's framebuffer acceleration off (gallery's own default with --software; set here too
# so the tables say what ran). No SDL_RENDER_DRIVER: it would override --software.
export SDL_FRAMEBUFFER_ACCELERATION=0
unset SDL_RENDER_DRIVER SDL_VIDEODRIVER
