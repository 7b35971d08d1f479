#!/usr/bin/env bash
# Sets up what is missing, makes the sample book's photos (the fixture
# tests render them), then runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh --test
swift build --product fixture-maker
"$(swift build --show-bin-path)/fixture-maker" --book fixtures/book >/dev/null
# The command-line tests run the tool many times on real images: a release
# build runs them about ten times faster than the debug one.
swift build -c release --product photicase-render
export PHOTICASE_RENDER_BIN="$(swift build -c release --show-bin-path)/photicase-render"
swift test "$@"
