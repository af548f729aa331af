#!/usr/bin/env bash
# Behaviour unchanged: runs the same scripted tours through two gallery binaries headless and compares their traces,
# frame_ms aside (the only field that depends on the machine). The scripts: Scripts/tour.jsonl,
# Scripts/readme-pictures.jsonl, Scripts/behaviour.jsonl (zoom, pans, typed numbers, overlays, feed), Scripts/grid.jsonl
# (the grid's keys, scroll, clicks and the drag down to it), and soak scripts written by gallery-soak (seeds 1…SEEDS in every mode over the bundled
# photos, 100,000 synthetic pages and the hostile corpus).
# Usage: Scripts/compare-traces.sh BEFORE_GALLERY AFTER_GALLERY GALLERY_SOAK [SEEDS, default 2]
# Prints one line per script and exits 1 if any trace or standard error differs (log timestamps aside). WORK=FOLDER
# keeps the scripts and the first binary's traces there and reuses them on the next run (a new folder, never a photo
# folder), so comparing one baseline against several builds costs one run each.
set -euo pipefail
before=$(realpath "$1")
after=$(realpath "$2")
soak=$(realpath "$3")
seeds=${4:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
# Traces and shots go into this scratch folder, never into a photo folder (the output policy refuses those).
if [ -n "${WORK:-}" ]; then
  work=$(mkdir -p "$WORK" && realpath "$WORK")
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
rm -rf "$work/after"
mkdir -p "$work/scripts" "$work/corpus"
[ -d "$work/corpus/hostile" ] || "$soak" --write-corpus "$work/corpus/hostile" >/dev/null

# name|script|size|extra arguments
cases=("tour|$root/Scripts/tour.jsonl|1280x720|" "readme|$root/Scripts/readme-pictures.jsonl|960x540|"
  "behaviour|$root/Scripts/behaviour.jsonl|1280x720|" "grid|$root/Scripts/grid.jsonl|1280x720|")
for mode in bounded endCaps threeSurfaces feed wheel; do
  for library in photos synthetic hostile; do
    for seed in $(seq 1 "$seeds"); do
      script="$work/scripts/$mode-$library-$seed.jsonl"
      if [ -f "$script.command" ]; then
        cases+=("$mode-$library-$seed|-|-|$(cat "$script.command")")
        continue
      fi
      # The soak prints the exact gallery command that replays the script; its arguments after the binary are kept.
      command=$("$soak" --replay "$seed" --mode "$mode" --library "$library" --write-script "$script" \
        | sed -n 's/^gallery replays it: gallery //p' | sed "s| CORPUS\$| $work/corpus/hostile|")
      echo "$command" >"$script.command"
      cases+=("$mode-$library-$seed|-|-|$command")
    done
  done
done

strip() { sed -E 's/,?"frame_ms":[-0-9.e]+//' "$1"; }
# Log lines start with the time of day.
unstamp() { sed -E 's/^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]+[+-][0-9]{4} //' "$1"; }

run() {  # binary, out folder, case
  local binary=$1 out=$2 name script size extra
  IFS='|' read -r name script size extra <<<"$3"
  mkdir -p "$out/$name"
  # Each run gets a thumbnail cache of its own: a failure one binary cached would otherwise change the other's stderr
  # ("failed before (a thumbnail cache fail entry)" instead of the reason).
  export XDG_CACHE_HOME="$out/$name/cache"
  if [ "$script" = - ]; then
    # shellcheck disable=SC2086  # The soak's command line, split as the shell would.
    eval "\"$binary\" ${extra/--headless/--headless --trace \"$out/$name/trace.jsonl\" --shots \"$out/$name\"}" \
      >"$out/$name/stdout" 2>"$out/$name/stderr" || echo "exit $?" >>"$out/$name/stderr"
  else
    "$binary" --headless --size "$size" --script "$script" --trace "$out/$name/trace.jsonl" --shots "$out/$name" \
      >"$out/$name/stdout" 2>"$out/$name/stderr" || echo "exit $?" >>"$out/$name/stderr"
  fi
}

failed=0
for entry in "${cases[@]}"; do
  name=${entry%%|*}
  [ -f "$work/before/$name/done" ] || { run "$before" "$work/before" "$entry" && touch "$work/before/$name/done"; }
  run "$after" "$work/after" "$entry"
  frames=$(wc -l <"$work/before/$name/trace.jsonl" 2>/dev/null || echo 0)
  if [ "$frames" -gt 0 ] && cmp -s <(strip "$work/before/$name/trace.jsonl") <(strip "$work/after/$name/trace.jsonl") \
    && cmp -s <(unstamp "$work/before/$name/stderr") <(unstamp "$work/after/$name/stderr"); then
    echo "identical  $name ($frames frames)"
  else
    echo "DIFFERENT  $name ($frames frames)"
    diff <(strip "$work/before/$name/trace.jsonl") <(strip "$work/after/$name/trace.jsonl") | head -5 || true
    failed=1
  fi
done
exit "$failed"
