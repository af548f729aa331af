#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (swiftc -sanitize=fuzzer,address), generates their seed corpora from the
# repository's own scripts, traces and photos, and runs each for FUZZ_SECONDS. Crashes are kept in
# .build/fuzz/artifacts/<target>/ and make this script fail; each one found becomes a regression test.
# Usage: Scripts/fuzz.sh [target …]   (targets: script-parser trace-reader image-header exif icc output-policy png-text
#        animation-scan; default all)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SWIFTC=${SWIFTC:-swiftc}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_DIR=${FUZZ_DIR:-.build/fuzz}
# The image header and EXIF targets compile these sources together with their harnesses: repoint when they move.
FUZZ_HEADER_SOURCES=${FUZZ_HEADER_SOURCES:-Sources/Gallery/Images/ImageHeader.swift Sources/Gallery/Images/ImageHeader+Plausibility.swift Sources/Gallery/Images/ImageHeader+Modern.swift Sources/GalleryCore/Photos/PhotoFormat.swift Sources/Gallery/SDL/PixelSize.swift}
FUZZ_ICC_SOURCES=${FUZZ_ICC_SOURCES:-Sources/Gallery/Images/EmbeddedColour.swift}
FUZZ_EXIF_SOURCES=${FUZZ_EXIF_SOURCES:-Sources/Gallery/Images/ExifOrientation.swift Sources/Gallery/Images/EmbeddedColour.swift Sources/Gallery/SDL/PixelSize.swift}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(script-parser trace-reader image-header exif icc output-policy png-text animation-scan)

# GalleryCore and what it imports (PagerEngine, swift-numerics' RealModule), compiled straight with swiftc, instrumented
# for coverage and ASan: one object and one module per library, in dependency order.
"$SWIFT" package resolve >/dev/null
modules="$FUZZ_DIR/modules"
mkdir -p "$modules"
numerics=$(find .build/checkouts -maxdepth 1 -name 'swift-numerics*' -type d | head -1)
numerics_include="$numerics/Sources/_NumericsShims/include"
compile_module() {
  local name=$1; shift
  "$SWIFTC" -O -g -sanitize=fuzzer,address -parse-as-library -wmo -package-name gallery -module-name "$name" \
    -I "$modules" -I Sources/CNettle -Xcc -I"$numerics_include" -emit-module -emit-module-path "$modules/$name.swiftmodule" \
    -c "$@" -o "$modules/$name.o" 2>&1 | grep -v 'Cannot export local symbol' || true
  [ -f "$modules/$name.o" ] || { echo "cannot compile $name for fuzzing"; exit 1; }
}
rm -f "$modules"/*.o
compile_module RealModule $(find "$numerics/Sources/RealModule" -name '*.swift' | sort)
compile_module PagerEngine $(find Sources/PagerEngine -name '*.swift' | sort)
compile_module GalleryCore $(find Sources/GalleryCore -name '*.swift' | sort)
core_objects="$modules/RealModule.o $modules/PagerEngine.o $modules/GalleryCore.o"

build_target() {
  # gold warns once per ASan helper symbol ("Cannot export local symbol"): noise, kept out of the output.
  if ! compile_target "$1" > "$FUZZ_DIR/$1.build.log" 2>&1; then cat "$FUZZ_DIR/$1.build.log"; exit 1; fi
  grep -v 'Cannot export local symbol' "$FUZZ_DIR/$1.build.log" || true
}

compile_target() {
  local name=$1 output="$FUZZ_DIR/bin/$1"
  mkdir -p "$FUZZ_DIR/bin"
  case $name in
    script-parser|trace-reader|output-policy|png-text|animation-scan)
      local harness=Fuzz/ScriptParserFuzz.swift
      [ "$name" = trace-reader ] && harness=Fuzz/TraceReaderFuzz.swift
      [ "$name" = output-policy ] && harness=Fuzz/OutputPolicyFuzz.swift
      [ "$name" = png-text ] && harness=Fuzz/PNGTextFuzz.swift
      [ "$name" = animation-scan ] && harness=Fuzz/AnimationScanFuzz.swift
      # GalleryCore links nettle (MD5, for the thumbnail cache's names).
      "$SWIFTC" -O -g -sanitize=fuzzer,address -parse-as-library -package-name gallery -module-name "Fuzz${name//-/}" \
        -I "$modules" -I Sources/CNettle -Xcc -I"$numerics_include" \
        "$harness" $core_objects -lnettle -o "$output" ;;
    image-header)
      # shellcheck disable=SC2086
      "$SWIFTC" -O -g -sanitize=fuzzer,address -parse-as-library -module-name FuzzImageHeader \
        Fuzz/ImageHeaderFuzz.swift $FUZZ_HEADER_SOURCES -o "$output" ;;
    exif)
      # shellcheck disable=SC2086
      "$SWIFTC" -O -g -sanitize=fuzzer,address -parse-as-library -module-name FuzzExif -I Sources/CExif \
        Fuzz/ExifFuzz.swift $FUZZ_EXIF_SOURCES -o "$output" ;;
    icc)
      # shellcheck disable=SC2086
      "$SWIFTC" -O -g -sanitize=fuzzer,address -parse-as-library -module-name FuzzICC \
        Fuzz/ICCFuzz.swift $FUZZ_ICC_SOURCES -o "$output" ;;
  esac
}

# The heads (first $2 bytes) of the soak's hostile corpus files matching $3 (HostileCorpus: a huge-size header in every
# format, truncated, CMYK and EXIF-rotated JPEGs, noise…), written by gallery-soak, into corpus folder $1.
hostile_seeds() {
  local corpus=$1 bytes=$2 pattern=${3:-*} hostile="$FUZZ_DIR/hostile-corpus"
  [ -x .build/debug/gallery-soak ] || return 0
  rm -rf "$hostile"
  .build/debug/gallery-soak --write-corpus "$hostile" >/dev/null
  find "$hostile" -maxdepth 1 -type f -name "$pattern" -size +0 | while IFS= read -r file; do
    head -c "$bytes" "$file" > "$corpus/hostile-$(basename "$file")"
  done
}

# Seed corpora: every script line and script, the trace examples and a real trace, image headers, the hostile corpus.
make_corpus() {
  local name=$1 corpus="$FUZZ_DIR/corpus/$1"
  rm -rf "$corpus"; mkdir -p "$corpus"
  case $name in
    script-parser)
      local n=0
      for file in Scripts/*.jsonl; do cp "$file" "$corpus/$(basename "$file")"; done
      awk '/^```jsonl$/{block++; next} /^```/{next} block==1 && /^\{/' docs/FORMATS.md > "$corpus/formats-example.jsonl"
      while IFS= read -r line; do n=$((n + 1)); printf '%s\n' "$line" > "$corpus/line-$n.jsonl"; done \
        < <(cat Scripts/*.jsonl "$corpus/formats-example.jsonl" | grep '^{' | sort -u | head -200) ;;
    trace-reader)
      awk '/^```jsonl$/{block++; next} /^```/{next} block==2 && /^\{/' docs/FORMATS.md > "$corpus/formats-example.jsonl"
      if [ -x .build/debug/gallery ]; then
        # The tour takes shots: into the fuzz folder, not the working directory.
        .build/debug/gallery --headless --synthetic 12 --size 160x120 --script Scripts/tour.jsonl \
          --trace "$FUZZ_DIR/tour-trace.jsonl" --shots "$FUZZ_DIR/tour-shots" >/dev/null 2>&1 || true
        [ -f "$FUZZ_DIR/tour-trace.jsonl" ] && head -50 "$FUZZ_DIR/tour-trace.jsonl" > "$corpus/tour-trace.jsonl"
      fi ;;
    image-header)
      for photo in Assets/Photos/*.jpg; do head -c 4096 "$photo" > "$corpus/$(basename "$photo").head"; done
      printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x06\x40\0\0\x04\xb0\x08\x02\0\0\0' > "$corpus/png"
      printf 'GIF89a\x40\x06\xb0\x04\0\0\0' > "$corpus/gif"
      printf 'BM\0\0\0\0\0\0\0\0\0\0\0\0\x28\0\0\0\x40\x06\0\0\xb0\x04\0\0\x01\0\x18\0' > "$corpus/bmp"
      printf 'RIFF\0\0\0\0WEBPVP8X\x0a\0\0\0\0\0\0\0\x3f\x06\0\xaf\x04\0' > "$corpus/webp-vp8x"
      printf 'II*\0\x08\0\0\0' > "$corpus/tiff"
      # HEIF and AVIF: ftyp, then meta (full box) > iprp > ipco > ispe 4000×3000; JPEG XL: a codestream and a container.
      for brand in heic avif; do
        printf '\0\0\0\x18ftyp%s\0\0\0\0mif1%s\0\0\0\x30meta\0\0\0\0\0\0\0\x24iprp\0\0\0\x1cipco' "$brand" "$brand" \
          > "$corpus/$brand"
        printf '\0\0\0\x14ispe\0\0\0\0\0\0\x0f\xa0\0\0\x0b\xb8' >> "$corpus/$brand"
      done
      printf '\xff\x0a\xfa\x1f\x01\x90\x08\x06\x01\0\x48\0\x4b' > "$corpus/jxl"
      printf '\0\0\0\x0cJXL \r\n\x87\n\0\0\0\x14ftypjxl \0\0\0\0jxl \0\0\0\x18jxlc\xff\x0a\xfa\x1f\x01\x90\x08\x06\x01\0\x48\0\x4b\0\0\0' \
        > "$corpus/jxl-container"
      hostile_seeds "$corpus" 4096 ;;
    exif)
      # The APP1 segments of the bundled photos (and their whole heads, where the segment starts).
      for photo in Assets/Photos/*.jpg; do head -c 65536 "$photo" > "$corpus/$(basename "$photo").head"; done
      hostile_seeds "$corpus" 65536 '*.jpg' ;;
    icc)
      # JPEG heads (APP2 profiles sit before the image data), a PNG with iCCP and gAMA, a TIFF and a WebP with a profile.
      for photo in Assets/Photos/*.jpg; do head -c 4096 "$photo" > "$corpus/$(basename "$photo").head"; done
      printf '\xff\xd8\xff\xe2\0\x16ICC_PROFILE\0\x01\x01abcdefgh\xff\xda' > "$corpus/jpeg-icc"
      printf '\x89PNG\r\n\x1a\n\0\0\0\x06iCCPp\0\0\x78\x9c\x03\0\0\0\0\0\x04gAMA\0\0\xb1\x8f\0\0\0\0' > "$corpus/png"
      printf 'II*\0\x08\0\0\0\x01\0\x73\x87\x07\0\x08\0\0\0\x1a\0\0\0\0\0\0\0abcdefgh' > "$corpus/tiff-icc"
      printf 'RIFF\x30\0\0\0WEBPVP8X\x0a\0\0\0\x20\0\0\0\x3f\0\0\x3f\0\0ICCP\x04\0\0\0abcd' > "$corpus/webp"
      hostile_seeds "$corpus" 4096 ;;
    animation-scan)
      # Two frames (a GCE with a delay, a 1×1 image each) with a NETSCAPE loop, a GIF87a without extensions, and the
      # hostile corpus's GIFs (a huge screen, truncated).
      printf 'GIF89a\x01\0\x01\0\x80\0\0\0\0\0\xff\xff\xff!\xff\x0bNETSCAPE2.0\x03\x01\x05\0\0' > "$corpus/gif-loop"
      printf '!\xf9\x04\x04\x0a\0\0\0,\0\0\0\0\x01\0\x01\0\0\x02\x02\x44\x01\0' >> "$corpus/gif-loop"
      printf '!\xf9\x04\x08\x00\0\x01\0,\0\0\0\0\x01\0\x01\0\0\x02\x02\x44\x01\0;' >> "$corpus/gif-loop"
      printf 'GIF87a\x02\0\x02\0\0\0\0,\0\0\0\0\x02\0\x02\0\x80\0\0\0\xff\0\0\x02\x02\x44\x01\0;' > "$corpus/gif87"
      printf 'RIFF\x40\0\0\0WEBPVP8X\x0a\0\0\0\x02\0\0\0\x0f\0\0\x0b\0\0ANIM\x06\0\0\0\0\0\0\0\x03\0' > "$corpus/webp-anim"
      printf 'ANMF\x10\0\0\0\0\0\0\0\0\0\x0f\0\0\x0b\0\0\x64\0\0\x02' >> "$corpus/webp-anim"
      hostile_seeds "$corpus" 4096 '*.gif'
      hostile_seeds "$corpus" 4096 '*.webp' ;;
    output-policy)
      # Layouts: nothing; a link to the photo folder then a path through it; a link to the photo; `..` paths.
      printf '\x00\x03\x06' > "$corpus/plain"
      printf '\x81\x01\x00\x03\x01\x00\x00\x07\x05' > "$corpus/shots-link-to-ph"
      printf '\x01\x00\x04\x01\x02\x09\x07\x02' > "$corpus/trace-link-to-photo"
      printf '\x02\x00\x00\x00\x00\x03\x00\x01\x09\x0b\x05' > "$corpus/trace-dotdot" ;;
    png-text)
      # PNG heads: the bundled shots' and the test photos' (signature, IHDR, text chunks), and a thumbnail's start.
      find Assets Tests -name '*.png' -size -2M 2>/dev/null | head -20 | while IFS= read -r png; do
        head -c 4096 "$png" > "$corpus/$(basename "$png").head"
      done
      printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x80\0\0\0\x60\x08\x02\0\0\0\0\0\0\0\0\0\0\x11tEXtThumb::MTime\x0012\0\0\0\0' \
        > "$corpus/thumbnail" ;;
  esac
}

status=0
for name in "${targets[@]}"; do
  build_target "$name"
  make_corpus "$name"
  artifacts="$FUZZ_DIR/artifacts/$name"; mkdir -p "$artifacts"
  echo "== $name: $(ls "$FUZZ_DIR/corpus/$name" | wc -l) seeds, ${FUZZ_SECONDS} s"
  log="$FUZZ_DIR/$name.log"
  if "$FUZZ_DIR/bin/$name" -max_total_time="$FUZZ_SECONDS" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
       -print_final_stats=1 -artifact_prefix="$artifacts/" "$FUZZ_DIR/corpus/$name" > "$log" 2>&1; then
    echo "   no crash: $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') inputs run, \
$(grep -oE 'cov: [0-9]+' "$log" | tail -1), corpus $(ls "$FUZZ_DIR/corpus/$name" | wc -l) files"
  else
    status=1
    echo "   CRASH: see $log; reproducer(s):"; ls "$artifacts"
    grep -m3 -E 'Fatal error|ERROR: AddressSanitizer|SUMMARY' "$log" || true
  fi
done
exit $status
