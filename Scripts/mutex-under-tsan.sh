#!/usr/bin/env bash
# Shows whether ThreadSanitizer understands Synchronization.Mutex: Benchmarks/Sanitizers/MutexUnderTSan.swift, built
# with -sanitize=thread, run race-free with Mutex, race-free with a pthread lock, and with a real race.
set -uo pipefail
cd "$(dirname "$0")/.."
binary=.build/mutex-under-tsan
${SWIFTC:-swiftc} -sanitize=thread -Onone -g Benchmarks/Sanitizers/MutexUnderTSan.swift -o "$binary" || exit 1
for variant in mutex pthread unlocked; do
  output=$("$binary" "$variant" 2>&1)
  reports=$(grep -c 'WARNING: ThreadSanitizer' <<<"$output")
  echo "TSan on $variant: $(grep -m1 total <<<"$output"), $reports report(s)"
done
