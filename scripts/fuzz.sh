#!/usr/bin/env bash
# Runs the libFuzzer targets (Fuzz/Targets) for a bounded time each, two at
# a time, and fails on anything they find.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     default 60 s, every target
#
# One executable holds every target (photicase-fuzz, added to the package
# by PHOTICASE_FUZZ=1), built once with AddressSanitizer and libFuzzer's
# coverage instrumentation (Swift and our C shims; the system libraries are
# not instrumented). Seeds, read in place: the sample book (its entry.json
# files and photos, made by fixture-maker, and a HEIC and an AVIF of one
# photo), the layout target's hostile entries (photicase-fuzz --seeds), the
# shared corpus and the kept regressions. What the fuzzer grows goes to a temporary folder.
#
# A run fails (exit 1) on a crash, a LeakSanitizer report, an input slower
# than 1 s (-timeout=1) or one past the memory limit; libFuzzer keeps that
# input in Fuzz/regressions/TARGET/ (commit it: FuzzRegressionTests replays
# every file there in `swift test`). Exit 2: the build failed or a target is unknown.
#
# Environment: FUZZ_JOBS (targets at a time, default 2), FUZZ_SCRATCH (the
# build folder), FUZZ_LOGS (where a failed target's log is kept),
# PHOTICASE_CORPUS (the shared corpus, default ../shared/corpus).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
corpus=${PHOTICASE_CORPUS:-../shared/corpus}
scratch=${FUZZ_SCRATCH:-/tmp/photicase-fuzz-build}
jobs=${FUZZ_JOBS:-2}
logs=${FUZZ_LOGS:-/tmp/photicase-fuzz-logs}
export PHOTICASE_FUZZ=1

# Leak checking is on for every input (libFuzzer's -detect_leaks=1 and
# LeakSanitizer at exit); the suppressions name system libraries only
# (scripts/lsan.supp says which and why).
export ASAN_OPTIONS="detect_leaks=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"

# Optimized: a debug build draws a story image in more than the 1 s every
# input is held to, and the point is many inputs a second.
build=(-c release --scratch-path "$scratch")
echo "fuzz: building photicase-fuzz with AddressSanitizer and libFuzzer"
if ! out=$(swift build "${build[@]}" --product photicase-fuzz --sanitize=address \
    -Xcc -fsanitize=fuzzer-no-link -Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld 2>&1); then
  echo "$out" | grep -vE "Cannot export local symbol" | tail -20
  exit 2
fi
fuzzer="$(swift build "${build[@]}" --show-bin-path)/photicase-fuzz"
mapfile -t known < <("$fuzzer" --list | cut -f1)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${known[@]}")
for t in "${targets[@]}"; do
  if [[ " ${known[*]} " != *" $t "* ]]; then echo "fuzz: no target '$t' (targets: ${known[*]})"; exit 2; fi
done

# The sample book's photos are the decoders' first seeds.
if [ ! -f fixtures/book/2022-08-27-decision/front.jpg ]; then
  echo "fuzz: making the sample book's photos"
  swift build --product fixture-maker >/dev/null
  "$(swift build --show-bin-path)/fixture-maker" --book fixtures/book >/dev/null
fi

run=$(mktemp -d /tmp/photicase-fuzz-run.XXXXXX)
trap 'rm -rf "$run"' EXIT
# Seed folders made for this run: the book's photos by format, its entries,
# the hostile entries.
shopt -s nullglob
seeds="$run/seeds"
mkdir -p "$seeds"/{jpeg,png,webp,entries}
for f in fixtures/book/*/*.jpg; do ln -s "$PWD/$f" "$seeds/jpeg/${f//\//_}"; done
for f in fixtures/book/*/*.png; do ln -s "$PWD/$f" "$seeds/png/${f//\//_}"; done
for f in fixtures/book/*/*.webp; do ln -s "$PWD/$f" "$seeds/webp/${f//\//_}"; done
for f in fixtures/book/*/entry.json; do cp "$f" "$seeds/entries/$(basename "$(dirname "$f")").json"; done
"$fuzzer" --seeds "$seeds/entries"
# The book has no HEIF photo: a HEIC and an AVIF of one of its photos, 96
# pixels wide, made with the test tools (scripts/setup.sh --test) when
# they are there.
mkdir -p "$seeds/heif"
if command -v vipsthumbnail >/dev/null && command -v heif-enc >/dev/null; then
  vipsthumbnail fixtures/book/2022-08-27-decision/front.jpg -s 96 -o "$run/small.png" \
    && heif-enc -q 50 -o "$seeds/heif/book.heic" "$run/small.png" >/dev/null \
    && heif-enc -A -q 50 -o "$seeds/heif/book.avif" "$run/small.png" >/dev/null \
    || echo "fuzz: warning: no HEIF seeds made from the book"
fi

# Seed folders per target (missing ones are skipped) and the longest input
# the fuzzer makes.
seeds_for() {
  case "$1" in
    jpeg) echo "$seeds/jpeg $corpus/jpeg $corpus/exif $corpus/bad/jpeg-decoder-crashtest $corpus/bad/jpeg-decoder-afl-seeds" ;;
    png) echo "$seeds/png $corpus/pngsuite $corpus/bad/pillow $corpus/bad/image-png-bugfixes $corpus/bad/image-png-fuzz-regressions" ;;
    webp) echo "$seeds/webp $corpus/webp/libwebp-test-data $corpus/webp/pillow $corpus/bad/image-rs-afl-webp-seeds" ;;
    heif) echo "$seeds/heif $corpus/heif" ;;
    exif) echo "$corpus/exif" ;;
    icc) echo "/usr/share/color/icc" ;;
    entry|layout) echo "$seeds/entries" ;;
    *) echo "$seeds/jpeg $seeds/png $seeds/webp $corpus/pngsuite $corpus/jpeg/libjpeg-turbo $corpus/webp/pillow $corpus/heif $corpus/bad" ;;
  esac
}
max_len_for() {
  case "$1" in
    entry|layout) echo 65536 ;;
    exif) echo 65536 ;;
    *) echo 1048576 ;;
  esac
}

# One target: its log stays in $run until the summary is printed.
fuzz_one() {
  local t=$1 log="$run/$1.log" grown="$run/$1.grown"
  mkdir -p "$grown" "Fuzz/regressions/$t"
  local dirs=("$grown" "Fuzz/regressions/$t")
  for d in $(seeds_for "$t"); do [ -d "$d" ] && dirs+=("$d"); done
  local status=0
  "$fuzzer" "$t" -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -max_len="$(max_len_for "$t")" \
    -detect_leaks=1 -print_final_stats=1 -artifact_prefix="Fuzz/regressions/$t/" "${dirs[@]}" > "$log" 2>&1 \
    || status=$?
  # A leak report fails the run whatever the exit status.
  if grep -q "ERROR: LeakSanitizer" "$log" && [ "$status" -eq 0 ]; then status=1; fi
  {
    if [ "$status" -ne 0 ]; then
      echo "fuzz-$t: FAILED (status $status); input kept in Fuzz/regressions/$t/:"
      grep -E "ERROR: |SUMMARY: |Test unit written|ALARM|==[0-9]+== " "$log" | head -8 || true
      grep -A25 -E "ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)" "$log" | grep -E "^ +#[0-9]" | head -25 || true
      mkdir -p "$logs"
      cp "$log" "$logs/$t.log"
      echo "  full log: $logs/$t.log"
    else
      local execs cov ft rss corpus_size
      execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
      rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
      cov=$(grep -oE "cov: [0-9]+" "$log" | tail -1 | cut -d' ' -f2 || true)
      ft=$(grep -oE "ft: [0-9]+" "$log" | tail -1 | cut -d' ' -f2 || true)
      corpus_size=$(grep -oE "corp: [0-9]+" "$log" | tail -1 | cut -d' ' -f2 || true)
      echo "fuzz-$t: ok, ${seconds} s, ${execs:-?} inputs, cov ${cov:-?}, ft ${ft:-?}, corpus ${corpus_size:-?}, peak RSS ${rss:-?} MB"
    fi
  } > "$run/$t.summary"
  echo "$status" > "$run/$t.status"
  rm -rf "$grown"
}

echo "fuzz: ${#targets[@]} targets, ${seconds} s each, ${jobs} at a time"
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  fuzz_one "$t" &
done
wait

failed=0
for t in "${targets[@]}"; do
  cat "$run/$t.summary" 2>/dev/null || echo "fuzz-$t: did not finish"
  [ "$(cat "$run/$t.status" 2>/dev/null || echo 1)" = 0 ] || failed=1
done
exit $failed
