#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (swiftc -sanitize=fuzzer,address), generates their seed corpora from the
# repository's own scripts, traces and photos, and runs each for FUZZ_SECONDS. Crashes are kept in
# .build/fuzz/artifacts/<target>/ and make this script fail; each one found becomes a regression test.
# Usage: Scripts/fuzz.sh [target …]   (a target is a harness Fuzz/<Name>Fuzz.swift named in kebab case:
#        ImageHeaderFuzz is image-header, PNGTextFuzz png-text; default all of them)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SWIFTC=${SWIFTC:-swiftc}
CLANG=${CLANG:-$(dirname "$(command -v "$SWIFTC")")/clang}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_DIR=${FUZZ_DIR:-.build/fuzz}
# A harness's name as a target: ScriptParserFuzz.swift is script-parser, PNGTextFuzz.swift png-text, ICCFuzz.swift icc.
target_name() {
  basename "$1" Fuzz.swift | sed -E 's/([a-z0-9])([A-Z])/\1-\2/g; s/([A-Z])([A-Z][a-z])/\1-\2/g' \
    | tr '[:upper:]' '[:lower:]'
}
declare -A harness_of
for harness in Fuzz/*Fuzz.swift; do harness_of[$(target_name "$harness")]=$harness; done
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=($(printf '%s\n' "${!harness_of[@]}" | sort))
for name in "${targets[@]}"; do
  [ -n "${harness_of[$name]:-}" ] || { echo "fuzz: no target $name (targets: ${!harness_of[*]})"; exit 1; }
done

# The module graph, as SwiftPM describes it: every target of the package and of the packages it depends on (their
# checkouts), as "name|kind|folder|dependencies|sources|package|language mode", and each product named after what it
# holds. A harness compiles the modules it imports and everything they depend on, from their folders' current
# sources: a moved file, a split type or a new dependency needs no change here.
"$SWIFT" package resolve >/dev/null
modules="$FUZZ_DIR/modules"
mkdir -p "$modules"
graph="$FUZZ_DIR/graph"
describe() {
  (cd "$1" && "$SWIFT" package describe --type json) | jq -r '
    .path as $root | .name as $package | (.swift_languages_versions // [] | max // "") as $mode
    | (.targets[] | [.name, .module_type, ($root + "/" + .path),
        ((.target_dependencies // []) + (.product_dependencies // []) | join(" ")),
        (.sources // [] | join(" ")), $package, $mode] | join("|")),
      (.products[] | [.name, "Product", "", (.targets | join(" ")), "", $package, ""] | join("|"))'
}
{ describe .; for checkout in .build/checkouts/*/; do describe "$checkout"; done; } > "$graph"
declare -A kind folder dependencies sources package mode
# The first row of a name wins: the package's own targets, then its dependencies' (a product after its target).
while IFS='|' read -r name k f d s p m; do
  [ -z "${kind[$name]:-}" ] || continue
  kind[$name]=$k folder[$name]=$f dependencies[$name]=$d sources[$name]=$s package[$name]=$p mode[$name]=$m
done < "$graph"
root_package=${package[$(head -1 "$graph" | cut -d'|' -f1)]}

# What each compiled module adds to a harness's link: objects, search paths for its module map, libraries.
declare -A objects_of includes_of libraries_of
compile_module() {
  local name=$1 log="$modules/$1.log" dir=${folder[$1]} src
  local -a files=() includes=() swift_mode=()
  for src in ${sources[$1]}; do files+=("$dir/$src"); done
  # The search paths of every module compiled before: a Swift module's imports need their C modules' maps too.
  for src in "${!includes_of[@]}"; do includes+=(${includes_of[$src]}); done
  case ${kind[$name]} in
    SwiftTarget)
      [ -z "${mode[$name]}" ] || swift_mode=(-swift-version "${mode[$name]}")
      "$SWIFTC" -O -g -sanitize=fuzzer,address -parse-as-library -wmo "${swift_mode[@]}" \
        -package-name "${package[$name]}" -module-name "$name" -I "$modules" "${includes[@]}" \
        -emit-module -emit-module-path "$modules/$name.swiftmodule" -c "${files[@]}" -o "$modules/$name.o" > "$log" 2>&1 \
        || { cat "$log"; echo "fuzz: cannot compile $name"; return 1; }
      objects_of[$name]="$modules/$name.o" ;;
    ClangTarget)
      # C sources instrumented too (coverage and ASan); the module map is in the target's include folder.
      [ -f "$dir/include/module.modulemap" ] || { echo "fuzz: $name has no include/module.modulemap"; return 1; }
      for src in "${files[@]}"; do
        "$CLANG" -O1 -g -fsanitize=fuzzer-no-link,address -I "$dir/include" -c "$src" \
          -o "$modules/$name-$(basename "$src").o" >> "$log" 2>&1 \
          || { cat "$log"; echo "fuzz: cannot compile $src"; return 1; }
        objects_of[$name]+=" $modules/$name-$(basename "$src").o"
      done
      includes_of[$name]="-I $dir/include" ;;
    SystemLibraryTarget)
      includes_of[$name]="-I $dir"
      libraries_of[$name]=$(sed -nE 's/.*link "([^"]+)".*/-l\1/p' "$dir/module.modulemap" | tr '\n' ' ') ;;
    Product) ;;
    *) echo "fuzz: cannot compile $name, a ${kind[$name]}"; return 1 ;;
  esac
  cat "$log" 2>/dev/null | grep -v 'Cannot export local symbol' || true
}

# The harness's imports that are modules of the graph, with everything they depend on, dependencies first.
declare -A visited compiled
dependencies_closure=()
visit() {
  [ -z "${visited[$1]:-}" ] || return 0
  visited[$1]=1
  [ -n "${kind[$1]:-}" ] || { echo "fuzz: $1 is no module of the package or its dependencies"; return 1; }
  local dependency
  for dependency in ${dependencies[$1]}; do visit "$dependency" || return 1; done
  dependencies_closure+=("$1")
}
rm -f "$modules"/*.o
compile_target() {
  local name=$1 harness=${harness_of[$1]} module
  local -a imports objects=() includes=() libraries=()
  visited=() dependencies_closure=()
  imports=($(sed -nE 's/^(@testable +)?import +([A-Za-z_0-9]+).*/\2/p' "$harness"))
  for module in "${imports[@]}"; do [ -z "${kind[$module]:-}" ] || visit "$module" || return 1; done
  for module in "${dependencies_closure[@]}"; do
    [ -n "${compiled[$module]:-}" ] || { compile_module "$module" || return 1; compiled[$module]=1; }
    objects+=(${objects_of[$module]:-}) includes+=(${includes_of[$module]:-}) libraries+=(${libraries_of[$module]:-})
  done
  mkdir -p "$FUZZ_DIR/bin"
  "$SWIFTC" -O -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name "$root_package" \
    -module-name "Fuzz${name//-/}" -I "$modules" "${includes[@]}" "$harness" "${objects[@]}" "${libraries[@]}" \
    -o "$FUZZ_DIR/bin/$name"
}

build_target() {
  # gold warns once per ASan helper symbol ("Cannot export local symbol"): noise, kept out of the output.
  if ! compile_target "$1" > "$FUZZ_DIR/$1.build.log" 2>&1; then cat "$FUZZ_DIR/$1.build.log"; exit 1; fi
  grep -v 'Cannot export local symbol' "$FUZZ_DIR/$1.build.log" || true
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
