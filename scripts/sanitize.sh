#!/usr/bin/env bash
# Runs the codec, pipeline and CLI tests (the conformance and bad-input
# corpus included) under AddressSanitizer, then UndefinedBehaviorSanitizer
# (which instruments the C shims). Any report fails the script.
#
#   scripts/sanitize.sh            both sanitizers, the codec, pipeline and CLI suites
#   scripts/sanitize.sh --quick    AddressSanitizer only, codec suites only (CI)
#   scripts/sanitize.sh thread     ThreadSanitizer: render on 2 threads, serve under
#                                  concurrent load, the library's pool (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "thread" ]; then
  exec bash scripts/sanitize-thread.sh
fi
sanitizers=(address undefined)
filter="CodecsTests|CLITests|PipelineTests|EntriesTests"
if [ "${1:-}" = "--quick" ]; then
  sanitizers=(address)
  filter="CodecsTests"
fi
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
for s in "${sanitizers[@]}"; do
  scratch="/tmp/photicase-$s-build"
  echo "sanitize: building with --sanitize=$s"
  swift build --build-tests --sanitize="$s" --scratch-path "$scratch" 2>&1 | grep -E "error|warning: unhandled" || true
  echo "sanitize: running $filter under $s"
  swift test --skip-build --sanitize="$s" --scratch-path "$scratch" --filter "$filter" 2>&1 | tee "/tmp/photicase-$s.log" \
    | grep -E "Test run|passed after|failed after|ERROR: |runtime error|SUMMARY" | grep -vE "^✔ Test [a-z]" || true
  if grep -qE "ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|✘ Test run" "/tmp/photicase-$s.log"; then
    echo "sanitize: $s found problems; see /tmp/photicase-$s.log"
    exit 1
  fi
  if ! grep -qE "✔ Test run with [0-9]+ tests" "/tmp/photicase-$s.log"; then
    echo "sanitize: $s run did not finish; see /tmp/photicase-$s.log"
    exit 1
  fi
done
echo "sanitize: clean"
