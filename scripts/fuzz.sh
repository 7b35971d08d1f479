#!/usr/bin/env bash
# Runs the libFuzzer targets (Fuzz/*) for a while each and keeps any crash.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]      default 180 s, all targets
#
# Targets are built with AddressSanitizer (PHOTICASE_FUZZ=1 adds them to the
# package). Seeds: the project's own fixture photos and ../shared/corpus,
# read in place (never copied into the repo). New inputs go to a temporary
# folder; crashing inputs are kept in Fuzz/crashes/TARGET/ for a regression
# test. Exit status 1 when any target crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-180}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(decode jpeg png webp exif icc entry)
corpus=${PHOTICASE_CORPUS:-../shared/corpus}
scratch=${FUZZ_SCRATCH:-/tmp/photicase-fuzz-build}

export PHOTICASE_FUZZ=1
# The sanitizer runs' suppressions: leaks inside system libraries that are
# not ours to free (scripts/lsan.supp says which and why).
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
# Everything is built with AddressSanitizer and libFuzzer's coverage
# instrumentation (Swift and our C shims); the system codec libraries are
# not instrumented. Each target's own main hands over to libFuzzer's
# driver, so libFuzzer's main is never linked.
for t in "${targets[@]}"; do
  if ! out=$(swift build --scratch-path "$scratch" --product "fuzz-$t" --sanitize=address \
      -Xcc -fsanitize=fuzzer-no-link -Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld 2>&1); then
    echo "$out" | grep -vE "Cannot export local symbol" | tail -20
    exit 2
  fi
done
bin=$(swift build --scratch-path "$scratch" --show-bin-path)

# Seed folders per target (missing ones are skipped).
seeds_for() {
  case "$1" in
    jpeg) echo "$corpus/jpeg $corpus/exif $corpus/bad/jpeg-decoder-crashtest $corpus/bad/jpeg-decoder-afl-seeds" ;;
    png) echo "$corpus/pngsuite $corpus/bad/pillow $corpus/bad/image-png-bugfixes $corpus/bad/image-png-fuzz-regressions" ;;
    webp) echo "$corpus/webp/libwebp-test-data $corpus/webp/pillow $corpus/bad/image-rs-afl-webp-seeds" ;;
    exif) echo "$corpus/exif" ;;
    icc) echo "/usr/share/color/icc" ;;
    entry) echo "fixtures" ;;
    *) echo "$corpus/pngsuite $corpus/jpeg/libjpeg-turbo $corpus/webp/pillow $corpus/heif $corpus/bad" ;;
  esac
}

status=0
for t in "${targets[@]}"; do
  work=$(mktemp -d)
  mkdir -p "Fuzz/crashes/$t"
  dirs=("$work")
  [ -d fixtures/photos ] && dirs+=(fixtures/photos)
  for d in $(seeds_for "$t"); do [ -d "$d" ] && dirs+=("$d"); done
  echo "fuzz-$t: ${seconds}s, seeds: ${dirs[*]:1}"
  if ! "$bin/fuzz-$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=1048576 \
       -print_final_stats=1 -artifact_prefix="Fuzz/crashes/$t/" "${dirs[@]}" 2> "$work/log"; then
    status=1
    echo "fuzz-$t: CRASH, input kept in Fuzz/crashes/$t/"; tail -40 "$work/log"
  else
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov:" "$work/log" | tail -3
  fi
  rm -rf "$work"
done
exit $status
